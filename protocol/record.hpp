#pragma once
// Game records (docs/game-record.md): a finished match as JSON — variant, rule options, each deal's
// deck after the cut and its dealer, and every accepted action in order with its seat — and their
// replay through the engine.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/match.hpp"

namespace belote::protocol {

/// Current `format` number of a game record.
inline constexpr int record_format = 1;

/// One accepted action and the seat that took it.
struct RecordedAction {
    Seat seat = 0;
    Action action;
    bool operator==(const RecordedAction&) const = default;
};

/// A game record in memory. `deals` are in deal order (thrown-in deals included); `actions` are
/// every action the match accepted, in order. `seed` is informational (replay uses the decks).
struct GameRecord {
    MatchOptions options;
    std::optional<std::uint64_t> seed;
    std::vector<DealRecord> deals;
    std::vector<RecordedAction> actions;
};

/// The record of `match` given the actions it accepted (in order).
GameRecord make_record(const Match& match, std::vector<RecordedAction> actions);

/// The JSON form (docs/game-record.md):
/// {"format":1,"variant":…,"target":…,"rules":{…all options of the variant…},"seed":"…",
///  "deals":[{"dealer":d,"deck":["JS",…32 cards]}],"actions":[{"seat":s,"type":"play","card":"JS"},…]}.
/// Each action has the shape of the client message (protocol::action_json) plus "seat".
nlohmann::json record_json(const GameRecord& record);

/// Reads a record. Returns a readable problem (naming the field, e.g. "deals[2].deck: ...") when the
/// JSON is not a well-formed record: unknown variant or format, rules refused by rules_from_json,
/// a deck that is not 32 distinct cards, a seat out of range, a malformed action. Never throws.
std::variant<GameRecord, std::string> record_from_json(const nlohmann::json& json);

/// Outcome of a replay.
struct ReplayResult {
    /// Per deal, in order: {"deal":n,"dealer":d,"thrown_in":true} or
    /// {"deal":n,"dealer":d,"score":{deal_scored breakdown},"totals":[a,b]}.
    nlohmann::json deals = nlohmann::json::array();
    std::array<int, 2> totals{};
    bool finished = false;  ///< the match reached its end (§8)
    std::optional<Team> winner;
    /// Set when an action was refused or the record disagrees with the replay; replay stops there.
    struct Failure {
        std::optional<std::size_t> index;  ///< index in `actions` (nullopt: not an action's fault)
        std::optional<Seat> seat;
        std::string reason;
    };
    std::optional<Failure> failure;
};

/// Replays `record`: a Match with its options, each recorded deck preset in order, started with the
/// first deal's dealer, then every action applied in order. Fails at the first refused action
/// (index, seat, the engine's reason), or when a deal's dealer differs from the record, or when the
/// match needs a deal the record does not hold.
ReplayResult replay(const GameRecord& record);

/// The JSON `belote replay` prints: {"variant":…,"deals":[…],"totals":[a,b],"finished":b,"winner":t|null}
/// and, on failure, "error":{"index":i|null,"seat":s|null,"reason":"…"}.
nlohmann::json replay_json(const GameRecord& record, const ReplayResult& result);

}  // namespace belote::protocol
