#include "tests/tables/clocked_server.hpp"
#include "server/store/memory_store.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "server/sessions/game_service.hpp"
#include "server/tables/robot_pool.hpp"

namespace belote::testing {

Config ClockedServer::default_config() {
    Config config = GameServer::test_config();
    config.msg_burst = 1'000'000;
    return config;
}

ClockedServer::ClockedServer(Config config, tables::RobotDecider decider, unsigned robot_threads)
    : clock_(std::make_shared<ManualClock>()), work_(boost::asio::make_work_guard(ioc_)) {
    start(std::move(config), std::move(decider), robot_threads, std::make_shared<store::MemoryStore>());
}

ClockedServer::ClockedServer(Config config, std::shared_ptr<store::Store> store, std::int64_t now_ms)
    : clock_(std::make_shared<ManualClock>(now_ms)), work_(boost::asio::make_work_guard(ioc_)) {
    start(std::move(config), tables::heuristic_robot(), 1, std::move(store));
}

void ClockedServer::start(Config config, tables::RobotDecider decider, unsigned robot_threads,
                          std::shared_ptr<store::Store> store) {
    config.address = "127.0.0.1";
    config.port = 0;
    config.web_dir = std::filesystem::temp_directory_path().string();
    sessions::ServiceParts parts{clock_, tables::os_random_source(),
                                 std::make_shared<tables::RobotPool>(ioc_, robot_threads, std::move(decider)),
                                 std::move(store)};
    handler_ = std::make_shared<sessions::GameService>(ioc_, config, parts);
    server_ = std::make_unique<net::Server>(ioc_, config, handler_);
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

ClockedServer::~ClockedServer() { stop(); }

void ClockedServer::stop() {
    ioc_.stop();  // first: no handler runs any more, as when the process is killed
    for (auto& t : threads_) t.join();
    threads_.clear();
    handler_->stop_workers();
    server_->stop();
}

json create_table(GameClient& c, json extra) {
    json m{{"type", "create_table"}, {"variant", "classic"}, {"target", 301}};
    m.update(extra);
    return c.request(m);
}

json sit_at(GameClient& c, const std::string& table, int seat, const std::string& invite) {
    json m{{"type", "sit"}, {"table", table}, {"seat", seat}};
    if (!invite.empty()) m["invite"] = invite;
    return c.request(m);
}

json table_request(GameClient& c, const std::string& type, const std::string& table, json extra) {
    json m{{"type", type}, {"table", table}};
    m.update(extra);
    return c.request(m);
}

json event_of(GameClient& c, const std::string& type, int seat) {
    for (;;) {
        json e = c.next_event();
        if (std::getenv("BELOTE_TEST_TRACE"))
            std::fprintf(stderr, "event_of(%s): %s\n", type.c_str(), e.dump().c_str());
        if (e.value("type", "") == type && (seat < 0 || e.value("seat", -1) == seat)) return e;
    }
}

json turn_of(GameClient& c, int seat) {
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) return e;
        if (e["type"] == "match_ended") throw std::runtime_error("match ended while waiting for a turn");
    }
}

}  // namespace belote::testing
