#include "server/game/robot_driver.hpp"

#include <spdlog/spdlog.h>

#include "engine/robot.hpp"

namespace belote::game {

RobotDriver::RobotDriver(Strand strand, std::chrono::milliseconds delay) : timer_(strand), delay_(delay) {}

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

Action RobotDriver::decide(const View& view, std::size_t decision) const {
    auto seat = static_cast<std::uint64_t>(view.observer.seat.value_or(0));
    Rng seeder(match_seed_ ^ 0x7a3d5c1e9b2f4d68ull ^ (seat << 56) ^ (static_cast<std::uint64_t>(decision) << 8));
    Rng rng(seeder.next());
    return robot_decide(view, rng);
}

}  // namespace belote::game
