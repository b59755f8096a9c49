#pragma once
// What happened at a table (the output of decide(), the input of evolve()). Each event is a fact:
// evolve() applied to the same events from the same start gives the same state and notices
// (docs/design.md invariants 1 and 8), so events are what a journal keeps.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "platform/table_commands.hpp"

namespace belote::platform {

/// `player` sat in `seat`, with its standing in the card room when the server could read it.
struct Seated {
    int seat = 0;
    PlayerRef player;
    std::optional<SeatStanding> standing{};
};
/// The standing of the player in `seat` is now `standing` (read again by the server).
struct StandingChanged {
    int seat = 0;
    SeatStanding standing;
};
/// A robot of `level` was put in `seat`.
struct RobotSeated {
    int seat = 0;
    RobotLevel level = RobotLevel::Easy;
};
/// `seat` was emptied (its player stood up, its robot was removed).
struct SeatFreed {
    int seat = 0;
};
/// The options of the next match changed.
struct OptionsChanged {
    MatchOptions options;
    TableSettings settings;
};
/// `player` started watching.
struct SpectatorJoined {
    PlayerRef player;
};
/// `player` stopped watching: sat down, or lost the connection (`disconnected`: coming back with
/// its token within the reclaim window makes it a spectator again).
struct SpectatorLeft {
    PlayerRef player;
    bool disconnected = false;
};
/// `from` said `text` (seated in `seat`, or a spectator); quick-chat phrase `phrase`, when set
/// (`text` is then its English wording).
struct ChatPosted {
    PlayerRef from;
    std::optional<int> seat;
    std::string text;
    std::optional<std::string> phrase{};
};
/// The invitation code is now `code`.
struct InviteRenewed {
    std::string code;
};
/// A match began with `seed` (its deals follow from it) on `terms` (what it stakes and who counts:
/// docs/room.md).
struct MatchBegun {
    std::uint64_t seed = 0;
    MatchTerms terms{};
};
/// Who chose an accepted action.
enum class ActionSource : std::uint8_t {
    Player,   ///< the seat's human
    Robot,    ///< a robot seat, or the robot playing for an absent human
    Timeout,  ///< the server, because the human's time ran out
};
/// `seat` took `action` (the engine accepted it).
struct ActionTaken {
    int seat = 0;
    Action action;
    ActionSource source = ActionSource::Player;
};
/// The time of `seat`'s decision ran out: the robot makes this decision.
struct TurnOverdue {
    int seat = 0;
};
/// The next action of `seat` is made by the server (its time ran out).
struct AutoMoved {
    int seat = 0;
};
/// `seat` made too many automatic moves in a row: a robot plays it until its human acts.
struct WentAway {
    int seat = 0;
};
/// The human of an "away" seat acted again.
struct CameBack {
    int seat = 0;
};
/// The human of `seat` lost its connection; during a match its seat is kept until
/// `reclaim_deadline` (epoch ms) while a robot plays it.
struct Disconnected {
    int seat = 0;
    std::optional<std::int64_t> reclaim_deadline;
};
/// The human of `seat` is connected again.
struct Reconnected {
    int seat = 0;
};
/// The reclaim window of `seat` passed: its robot plays to the end of the match.
struct Abandoned {
    int seat = 0;
};
/// `by` proposed to cancel the match; `voters` (every seated human whose seat was not abandoned)
/// answer before `deadline`.
struct CancelProposed {
    int by = 0;
    std::int64_t deadline = 0;
    std::vector<int> voters;
    std::uint64_t number = 0;  ///< proposals at this table so far, this one included
};
/// `seat` answered the open proposal.
struct CancelVoted {
    int seat = 0;
    bool accept = false;
};
/// Why a cancel proposal ended without cancelling.
enum class CancelEnd : std::uint8_t { Refused, Timeout, MatchEnded };
/// The open proposal was rejected.
struct CancelRejected {
    CancelEnd reason = CancelEnd::Refused;
};
/// Every voter accepted: the match ends, cancelled, with no result.
struct MatchCancelled {};

/// `seat` is ready for the next match (or no longer), between matches.
struct ReadyChanged {
    int seat = 0;
    bool ready = false;
};
/// The robot fill's deadline passed: robots take the empty seats (RobotSeated events follow) and the
/// fill is spent (it runs once, before the table's first match).
struct SeatsFilled {};

/// Any table event.
using TableEvent = std::variant<Seated, RobotSeated, SeatFreed, OptionsChanged, SpectatorJoined, SpectatorLeft,
                                ChatPosted, InviteRenewed, MatchBegun, ActionTaken, TurnOverdue, AutoMoved, WentAway,
                                CameBack, Disconnected, Reconnected, Abandoned, CancelProposed, CancelVoted,
                                CancelRejected, MatchCancelled, StandingChanged, ReadyChanged, SeatsFilled>;

}  // namespace belote::platform
