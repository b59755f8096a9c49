#include "server/tables/robot_pool.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "ai/robot.hpp"
#include "engine/rng.hpp"
#include "engine/robot.hpp"

namespace belote::tables {

RobotDecider level_robots(std::chrono::milliseconds budget) {
    static_assert(static_cast<int>(platform::RobotLevel::Easy) == static_cast<int>(ai::Level::Easy) &&
                  static_cast<int>(platform::RobotLevel::Medium) == static_cast<int>(ai::Level::Medium) &&
                  static_cast<int>(platform::RobotLevel::Hard) == static_cast<int>(ai::Level::Hard) &&
                  static_cast<int>(platform::RobotLevel::Expert) == static_cast<int>(ai::Level::Expert));
    return [budget](const View& view, platform::RobotLevel level, std::uint64_t seed) {
        ai::RobotSettings settings;
        settings.level = static_cast<ai::Level>(level);
        settings.time_budget = budget;
        settings.clock = [] { return std::chrono::steady_clock::now(); };
        return ai::decide(view, settings, seed);
    };
}

RobotDecider heuristic_robot() {
    return [](const View& view, platform::RobotLevel, std::uint64_t seed) {
        Rng rng(seed);
        return robot_decide(view, rng);
    };
}

std::uint64_t robot_seed(std::uint64_t match_seed, int seat, std::size_t decision) {
    Rng seeder(match_seed ^ 0x7a3d5c1e9b2f4d68ull ^ (static_cast<std::uint64_t>(seat) << 56) ^
               (static_cast<std::uint64_t>(decision) << 8));
    return seeder.next();
}

RobotPool::RobotPool(boost::asio::io_context& ioc, unsigned threads, RobotDecider decider)
    : ioc_(ioc), decider_(std::move(decider)) {
    if (threads > 0) workers_.emplace(threads);
}

RobotPool::~RobotPool() { stop(); }

void RobotPool::stop() {
    if (workers_) {
        workers_->stop();
        workers_->join();
    }
}

void RobotPool::decide(View view, platform::RobotLevel level, std::uint64_t seed, std::function<void(Action)> done) {
    auto job = [this, view = std::move(view), level, seed, done = std::move(done)] {
        try {
            done(decider_(view, level, seed));
        } catch (const std::exception& e) {
            spdlog::error("robot decision failed: {}", e.what());
        }
    };
    if (workers_)
        boost::asio::post(*workers_, std::move(job));
    else
        boost::asio::post(ioc_, std::move(job));
}

}  // namespace belote::tables
