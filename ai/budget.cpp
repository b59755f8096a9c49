#include "ai/budget.hpp"

namespace belote::ai {

Budget::Budget(const RobotSettings& settings) : clock_(settings.clock) {
    if (!clock_) return;
    start_ = clock_();
    deadline_ = start_ + settings.time_budget;
}

bool Budget::expired() const { return clock_ && clock_() >= deadline_; }

bool Budget::nearly_expired(double share) const {
    if (!clock_) return false;
    const auto left = deadline_ - clock_();
    return left < std::chrono::duration_cast<std::chrono::steady_clock::duration>((deadline_ - start_) * share);
}

}  // namespace belote::ai
