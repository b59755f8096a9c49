#include "server/ops/logging.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>

#include "protocol/log_line.hpp"

namespace belote::ops {

namespace {

std::string iso8601_utc(spdlog::log_clock::time_point time) {
    using namespace std::chrono;
    const auto since_epoch = time.time_since_epoch();
    const auto secs = duration_cast<seconds>(since_epoch);
    const auto millis = duration_cast<milliseconds>(since_epoch - secs).count();
    const std::time_t t = static_cast<std::time_t>(secs.count());
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char buffer[40];
    const auto n = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
    std::snprintf(buffer + n, sizeof buffer - n, ".%03dZ", static_cast<int>(millis));
    return buffer;
}

}  // namespace

void JsonLogFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
    const auto level = spdlog::level::to_string_view(msg.level);
    const std::string text =
        protocol::log_line(iso8601_utc(msg.time), std::string_view(level.data(), level.size()),
                           std::string_view(msg.logger_name.data(), msg.logger_name.size()), msg.thread_id,
                           std::string_view(msg.payload.data(), msg.payload.size()));
    dest.append(text.data(), text.data() + text.size());
    dest.push_back('\n');
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const { return std::make_unique<JsonLogFormatter>(); }

void setup_logging(const Config& config) {
    std::shared_ptr<spdlog::logger> logger;
    if (config.log_format == "json") {
        logger = spdlog::stdout_logger_mt("belote");
        logger->set_formatter(std::make_unique<JsonLogFormatter>());
    } else {
        logger = spdlog::stdout_color_mt("belote");
        logger->set_pattern("%Y-%m-%d %H:%M:%S.%e %^%-5l%$ [%t] %v");
    }
    logger->set_level(spdlog::level::from_str(config.log_level));
    logger->flush_on(spdlog::level::warn);  // (the stdout sinks also flush after each record)
    spdlog::set_default_logger(std::move(logger));
}

}  // namespace belote::ops
