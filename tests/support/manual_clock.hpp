#pragma once
// A Clock that moves only when told to (tests: deadlines and windows without waiting).

#include <map>
#include <mutex>
#include <utility>

#include "server/tables/clock.hpp"

namespace belote::testing {

/// now_ms() starts at `start_ms` and changes only through advance(). Thread-safe.
class ManualClock final : public tables::Clock {
public:
    explicit ManualClock(std::int64_t start_ms = 1'800'000'000'000) : now_(start_ms) {}

    std::int64_t now_ms() const override;
    tables::TimerHandle schedule(std::chrono::milliseconds delay, std::function<void()> fire) override;

    /// Moves time forward by `by` and runs, on the calling thread and in due-time order, every
    /// callback due by then (including ones scheduled by those callbacks). Callbacks that post to
    /// a strand return at once; the test then observes their effects through its clients.
    void advance(std::chrono::milliseconds by);

    /// Number of callbacks scheduled and neither run nor cancelled.
    std::size_t pending() const;

private:
    struct Entry {
        std::shared_ptr<std::atomic<bool>> cancelled;
        std::function<void()> fire;
    };
    mutable std::mutex mutex_;
    std::int64_t now_;
    std::uint64_t seq_ = 0;
    std::multimap<std::pair<std::int64_t, std::uint64_t>, Entry> timers_;  ///< by (due, order)
};

}  // namespace belote::testing
