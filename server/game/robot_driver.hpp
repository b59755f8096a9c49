#pragma once
// Robot turns of one table: a timer on the table's strand and one seeded Rng per seat.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <array>
#include <chrono>
#include <functional>

#include "engine/rng.hpp"
#include "engine/view.hpp"

namespace belote::game {

/// Schedules and decides robot actions for a table. Used only from the table's strand.
class RobotDriver {
public:
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

    /// `delay`: how long a robot "thinks" before acting (0: on the next turn of the event loop).
    RobotDriver(Strand strand, std::chrono::milliseconds delay);

    /// Seeds the per-seat generators from the match seed (deterministic: DESIGN.md invariant 1).
    void seed(std::uint64_t match_seed);

    /// True while a robot move is scheduled.
    bool pending() const { return pending_; }

    /// Runs `fire` on the strand after the delay. Does nothing if a move is already pending.
    void schedule(std::function<void()> fire);

    /// The robot's choice for the seat of `view` (which must be to act, with legal actions).
    Action decide(const View& view);

private:
    boost::asio::steady_timer timer_;
    std::chrono::milliseconds delay_;
    std::array<Rng, 4> rngs_{Rng(1), Rng(2), Rng(3), Rng(4)};
    bool pending_ = false;
};

}  // namespace belote::game
