#include "engine/action.hpp"

namespace belote {

std::string to_string(const Action& action) {
  switch (action.kind) {
    case ActionKind::Pass: return "pass";
    case ActionKind::Take: return "take";
    case ActionKind::NameSuit: return "name " + to_string(action.contract.trump);
    case ActionKind::Bid: return "bid " + std::to_string(action.value);
    case ActionKind::Contre: return "contre";
    case ActionKind::Surcontre: return "surcontre";
    case ActionKind::PlayCard: return "play " + to_string(action.card);
  }
  return "unknown";
}

}  // namespace belote
