#include "protocol/error_code.hpp"

#include <array>

namespace belote::protocol {
namespace {

constexpr std::array<std::string_view, error_code_count> names{
    "bad_json",
    "bad_message",
    "unknown_type",
    "not_authenticated",
    "already_authenticated",
    "unsupported_protocol",
    "bad_nickname",
    "invalid_options",
    "no_such_table",
    "bad_seat",
    "seat_taken",
    "already_seated",
    "not_seated",
    "already_started",
    "seats_empty",
    "not_started",
    "match_over",
    "not_your_turn",
    "illegal_action",
    "match_running",
    "shutting_down",
    "not_chief",
    "match_in_progress",
    "not_a_robot",
    "bad_invite",
    "spectators_not_allowed",
    "not_at_table",
    "bad_chat",
    "rate_limited",
    "too_many_tables",
    "cancel_pending",
    "no_cancel_proposal",
    "cancel_limit",
    "already_voted",
    "internal",
};

}  // namespace

std::string_view to_string(ErrorCode code) {
    auto i = static_cast<std::size_t>(code);
    return i < names.size() ? names[i] : "internal";
}

std::optional<ErrorCode> parse_error_code(std::string_view name) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<ErrorCode>(i);
    return std::nullopt;
}

}  // namespace belote::protocol
