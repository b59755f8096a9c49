#include "protocol/replies.hpp"

namespace belote::protocol {

nlohmann::json id_json(const RequestId& id) {
    if (const auto* n = std::get_if<std::int64_t>(&id)) return *n;
    if (const auto* s = std::get_if<std::string>(&id)) return *s;
    return nullptr;
}

nlohmann::json ok_reply(const nlohmann::json& id, nlohmann::json fields) {
    nlohmann::json reply = nlohmann::json::object();
    reply.update(fields);
    reply["type"] = "ok";
    reply["id"] = id;
    return reply;
}

nlohmann::json error_reply(const nlohmann::json& id, ErrorCode code, std::string_view message) {
    return {{"type", "error"}, {"id", id}, {"code", to_string(code)}, {"message", message}};
}

std::string to_text(const nlohmann::json& message) {
    return message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace belote::protocol
