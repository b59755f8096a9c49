#pragma once
// Robot decisions off the table strands (docs/design.md invariant 3): a bounded pool of worker threads.

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "engine/action.hpp"
#include "engine/view.hpp"

namespace belote::tables {

/// Decides for the seat of a view, from that view only (docs/design.md invariant 7); `seed` supplies
/// all of its randomness, so the same view and seed give the same action.
using RobotDecider = std::function<Action(const View& view, std::uint64_t seed)>;

/// Today's robot (engine/robot.hpp) as a RobotDecider.
RobotDecider heuristic_robot();

/// The seed of robot decision number `decision` (actions accepted before it) for `seat` of the match
/// seeded `match_seed`.
std::uint64_t robot_seed(std::uint64_t match_seed, int seat, std::size_t decision);

/// Runs robot decisions on `threads` worker threads (asio::thread_pool), or on `ioc` itself when
/// `threads` is 0 (then they are deterministic with a single-threaded io_context: tests). A
/// decision that throws is logged and gives no action. Thread-safe.
class RobotPool {
public:
    RobotPool(boost::asio::io_context& ioc, unsigned threads, RobotDecider decider = heuristic_robot());
    /// Stops the workers: decisions not started are dropped, running ones finish first.
    ~RobotPool();

    /// Decides for `view` (a copy the worker owns) with `seed`, then calls `done` with the action on
    /// the worker thread (it must post to the table's strand).
    void decide(View view, std::uint64_t seed, std::function<void(Action)> done);

private:
    boost::asio::io_context& ioc_;
    std::optional<boost::asio::thread_pool> workers_;
    RobotDecider decider_;
};

}  // namespace belote::tables
