// Robots decide on worker threads off the table strands (docs/design.md invariant 3): a robot that
// thinks for a long time at one table does not delay another table, and its table goes on once it
// has decided.

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "engine/robot.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace robot_pool_test {

/// Holds the first decision of a Coinche robot until released (the other decisions are made at once).
class Gate {
public:
    tables::RobotDecider decider() {
        return [this](const View& view, platform::RobotLevel level, std::uint64_t seed) {
            if (view.options.variant == Variant::Coinche) hold();
            return tables::heuristic_robot()(view, level, seed);
        };
    }
    /// Waits at most `limit` until a Coinche robot is being held.
    bool wait_held(std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        return cv_.wait_for(lock, limit, [&] { return held_; });
    }
    void release() {
        std::lock_guard lock(mutex_);
        open_ = true;
        cv_.notify_all();
    }

private:
    void hold() {
        std::unique_lock lock(mutex_);
        if (open_) return;
        held_ = true;
        cv_.notify_all();
        cv_.wait_for(lock, std::chrono::seconds(20), [&] { return open_; });
    }
    std::mutex mutex_;
    std::condition_variable cv_;
    bool held_ = false, open_ = false;
};

std::string started(GameClient& c, const std::string& variant) {
    std::string t = create_table(c, {{"variant", variant}})["table"];
    EXPECT_EQ(sit_at(c, t, 0)["type"], "ok");
    for (int s = 1; s < 4; ++s) EXPECT_EQ(table_request(c, "add_robot", t, {{"seat", s}})["type"], "ok");
    EXPECT_EQ(table_request(c, "start", t)["type"], "ok");
    return t;
}

/// Plays seat 0's turns (its first legal action) until a robot of another seat made a move.
void play_until_a_robot_moved(GameClient& c, const std::string& t) {
    for (;;) {
        json e = c.next_event();
        if ((e["type"] == "auction_call" || e["type"] == "card_played") && e["seat"] != 0) return;
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(c.request(act)["type"], "ok");
        }
    }
}

TEST(RobotPoolTest, ASlowRobotDoesNotDelayAnotherTable) {
    Gate gate;
    ClockedServer server(ClockedServer::default_config(), gate.decider(), 2);
    GameClient ana(server.port(), std::chrono::seconds(5)), bea(server.port(), std::chrono::seconds(5));
    ana.hello("Ana");
    bea.hello("Bea");
    const std::string slow = started(ana, "coinche");
    // Ana answers her turns until a robot of her table is being held (next_event fails the test
    // if neither happens).
    while (!gate.wait_held(std::chrono::milliseconds(100))) {
        json e = ana.next_event();
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = slow;
            ASSERT_EQ(ana.request(act)["type"], "ok");
        }
    }

    const std::string fast = started(bea, "classic");
    play_until_a_robot_moved(bea, fast);  // the Classic table's robots decide while the other one thinks
    json turn = turn_of(bea, 0);          // ... and the turn comes back to Bea
    EXPECT_EQ(turn["table"], fast);

    gate.release();  // the held robot decides: its table goes on
    play_until_a_robot_moved(ana, slow);
}

}  // namespace robot_pool_test
}  // namespace belote::testing
