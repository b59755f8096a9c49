#pragma once
// decide(): the one function that judges every command a table receives (docs/design.md "decide").

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/match.hpp"
#include "platform/table_commands.hpp"
#include "platform/table_events.hpp"
#include "platform/table_state.hpp"

namespace belote::platform {

/// Why a table refused a request (besides the engine's own reasons, RejectReason). protocol/
/// maps each to its wire error code (protocol/error_code.hpp).
enum class TableRefusal : std::uint8_t {
    BadSeat,               ///< seat number out of range
    SeatTaken,             ///< the seat is not empty
    AlreadySeated,         ///< the player already sits at this table
    NotSeated,             ///< the request needs a seat here
    AlreadyStarted,        ///< seating changes once the match has started
    SeatsEmpty,            ///< start with an empty seat
    CannotStake,           ///< start of a competitive match someone at the table cannot take part in; a guest
                           ///< sitting at a competitive table with a stake
    CoolingDown,           ///< a player cooling down after abandoning: no competitive table (docs/room.md)
    NotChief,              ///< only the chief may do this
    MatchInProgress,       ///< only before the first match or between matches
    InvalidOptions,        ///< the options are not playable
    NotARobot,             ///< remove_robot on a seat without a robot
    BadInvite,             ///< private table: the invitation code is missing or wrong
    SpectatorsNotAllowed,  ///< the table does not allow spectators
    NotAtTable,            ///< chat from someone neither seated nor watching
    RateLimited,           ///< too many chat messages
    CancelPending,         ///< a cancel proposal is already open
    NoCancelProposal,      ///< no proposal to vote on
    CancelLimit,           ///< too many proposals by this player this match
    AlreadyVoted,          ///< a second vote on the same proposal
    MatchRunning,          ///< get_record while the match is played
    NoSuchTable,           ///< a private table, to someone with neither a place at it nor its code
};

/// A refused request: the table is unchanged. `message` is readable and reveals nothing hidden.
struct Refused {
    std::variant<TableRefusal, RejectReason> reason;
    std::string message;
    std::optional<std::int64_t> until{};  ///< CoolingDown: when the cool-down ends (epoch ms)
};

/// The command must wait: the robot first makes the decision pending for the sender's seat
/// (a returning or "away" player gets the seat back at the next decision). The actor asks the robot
/// at once and submits the command again with `after_robot` set once the robot's move is applied.
struct Deferred {};

/// What decide() answers: a refusal, a deferral, or the events to apply in order (possibly none).
using Decision = std::variant<Refused, Deferred, std::vector<TableEvent>>;

/// Judges `command` against `state` at time `now_ms` (epoch ms). Pure: reads the state only.
/// Requests that are not allowed are Refused (docs/protocol.md lists the codes); commands of the
/// table's machinery that no longer apply (a robot move or timer for a decision already made) give
/// no events. GetRecord is a query and gives no events (see record_of).
Decision decide(const TableState& state, const Command& command, std::int64_t now_ms);

/// The record of the table's last match for `get_record` by `from`: refused before the start
/// (not_started) and while it is played (match_running); a cancelled match's record says so. At a
/// private table only the match's players, its spectators and holders of the invitation code may
/// read it (no_such_table for anyone else).
std::variant<GameRecord, Refused> record_of(const TableState& state, const PlayerRef& from, const GetRecord& query);

/// The record of the current match as it stands (cancelled when it was): for the store once it ended.
GameRecord match_record(const TableState& state);

}  // namespace belote::platform
