#include "engine/action.hpp"

namespace belote {

std::string to_string(const Action& action) {
    switch (action.kind) {
        case ActionKind::Pass: return "pass";
        case ActionKind::Take: return "take";
        case ActionKind::NameSuit: return "name " + to_string(action.contract.trump);
        case ActionKind::Bid: {
            std::string value = action.value == capot_bid_value ? "capot" : std::to_string(action.value);
            std::string denomination = action.contract.kind == ContractKind::NoTrump ? "SA"
                                       : action.contract.kind == ContractKind::AllTrump
                                           ? "TA"
                                           : to_string(action.contract.trump);
            return "bid " + value + " " + denomination;
        }
        case ActionKind::Contre: return "contre";
        case ActionKind::Surcontre: return "surcontre";
        case ActionKind::PlayCard:
            return "play " + to_string(action.card) +
                   (action.belote == BeloteCall::Belote     ? " belote"
                    : action.belote == BeloteCall::Rebelote ? " rebelote"
                                                            : "");
        case ActionKind::Declare: {
            if (action.cards.empty()) return "declare nothing";
            std::string out = "declare";
            for (Card c : action.cards) out += " " + to_string(c);
            return out;
        }
    }
    return "unknown";
}

}  // namespace belote
