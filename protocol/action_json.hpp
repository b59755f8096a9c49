#pragma once
// Engine values <-> JSON: cards, card sets, tricks, auction calls and actions.

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/events.hpp"
#include "engine/trick.hpp"

namespace belote::protocol {

/// "JS"-style card notation as a JSON string.
nlohmann::json card_json(Card card);

/// The cards of a set, as an array of card strings in index order (spades 7..A, hearts, ...).
nlohmann::json cards_json(CardSet cards);

/// {"leader":seat,"cards":[{"seat":s,"card":"JS"},...]} in play order.
nlohmann::json trick_json(const Trick& trick);

/// An action in the shape of the client message that requests it, without id/table:
/// {"type":"pass"}, {"type":"take"}, {"type":"name","suit":"S"}, {"type":"play","card":"JS"}.
/// Coinche: {"type":"bid","value":80..160|"capot","suit":"S"|"H"|"D"|"C"|"SA"|"TA"}, {"type":"contre"},
/// {"type":"surcontre"}. Manual belote (docs/rules.md §2.5): {"type":"play","card":"KH","belote":
/// "belote"|"rebelote"} (the field only when words are said). melds = manual (§3.2):
/// {"type":"declare","cards":[...]} (the announced combinations' cards, [] for none).
nlohmann::json action_json(const Action& action);

/// The inverse of action_json (every kind); nullopt for a malformed object. Never throws.
std::optional<Action> action_from_json(const nlohmann::json& json);

/// An array of action_json.
nlohmann::json actions_json(const std::vector<Action>& actions);

/// An auction call as in the `auction_call` event and the snapshot's `auction` list:
/// {"seat":s,"call":"pass"|"take"|"name", "suit":"S" (name only)}.
nlohmann::json auction_call_json(const AuctionCall& call);

}  // namespace belote::protocol
