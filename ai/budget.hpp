#pragma once
// The deadline of one decision, read from the caller's clock (none in fixed-work mode).

#include "ai/robot_settings.hpp"

namespace belote::ai {

/// Tracks the time budget of a decision. Cheap to query (one clock read).
class Budget {
public:
    /// Starts the budget now (when `settings.clock` is set).
    explicit Budget(const RobotSettings& settings);
    /// True once the deadline has passed; always false in fixed-work mode.
    bool expired() const;
    /// True when less than `share` (0..1) of the budget remains; always false in fixed-work mode.
    bool nearly_expired(double share) const;

private:
    Clock clock_;
    std::chrono::steady_clock::time_point start_{}, deadline_{};
};

}  // namespace belote::ai
