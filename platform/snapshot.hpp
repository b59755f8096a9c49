#pragma once
// What a snapshot shows one observer: the table header, the observer's view of the match, and the
// table's platform state (docs/protocol.md "snapshot").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/view.hpp"
#include "platform/notices.hpp"
#include "platform/table_state.hpp"

namespace belote::platform {

/// A snapshot as a value (protocol/ writes it).
struct Snapshot {
    TableInfo info;
    std::uint64_t v = 0;  ///< the table's version (that of its last notice)
    View view;
    std::optional<int> chief;
    MatchOptions options;
    TableSettings settings;
    std::optional<std::string> invite;       ///< only in the chief's snapshot
    std::vector<SeatStatusNotice> presence;  ///< one per seat
    std::optional<std::int64_t> deadline;
    bool cancelled = false;
    std::optional<CancelVote> cancel;
    int spectators = 0;
    std::vector<CannotCover> cannot_cover;
    std::vector<bool> ready;                    ///< by seat: ready for the next match (between matches)
    std::vector<ChatPosted> chat;               ///< the table's recent chat, oldest first
    std::vector<PlayerInfo> match_players;      ///< who played the current (or last) match, by seat
    std::optional<std::int64_t> fill_deadline;  ///< when robots fill the empty seats (quick play)
};

/// The snapshot of `state` for `observer` (a seat, or a spectator).
Snapshot snapshot_of(const TableState& state, const Observer& observer);

/// How `seat` is played now, as a seat_status notice shows it.
SeatStatusNotice seat_status(const TableState& state, int seat);

}  // namespace belote::platform
