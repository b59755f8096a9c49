#include "tests/server/game_client.hpp"

#include <filesystem>

#include "server/app.hpp"

namespace belote::testing {

namespace asio = boost::asio;

GameClient::GameClient(unsigned short port, std::chrono::milliseconds timeout, const std::string& local_address)
    : client_("127.0.0.1", port, timeout, local_address) {}

Config GameServer::test_config() {
    Config config;
    config.robot_delay_ms = 0;
    config.store = "memory";                      // the store tests (tests/store) use SQLite files of their own
    config.robot_budget_ms = 10;                  // robots above easy (and every takeover robot) think 10 ms at most
    config.password_hash_limits = "interactive";  // a moderate hash takes 0.5 s and 256 MiB
    return config;
}

GameServer::GameServer(Config config) : work_(asio::make_work_guard(ioc_)) {
    config.address = "127.0.0.1";
    config.port = 0;
    config.web_dir = std::filesystem::temp_directory_path().string();
    handler_ = make_game_handler(ioc_, config);
    server_ = std::make_unique<net::Server>(ioc_, config, handler_);
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

GameServer::~GameServer() {
    server_->stop();
    ioc_.stop();
    for (auto& t : threads_) t.join();
    handler_->stop_workers();
}

}  // namespace belote::testing
