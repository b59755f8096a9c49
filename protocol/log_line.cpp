#include "protocol/log_line.hpp"

#include <nlohmann/json.hpp>

namespace belote::protocol {

std::string log_line(std::string_view ts, std::string_view level, std::string_view logger, std::uint64_t thread,
                     std::string_view message) {
    nlohmann::ordered_json line;
    line["ts"] = ts;
    line["level"] = level;
    line["logger"] = logger;
    line["thread"] = thread;
    line["msg"] = message;
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace belote::protocol
