// belote-server entry point: configuration, logging, io_context threads, graceful shutdown.

#include "server/app.hpp"
#include "server/config.hpp"
#include "server/net/server.hpp"
#include "server/ops/data_dir.hpp"
#include "server/ops/healthcheck.hpp"
#include "server/ops/logging.hpp"
#include "server/ops/shutdown.hpp"
#include "server/room/audit.hpp"
#include "server/store/open_store.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <csignal>
#include <exception>
#include <iostream>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    auto parsed = belote::parse_config(argc, argv);
    if (!parsed.config) return parsed.exit_code;
    const belote::Config& config = *parsed.config;
    if (config.healthcheck) return belote::ops::run_healthcheck(config, std::cout);
    belote::ops::setup_logging(config);
    // A file-size limit (RLIMIT_FSIZE) must become a write error the store reports (not-ready,
    // storage_unavailable), not kill the process with SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);
    if (!config.backup.empty()) return belote::store::run_backup(config);
    if (config.audit) return belote::room::run_audit(config.store, config.data_dir, std::cout);
    if (auto problem = belote::ops::prepare_data_dir(config.data_dir)) {
        spdlog::critical("{}", *problem);
        return 1;
    }

    try {
        boost::asio::io_context ioc{static_cast<int>(config.threads)};
        auto handler = belote::make_game_handler(ioc, config);
        belote::net::Server server{ioc, config, handler};
        // Signals are handled from here on, before "listening" tells anyone to connect.
        belote::ops::GracefulShutdown shutdown{ioc, server, std::chrono::seconds(config.shutdown_deadline_s)};
        const auto endpoint = server.endpoint();
        spdlog::info("listening on http://{}:{} (WebSocket /ws), web dir {}, data dir {}, {} threads",
                     endpoint.address().to_string(), endpoint.port(), config.web_dir, config.data_dir, config.threads);

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
