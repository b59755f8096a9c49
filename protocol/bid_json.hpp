#pragma once
// Coinche auction actions on the wire (docs/protocol.md "bid, contre, surcontre").

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <variant>

#include "engine/action.hpp"

namespace belote::protocol {

/// A contract's denomination: "S", "H", "D", "C" (suit trump), "SA" (no trump), "TA" (all trump).
std::string denomination_name(const Contract& contract);

/// The inverse of denomination_name; nullopt for anything else.
std::optional<Contract> parse_denomination(std::string_view text);

/// A bid value on the wire: 80..160 as a number, capot_bid_value as the string "capot".
nlohmann::json bid_value_json(int value);

/// Reads a coinche action message (its "type" is "bid", "contre" or "surcontre"):
/// {"type":"bid","value":80..160 (step 10) | "capot","suit":"S"|"H"|"D"|"C"|"SA"|"TA"},
/// {"type":"contre"}, {"type":"surcontre"}. Returns the Action, or a readable problem naming the
/// offending field ("value", "suit", "type"). Whether the action is legal now is the engine's
/// business (illegal_action). Never throws.
std::variant<Action, std::string> bid_action_from_json(const nlohmann::json& message);

}  // namespace belote::protocol
