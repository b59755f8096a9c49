#include "server/game/robot_driver.hpp"

#include <spdlog/spdlog.h>

#include "engine/robot.hpp"

namespace belote::game {

RobotDriver::RobotDriver(Strand strand, std::chrono::milliseconds delay) : timer_(strand), delay_(delay) {}

void RobotDriver::seed(std::uint64_t match_seed) {
    Rng seeder(match_seed ^ 0x7a3d5c1e9b2f4d68ull);
    for (auto& rng : rngs_) rng = Rng(seeder.next());
}

void RobotDriver::schedule(std::function<void()> fire) {
    if (pending_) return;
    pending_ = true;
    timer_.expires_after(delay_);
    timer_.async_wait([this, fire = std::move(fire)](const boost::system::error_code& ec) {
        pending_ = false;
        if (ec) return;
        fire();
    });
}

Action RobotDriver::decide(const View& view) {
    auto seat = static_cast<std::size_t>(view.observer.seat.value_or(0)) % rngs_.size();
    return robot_decide(view, rngs_[seat]);
}

}  // namespace belote::game
