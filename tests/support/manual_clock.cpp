#include "tests/support/manual_clock.hpp"

namespace belote::testing {

std::int64_t ManualClock::now_ms() const {
    std::lock_guard lock(mutex_);
    return now_;
}

tables::TimerHandle ManualClock::schedule(std::chrono::milliseconds delay, std::function<void()> fire) {
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(mutex_);
    timers_.emplace(std::make_pair(now_ + delay.count(), seq_++), Entry{cancelled, std::move(fire)});
    return tables::TimerHandle(cancelled);
}

void ManualClock::advance(std::chrono::milliseconds by) {
    std::int64_t target;
    {
        std::lock_guard lock(mutex_);
        target = now_ + by.count();
    }
    for (;;) {
        Entry entry;
        {
            std::lock_guard lock(mutex_);
            auto it = timers_.begin();
            if (it == timers_.end() || it->first.first > target) {
                now_ = target;
                return;
            }
            now_ = std::max(now_, it->first.first);
            entry = std::move(it->second);
            timers_.erase(it);
        }
        if (!entry.cancelled->load()) entry.fire();
    }
}

std::size_t ManualClock::pending() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [due, entry] : timers_)
        if (!entry.cancelled->load()) ++n;
    return n;
}

}  // namespace belote::testing
