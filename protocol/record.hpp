#pragma once
// Game records as JSON (docs/game-record.md); the model and its replay are the engine's
// (engine/record.hpp).

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/record.hpp"

namespace belote::protocol {

/// Current `format` number of a game record.
inline constexpr int record_format = 1;

/// The JSON form (docs/game-record.md):
/// {"format":1,"variant":…,"target":…,"rules":{…all options of the variant…},"seed":"…",
///  "deals":[{"dealer":d,"deck":["JS",…32 cards]}],"actions":[{"seat":s,"type":"play","card":"JS"},…]}.
/// Each action has the shape of the client message (protocol::action_json) plus "seat".
nlohmann::json record_json(const GameRecord& record);

/// Reads a record. Returns a readable problem (naming the field, e.g. "deals[2].deck: ...") when the
/// JSON is not a well-formed record: unknown variant or format, rules refused by rules_from_json,
/// a deck that is not 32 distinct cards, a seat out of range, a malformed action. Never throws.
std::variant<GameRecord, std::string> record_from_json(const nlohmann::json& json);

/// The JSON `belote replay` prints: {"variant":…,"deals":[…],"totals":[a,b],"finished":b,"winner":t|null}
/// and, on failure, "error":{"index":i|null,"seat":s|null,"reason":"…"}.
nlohmann::json replay_json(const GameRecord& record, const ReplayResult& result);

}  // namespace belote::protocol
