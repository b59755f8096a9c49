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

    /// The match whose decisions follow (their randomness derives from its seed: DESIGN.md invariant 1).
    void seed(std::uint64_t match_seed) { match_seed_ = match_seed; }

    /// True while a robot move is scheduled.
    bool pending() const { return pending_; }

    /// Runs `fire` on the strand after the delay. Does nothing if a move is already pending.
    void schedule(std::function<void()> fire);

    /// The robot's choice for the seat of `view` (which must be to act, with legal actions) as the
    /// match's decision number `decision` (the count of actions accepted before it). Its random
    /// choices come from a generator seeded by (match seed, seat, decision) alone, so a decision
    /// can be made anywhere from a copy of the view and made again identically.
    Action decide(const View& view, std::size_t decision) const;

private:
    boost::asio::steady_timer timer_;
    std::chrono::milliseconds delay_;
    std::uint64_t match_seed_ = 0;
    bool pending_ = false;
};

}  // namespace belote::game
