#pragma once
// The machine-readable error codes of docs/protocol.md ("Error codes").

#include <cstdint>
#include <optional>
#include <string_view>

#include "platform/decide.hpp"

namespace belote::protocol {

/// Every error a reply can carry. The wire name of each (to_string) is stable: clients match on it.
enum class ErrorCode : std::uint8_t {
    BadJson,               ///< "bad_json": the frame is not a JSON object
    BadMessage,            ///< "bad_message": a field is missing or has the wrong type or range
    UnknownType,           ///< "unknown_type": `type` is not a known message type
    NotAuthenticated,      ///< "not_authenticated": a message other than hello before hello
    AlreadyAuthenticated,  ///< "already_authenticated": a second hello on the same connection
    UnsupportedProtocol,   ///< "unsupported_protocol": `protocol` is not 1
    BadNickname,           ///< "bad_nickname": empty, too long or with control characters
    InvalidOptions,        ///< "invalid_options": unknown variant or target not 301/501/1000
    NoSuchTable,           ///< "no_such_table"
    BadSeat,               ///< "bad_seat": seat number out of range
    SeatTaken,             ///< "seat_taken"
    AlreadySeated,         ///< "already_seated": the player already has a seat at this table
    NotSeated,             ///< "not_seated": the action needs a seat at this table
    AlreadyStarted,        ///< "already_started"
    SeatsEmpty,            ///< "seats_empty": start with an empty seat
    NotStarted,            ///< "not_started": an action before the match started
    MatchOver,             ///< "match_over": an action after the match ended
    NotYourTurn,           ///< "not_your_turn"
    IllegalAction,         ///< "illegal_action": not among the seat's legal actions
    MatchRunning,          ///< "match_running": get_record while the match is being played
    ShuttingDown,          ///< "shutting_down": the server is draining (graceful shutdown): no new tables
    NotChief,              ///< "not_chief": only the table chief may do this
    MatchInProgress,       ///< "match_in_progress": only before the first match or between matches
    NotARobot,             ///< "not_a_robot": remove_robot on a seat without a robot
    BadInvite,             ///< "bad_invite": private table, invitation code missing or wrong
    SpectatorsNotAllowed,  ///< "spectators_not_allowed": watch at a table that does not allow it
    NotAtTable,            ///< "not_at_table": chat from someone neither seated nor watching
    BadChat,               ///< "bad_chat": chat text empty, too long or with control characters
    RateLimited,           ///< "rate_limited": too many chat messages, or login/register attempts; wait
    TooManyTables,         ///< "too_many_tables": the player created the maximum number of tables
    CancelPending,         ///< "cancel_pending": a cancel proposal is already open
    NoCancelProposal,      ///< "no_cancel_proposal": vote_cancel without an open proposal
    CancelLimit,           ///< "cancel_limit": the player made the most proposals allowed this match
    AlreadyVoted,          ///< "already_voted"
    LobbyFull,             ///< "lobby_full": the server holds --max-waiting-tables tables not started yet
    InvalidUsername,       ///< "invalid_username": register with a username outside the allowed set or length
    WeakPassword,          ///< "weak_password": register with a password shorter than 8 characters
    UsernameTaken,         ///< "username_taken": the username (or a look-alike of it) is registered
    NicknameTaken,         ///< "nickname_taken": a guest's nickname is (a look-alike of) a registered username
    BadCredentials,        ///< "bad_credentials": login with an unknown username or a wrong password
    AlreadyRegistered,     ///< "already_registered": register from a registered player
    StorageUnavailable,    ///< "storage_unavailable": the store cannot write (disk full, read-only): nothing changed
    NoSuchMatch,           ///< "no_such_match": get_record with an unknown match id (or one the player may not read)
    CannotStake,           ///< "cannot_stake": start refused: someone cannot cover the stake (named in the message)
    NoSuchPlayer,          ///< "no_such_player": profile of an unknown player id or username
    CoolingDown,           ///< "cooling_down": no competitive table until the abandoner's cool-down ends ("until")
    TableElsewhere,        ///< "table_elsewhere": the table is served by another node (its "url" goes with it)
    Internal,              ///< "internal": unexpected server failure
};

/// Number of ErrorCode values (for iteration in tests).
inline constexpr int error_code_count = static_cast<int>(ErrorCode::Internal) + 1;

/// The wire name of `code`, e.g. "not_your_turn". Never empty.
std::string_view to_string(ErrorCode code);

/// The code whose wire name is `name`; nullopt for an unknown name.
std::optional<ErrorCode> parse_error_code(std::string_view name);

/// The wire code of a table's refusal (its own reasons and the engine's).
ErrorCode code_of(const platform::Refused& refused);

}  // namespace belote::protocol
