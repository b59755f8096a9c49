#pragma once
// Time for the tables: wall-clock "now" (for deadlines sent to clients) and timers. Injectable,
// so tests drive timers with a ManualClock instead of waiting.

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

namespace belote::tables {

/// Cancels one scheduled callback. Copyable; a default-constructed handle refers to nothing.
/// Thread-safe. Cancelling after the callback ran (or twice) does nothing.
class TimerHandle {
public:
    TimerHandle() = default;
    explicit TimerHandle(std::shared_ptr<std::atomic<bool>> cancelled) : cancelled_(std::move(cancelled)) {}
    /// The callback will not run (if it has not started yet).
    void cancel() {
        if (cancelled_) cancelled_->store(true);
    }

private:
    std::shared_ptr<std::atomic<bool>> cancelled_;
};

/// The time source of tables (turn deadlines, reclaim windows, cancel votes). Thread-safe.
class Clock {
public:
    virtual ~Clock() = default;
    /// Milliseconds since the Unix epoch (the unit of every deadline on the wire).
    virtual std::int64_t now_ms() const = 0;
    /// Runs `fire` once, on some thread, when `delay` has passed (never synchronously inside
    /// schedule). `fire` must post to a strand if it touches strand-owned state.
    virtual TimerHandle schedule(std::chrono::milliseconds delay, std::function<void()> fire) = 0;
};

/// The real clock: std::chrono::system_clock for now_ms, Asio steady timers on `ioc` for
/// schedule. `ioc` must outlive every scheduled timer.
std::shared_ptr<Clock> make_system_clock(boost::asio::io_context& ioc);

}  // namespace belote::tables
