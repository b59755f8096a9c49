#pragma once
// Table events that come from the platform, not the engine (docs/protocol.md "Table chief and
// options", "Presence", "Friendly cancel", "Spectators and chat"). Every function returns the
// event body without `table` and `v` (the table adds them when it publishes the event).

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace belote::protocol {

/// How a seat is played right now.
enum class SeatPresence : std::uint8_t {
    Present,       ///< "present": its human plays it (or nobody / a robot by choice: see robot flag)
    Disconnected,  ///< "disconnected": a robot plays until the human returns (reclaim window)
    Away,          ///< "away": three automatic moves in a row; a robot plays until the human acts
    Abandoned,     ///< "abandoned": the reclaim window passed; the robot plays to the end of the match
};

/// Wire name of a presence.
std::string_view to_string(SeatPresence presence);

/// {"type":"table_options","chief":seat|null,"options":options}.
nlohmann::json table_options_event(std::optional<int> chief, const nlohmann::json& options);

/// {"type":"seat_status","seat","status","robot_playing","reclaim_deadline":ms|null}.
nlohmann::json seat_status_event(int seat, SeatPresence presence, bool robot_playing,
                                 std::optional<std::int64_t> reclaim_deadline);

/// {"type":"auto_move","seat","reason":"timeout"}: the next action of `seat` was chosen by the
/// server because its time ran out.
nlohmann::json auto_move_event(int seat);

/// {"type":"cancel_proposed","by":seat,"deadline":ms,"voters":[seats]}.
nlohmann::json cancel_proposed_event(int by, std::int64_t deadline, const std::vector<int>& voters);

/// {"type":"cancel_vote","seat","accept"}.
nlohmann::json cancel_vote_event(int seat, bool accept);

/// {"type":"cancel_rejected","reason":"refused"|"timeout"|"match_ended"}.
nlohmann::json cancel_rejected_event(std::string_view reason);

/// {"type":"match_cancelled"}: the match ended by agreement, no result recorded.
nlohmann::json match_cancelled_event();

/// {"type":"spectators","count"}.
nlohmann::json spectators_event(int count);

/// {"type":"chat","from":{"name","role":"player"|"spectator","seat":seat|null},"text"}.
nlohmann::json chat_event(std::string_view name, bool player, std::optional<int> seat, std::string_view text);

}  // namespace belote::protocol
