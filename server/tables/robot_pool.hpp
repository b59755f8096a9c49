#pragma once
// Robot decisions off the table strands (docs/design.md invariant 3): a bounded pool of worker threads.

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "engine/action.hpp"
#include "engine/view.hpp"
#include "platform/robot_level.hpp"

namespace belote::tables {

/// Decides for the seat of a view, from that view only (docs/design.md invariant 7), playing at
/// `level`; `seed` supplies all of its randomness.
using RobotDecider = std::function<Action(const View& view, platform::RobotLevel level, std::uint64_t seed)>;

/// The robots of ai/ (ai::decide) at each level, each decision bounded by `budget` of
/// std::chrono::steady_clock from its start. Easy is the engine's robot; the others may depend on
/// the machine's speed when the deadline cuts their work.
RobotDecider level_robots(std::chrono::milliseconds budget);

/// The engine's robot (engine/robot.hpp) whatever the level: same view and seed, same action.
/// For tests that need exactly reproducible robot play.
RobotDecider heuristic_robot();

/// The seed of robot decision number `decision` (actions accepted before it) for `seat` of the match
/// seeded `match_seed`.
std::uint64_t robot_seed(std::uint64_t match_seed, int seat, std::size_t decision);

/// Runs robot decisions on `threads` worker threads (asio::thread_pool), or on `ioc` itself when
/// `threads` is 0 (then they are deterministic with a single-threaded io_context: tests). A
/// decision that throws is logged and gives no action. Thread-safe.
class RobotPool {
public:
    RobotPool(boost::asio::io_context& ioc, unsigned threads, RobotDecider decider);
    /// Stops the workers: decisions not started are dropped, running ones finish first.
    ~RobotPool();
    /// The same as the destructor: decisions not started are dropped, running ones finish. Idempotent.
    void stop();

    /// Decides for `view` (a copy the worker owns) at `level` with `seed`, then calls `done` with the
    /// action on the worker thread (it must post to the table's strand).
    void decide(View view, platform::RobotLevel level, std::uint64_t seed, std::function<void(Action)> done);

private:
    boost::asio::io_context& ioc_;
    std::optional<boost::asio::thread_pool> workers_;
    RobotDecider decider_;
};

}  // namespace belote::tables
