#include "protocol/platform_events.hpp"

namespace belote::protocol {

using nlohmann::json;

std::string_view to_string(SeatPresence presence) {
    switch (presence) {
        case SeatPresence::Present: return "present";
        case SeatPresence::Disconnected: return "disconnected";
        case SeatPresence::Away: return "away";
        case SeatPresence::Abandoned: return "abandoned";
    }
    return "present";
}

json table_options_event(std::optional<int> chief, const json& options) {
    return {{"type", "table_options"}, {"chief", chief ? json(*chief) : json(nullptr)}, {"options", options}};
}

json seat_status_event(int seat, SeatPresence presence, bool robot_playing,
                       std::optional<std::int64_t> reclaim_deadline) {
    return {{"type", "seat_status"},
            {"seat", seat},
            {"status", to_string(presence)},
            {"robot_playing", robot_playing},
            {"reclaim_deadline", reclaim_deadline ? json(*reclaim_deadline) : json(nullptr)}};
}

json auto_move_event(int seat) { return {{"type", "auto_move"}, {"seat", seat}, {"reason", "timeout"}}; }

json cancel_proposed_event(int by, std::int64_t deadline, const std::vector<int>& voters) {
    return {{"type", "cancel_proposed"}, {"by", by}, {"deadline", deadline}, {"voters", voters}};
}

json cancel_vote_event(int seat, bool accept) { return {{"type", "cancel_vote"}, {"seat", seat}, {"accept", accept}}; }

json cancel_rejected_event(std::string_view reason) { return {{"type", "cancel_rejected"}, {"reason", reason}}; }

json match_cancelled_event() { return {{"type", "match_cancelled"}}; }

json spectators_event(int count) { return {{"type", "spectators"}, {"count", count}}; }

json chat_event(std::string_view name, bool player, std::optional<int> seat, std::string_view text) {
    return {{"type", "chat"},
            {"from",
             {{"name", name}, {"role", player ? "player" : "spectator"}, {"seat", seat ? json(*seat) : json(nullptr)}}},
            {"text", text}};
}

}  // namespace belote::protocol
