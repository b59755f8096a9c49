// belote-server entry point: configuration, logging, io_context threads, signals.

#include "server/app.hpp"
#include "server/config.hpp"
#include "server/net/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <exception>
#include <thread>
#include <vector>

namespace {

void setup_logging(const belote::Config& config) {
    auto logger = spdlog::stdout_color_mt("belote");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%-5l%$ [%t] %v");
    spdlog::set_level(spdlog::level::from_str(config.log_level));
    spdlog::flush_on(spdlog::level::warn);
}

}  // namespace

int main(int argc, char** argv) {
    auto parsed = belote::parse_config(argc, argv);
    if (!parsed.config) return parsed.exit_code;
    const belote::Config& config = *parsed.config;
    setup_logging(config);

    try {
        boost::asio::io_context ioc{static_cast<int>(config.threads)};
        auto handler = belote::make_game_handler(ioc, config);
        belote::net::Server server{ioc, config, handler};
        const auto endpoint = server.endpoint();
        spdlog::info("listening on http://{}:{} (WebSocket /ws), web dir {}, {} threads",
                     endpoint.address().to_string(), endpoint.port(), config.web_dir, config.threads);

        boost::asio::signal_set signals{ioc, SIGINT, SIGTERM};
        signals.async_wait([&](const boost::system::error_code& ec, int signal) {
            if (ec) return;
            spdlog::info("received signal {}, shutting down", signal);
            server.stop();
            ioc.stop();
        });

        std::vector<std::thread> threads;
        threads.reserve(config.threads - 1);
        for (unsigned i = 1; i < config.threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
        ioc.run();
        for (auto& t : threads) t.join();
        spdlog::info("stopped");
    } catch (const std::exception& e) {
        spdlog::critical("fatal: {}", e.what());
        return 1;
    }
    return 0;
}
