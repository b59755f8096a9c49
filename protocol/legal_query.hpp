#pragma once
// `belote legal`: the legal cards of a position given as JSON (docs/game-record.md "belote legal").

#include <nlohmann/json.hpp>

#include <string>
#include <variant>

namespace belote::protocol {

/// Answers a position query:
/// {"variant":"classic","rules":{…optional §9 options…},"contract":"H"|"S"|"D"|"C"|"SA"|"TA",
///  "seat":2,"hand":["JS",…],"trick":[{"seat":0,"card":"AD"},{"seat":1,"card":"TS"}]}
/// `hand` is the acting seat's hand (in decouverte: its available tableau cards); `trick` the cards
/// already played to the current trick in play order (empty or absent when leading); `seat` is
/// optional and, when given, must be the seat whose turn it is after `trick`.
/// Returns {"legal":["JS",…]} (docs/rules.md §1.5 with the rules' play options; no partner rules in
/// decouverte), or a readable problem naming the field: unknown variant, rules refused, SA/TA
/// outside coinche, a bad card, a card both in the hand and the trick or twice, seats out of play
/// order, a full trick. Never throws.
std::variant<nlohmann::json, std::string> legal_query(const nlohmann::json& position);

}  // namespace belote::protocol
