#pragma once
// Game records (docs/game-record.md): a match as played — options, each deal's deck after the cut
// and its dealer, every accepted action in order with its seat — and their replay through the
// engine (docs/design.md invariant 1). The JSON form is protocol/'s (protocol/record.hpp).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.hpp"

namespace belote {

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
    bool cancelled = false;  ///< the match was cancelled by agreement before its end (docs/rules.md §8.1)
};

/// The record of `match` given the actions it accepted (in order).
GameRecord make_record(const Match& match, std::vector<RecordedAction> actions);

/// One deal of a replay: thrown in, or scored (`score` and the match `totals` after it).
struct ReplayedDeal {
    int deal = 0;  ///< 1-based deal number
    Seat dealer = 0;
    bool thrown_in = false;
    std::optional<DealScore> score;
    SideValues totals;  ///< one per side (three with three_player, docs/rules.md §7)
};

/// Outcome of a replay.
struct ReplayResult {
    std::vector<ReplayedDeal> deals;  ///< in order
    SideValues totals;                ///< one per side (three with three_player, docs/rules.md §7)
    bool finished = false;            ///< the match reached its end (docs/rules.md §8)
    std::optional<Team> winner;
    /// Set when an action was refused or the record disagrees with the replay; replay stops there.
    struct Failure {
        std::optional<std::size_t> index;  ///< index in `actions` (nullopt: not an action's fault)
        std::optional<Seat> seat;
        std::string reason;
    };
    std::optional<Failure> failure;
};

/// Sees each event of a replay, in order, in its full (unprojected) form, with the match as it is
/// once the action (or the start) that produced the event has been applied.
using ReplayObserver = std::function<void(const Event& event, const Match& match)>;

/// Replays `record`: a Match with its options, each recorded deck preset in order, started with the
/// first deal's dealer, then every action applied in order. Fails at the first refused action
/// (index, seat, the engine's reason), or when a deal's dealer differs from the record, or when the
/// match needs a deal the record does not hold. `observe`, when set, is given every event of the
/// replay before the failure (a deal whose dealer differs from the record is not seen).
ReplayResult replay(const GameRecord& record, const ReplayObserver& observe = {});

}  // namespace belote
