#pragma once
// The server's log records as JSON lines (docs/operations.md "Logs"; --log-format json).

#include <cstdint>
#include <string>
#include <string_view>

namespace belote::protocol {

/// One log record: {"ts","level","logger","thread","msg"} in that order, compact, invalid UTF-8
/// replaced. `ts` is ISO 8601 UTC with milliseconds.
std::string log_line(std::string_view ts, std::string_view level, std::string_view logger, std::uint64_t thread,
                     std::string_view message);

}  // namespace belote::protocol
