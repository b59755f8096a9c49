#pragma once
// What a table tells the people at it: typed outbound messages, each numbered with the table's
// version `v` (docs/design.md invariant 4). protocol/ turns each into the text each recipient gets.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/events.hpp"
#include "platform/room.hpp"
#include "platform/table_events.hpp"
#include "platform/table_info.hpp"

namespace belote::platform {

/// A seat must act (the engine's TurnStarted) and, for a human-played seat with a time per move,
/// the deadline of its decision (epoch ms).
struct TurnNotice {
    TurnStarted turn;
    std::optional<std::int64_t> deadline;
};
/// The match ended (the engine's MatchEnded) with the table's record of it.
struct MatchEndNotice {
    MatchEnded end;
    std::vector<int> abandoned;  ///< seats whose player abandoned
    int stake = 0;
    bool competitive = false;
    std::vector<SeatOutcome> outcomes;  ///< chips and XP of each seat (docs/room.md)
    Unmoved unmoved = Unmoved::None;    ///< why the whole match moved nothing, if it did not
    std::vector<PlayerInfo> players;    ///< who played it, by seat, named as when it began
};
/// The match was cancelled by agreement: what each seat got back (its stake) or lost (an
/// abandoner's, to the house), as in MatchEndNotice.
struct MatchCancelledNotice {
    int stake = 0;
    bool competitive = false;
    std::vector<SeatOutcome> outcomes;
    Unmoved unmoved = Unmoved::None;
    std::vector<int> abandoned;       ///< seats whose player abandoned the match
    std::vector<PlayerInfo> players;  ///< who played it, by seat, named as when it began
};
/// Who cannot cover the stake of the next match changed (docs/room.md "Who takes part").
struct StakeCheckNotice {
    std::vector<CannotCover> cannot_cover;
};
/// Who sits in `seat` now (nullopt: nobody).
struct SeatChangedNotice {
    int seat = 0;
    std::optional<PlayerInfo> player;
};
/// The table's chief and the options of the next match.
struct OptionsNotice {
    std::optional<int> chief;
    MatchOptions options;
    TableSettings settings;
    std::string invite;  ///< the invitation code: in the chief's own copy only (a new chief needs it)
};
/// How `seat` is played now.
struct SeatStatusNotice {
    int seat = 0;
    SeatPresence presence = SeatPresence::Present;
    bool robot_playing = false;
    std::optional<RobotLevel> robot_level;  ///< the level of the robot playing, when robot_playing
    std::optional<std::int64_t> reclaim_deadline;
};
/// The number of spectators changed.
struct SpectatorCount {
    int count = 0;
};

/// When robots take the empty seats of a table waiting for its first match, and the match starts
/// (epoch ms); nullopt: no robot fill is pending.
struct RobotFillNotice {
    std::optional<std::int64_t> deadline;
};

/// One outbound table message. Engine events other than TurnStarted and MatchEnded are carried as
/// they are (projected per recipient by protocol/); those two always come as TurnNotice and
/// MatchEndNotice.
using Notice = std::variant<Event, TurnNotice, MatchEndNotice, SeatChangedNotice, OptionsNotice, SeatStatusNotice,
                            SpectatorCount, AutoMoved, CancelProposed, CancelVoted, CancelRejected,
                            MatchCancelledNotice, ChatPosted, StakeCheckNotice, ReadyChanged, RobotFillNotice>;

/// A notice with its version.
struct Published {
    std::uint64_t v = 0;
    Notice notice;
};

}  // namespace belote::platform
