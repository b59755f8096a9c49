#pragma once
// Replies as JSON trees (protocol/'s building blocks and its tests; the server uses messages.hpp).

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "protocol/error_code.hpp"
#include "protocol/request_id.hpp"

namespace belote::protocol {

/// The id as JSON: an integer, a string, or null.
nlohmann::json id_json(const RequestId& id);

/// {"type":"ok","id":id, ...fields}. `fields` must be an object (its members are merged in;
/// "type" and "id" in it are overwritten). Throws nlohmann::json::type_error if it is not.
nlohmann::json ok_reply(const nlohmann::json& id, nlohmann::json fields = nlohmann::json::object());

/// {"type":"error","id":id,"code":to_string(code),"message":message}.
nlohmann::json error_reply(const nlohmann::json& id, ErrorCode code, std::string_view message);

/// Serialises a server message for the wire (compact; invalid UTF-8 replaced, never throws
/// on encoding errors).
std::string to_text(const nlohmann::json& message);

}  // namespace belote::protocol
