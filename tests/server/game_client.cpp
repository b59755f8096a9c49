#include "tests/server/game_client.hpp"

#include <filesystem>

#include "server/sessions/game_service.hpp"
#include "server/tables/clock.hpp"
#include "server/tables/robot_pool.hpp"

namespace belote::testing {

namespace asio = boost::asio;

GameClient::GameClient(unsigned short port, std::chrono::milliseconds timeout) : client_("127.0.0.1", port, timeout) {}

Config GameServer::test_config() {
    Config config;
    config.robot_delay_ms = 0;
    config.store = "memory";      // the store tests (tests/store) use SQLite files of their own
    config.robot_budget_ms = 10;  // robots above easy (and every takeover robot) think 10 ms at most
    config.password_hash_limits = "interactive";
    return config;
}

GameServer::GameServer(Config config) : work_(asio::make_work_guard(ioc_)) {
    config.address = "127.0.0.1";
    config.port = 0;
    config.web_dir = std::filesystem::temp_directory_path().string();
    sessions::ServiceParts parts{
        tables::make_system_clock(ioc_), tables::os_random_source(),
        std::make_shared<tables::RobotPool>(ioc_, config.robot_threads,
                                            tables::level_robots(std::chrono::milliseconds(config.robot_budget_ms))),
        store_};
    server_ = std::make_unique<net::Server>(ioc_, config, std::make_shared<sessions::GameService>(ioc_, config, parts));
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

GameServer::~GameServer() {
    store_->flush();
    server_->stop();
    ioc_.stop();
    for (auto& t : threads_) t.join();
}

}  // namespace belote::testing
