#pragma once
// The real game handler behind a real Server on 127.0.0.1:0, with a ManualClock: tests move time
// forward (turn deadlines, reclaim windows, cancel votes, rate limits) instead of waiting.

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/config.hpp"
#include "server/net/server.hpp"
#include "server/store/store.hpp"
#include "server/tables/robot_pool.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/manual_clock.hpp"

namespace belote::testing {

/// Server + ManualClock. Robots act without delay (robot_delay_ms 0, real timer of 0 ms).
class ClockedServer {
public:
    /// Robots decide with `decider` on `robot_threads` worker threads.
    explicit ClockedServer(Config config = default_config(), tables::RobotDecider decider = tables::heuristic_robot(),
                           unsigned robot_threads = 1);
    /// The same, with `store` (a restart: a second server on the store the first one used) and a
    /// clock starting at `now_ms`.
    ClockedServer(Config config, std::shared_ptr<store::Store> store, std::int64_t now_ms = 1'800'000'000'000);

    /// GameServer::test_config() without a practical message-rate limit (the ManualClock does not
    /// move by itself, so the token bucket would never refill).
    static Config default_config();
    ~ClockedServer();
    /// Stops serving at once, as if the process died: nothing more is decided (idempotent).
    void stop();

    unsigned short port() const { return server_->port(); }
    ManualClock& clock() { return *clock_; }

private:
    void start(Config config, tables::RobotDecider decider, unsigned robot_threads,
               std::shared_ptr<store::Store> store);

    std::shared_ptr<ManualClock> clock_;
    boost::asio::io_context ioc_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    std::shared_ptr<net::ConnectionHandler> handler_;
    std::unique_ptr<net::Server> server_;
    std::vector<std::thread> threads_;
};

/// Helpers shared by the table tests (each returns the reply).
json create_table(GameClient& c, json extra = json::object());
json sit_at(GameClient& c, const std::string& table, int seat, const std::string& invite = "");
json table_request(GameClient& c, const std::string& type, const std::string& table, json extra = json::object());

/// Reads events until one with `type` (and, when `seat` >= 0, that seat) arrives; returns it.
json event_of(GameClient& c, const std::string& type, int seat = -1);

/// Reads events until the turn of `seat` with its legal actions; returns it. Throws at match end.
json turn_of(GameClient& c, int seat);

}  // namespace belote::testing
