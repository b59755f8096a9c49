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
    "lobby_full",
    "invalid_username",
    "weak_password",
    "username_taken",
    "nickname_taken",
    "bad_credentials",
    "already_registered",
    "storage_unavailable",
    "no_such_match",
    "cannot_stake",
    "no_such_player",
    "cooling_down",
    "table_elsewhere",
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

namespace {

ErrorCode code_of_refusal(platform::TableRefusal reason) {
    using platform::TableRefusal;
    switch (reason) {
        case TableRefusal::BadSeat: return ErrorCode::BadSeat;
        case TableRefusal::SeatTaken: return ErrorCode::SeatTaken;
        case TableRefusal::AlreadySeated: return ErrorCode::AlreadySeated;
        case TableRefusal::NotSeated: return ErrorCode::NotSeated;
        case TableRefusal::AlreadyStarted: return ErrorCode::AlreadyStarted;
        case TableRefusal::SeatsEmpty: return ErrorCode::SeatsEmpty;
        case TableRefusal::CannotStake: return ErrorCode::CannotStake;
        case TableRefusal::CoolingDown: return ErrorCode::CoolingDown;
        case TableRefusal::NotChief: return ErrorCode::NotChief;
        case TableRefusal::MatchInProgress: return ErrorCode::MatchInProgress;
        case TableRefusal::InvalidOptions: return ErrorCode::InvalidOptions;
        case TableRefusal::NotARobot: return ErrorCode::NotARobot;
        case TableRefusal::BadInvite: return ErrorCode::BadInvite;
        case TableRefusal::SpectatorsNotAllowed: return ErrorCode::SpectatorsNotAllowed;
        case TableRefusal::NotAtTable: return ErrorCode::NotAtTable;
        case TableRefusal::RateLimited: return ErrorCode::RateLimited;
        case TableRefusal::CancelPending: return ErrorCode::CancelPending;
        case TableRefusal::NoCancelProposal: return ErrorCode::NoCancelProposal;
        case TableRefusal::CancelLimit: return ErrorCode::CancelLimit;
        case TableRefusal::AlreadyVoted: return ErrorCode::AlreadyVoted;
        case TableRefusal::MatchRunning: return ErrorCode::MatchRunning;
        case TableRefusal::NoSuchTable: return ErrorCode::NoSuchTable;
    }
    return ErrorCode::Internal;
}

ErrorCode code_of_rejection(RejectReason reason) {
    switch (reason) {
        case RejectReason::NotStarted: return ErrorCode::NotStarted;
        case RejectReason::MatchOver: return ErrorCode::MatchOver;
        case RejectReason::NotYourTurn: return ErrorCode::NotYourTurn;
        case RejectReason::IllegalAction: return ErrorCode::IllegalAction;
        case RejectReason::None: break;
    }
    return ErrorCode::Internal;
}

}  // namespace

ErrorCode code_of(const platform::Refused& refused) {
    if (const auto* table = std::get_if<platform::TableRefusal>(&refused.reason)) return code_of_refusal(*table);
    return code_of_rejection(std::get<RejectReason>(refused.reason));
}

}  // namespace belote::protocol
