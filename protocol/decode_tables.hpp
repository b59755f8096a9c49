#pragma once
// Decoding of the table-platform requests (protocol/table_commands.hpp) and of the extra fields
// of hello, sit and create_table. Used by decode_request (decode.cpp) only.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"

namespace belote::protocol {

/// Thrown by the functions below when a field is wrong; decode_request turns it into a DecodeError.
struct DecodeFailure {
    ErrorCode code;
    std::string message;
};

/// The platform request of type `type` (set_options, remove_robot, stand, propose_cancel,
/// vote_cancel, watch, chat, renew_invite), or nullopt when `type` is none of them.
/// Throws DecodeFailure: bad_message (field missing/wrong type), bad_seat, invalid_options
/// (set_options out of range), bad_chat (empty, too long, control characters).
std::optional<Command> decode_table_platform(const std::string& type, const nlohmann::json& msg);

/// The optional `resume` object of hello: {"<table>": <last v>, ...}. Throws bad_message.
std::map<std::string, std::uint64_t> decode_resume(const nlohmann::json& msg);

/// The optional `invite` string field (sit, watch). Throws bad_message.
std::optional<std::string> decode_invite(const nlohmann::json& msg);

/// The table-level options of create_table (all optional, defaults of TableSettings).
/// Throws invalid_options or bad_message.
TableSettings decode_create_settings(const nlohmann::json& msg);

}  // namespace belote::protocol
