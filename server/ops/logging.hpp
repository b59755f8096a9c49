#pragma once
// Logging set-up: everything to stdout, as text or as one JSON object per line.

#include "server/config.hpp"

#include <spdlog/formatter.h>

#include <memory>

namespace belote::ops {

/// A spdlog formatter writing each record as one line of JSON:
///   {"ts":"2026-11-30T12:00:00.123Z","level":"info","logger":"belote","thread":1234,"msg":"..."}
/// `ts` is UTC (ISO 8601, milliseconds). The line is written by protocol::log_line; bytes that are
/// not valid UTF-8 are replaced by U+FFFD, so every line parses as JSON.
class JsonLogFormatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
    std::unique_ptr<spdlog::formatter> clone() const override;
};

/// Makes a logger named "belote" writing to stdout the default logger, with config.log_format
/// ("text": human-readable, coloured on a terminal; "json": JsonLogFormatter) and
/// config.log_level. Call once, before any logging.
void setup_logging(const Config& config);

}  // namespace belote::ops
