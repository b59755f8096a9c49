// Time per move: the deadline of each human decision, the automatic move when it passes, and
// the "away" state after too many automatic moves in a row.

#include <spdlog/spdlog.h>

#include "server/game/table.hpp"

namespace belote::game {

void Table::arm_turn_timer(Seat seat) {
    turn_timer_.cancel();
    ++turn_generation_;
    turn_deadline_ = 0;
    if (settings_.turn_time_s <= 0 || robot_controlled(seat) || !match_running()) return;
    std::chrono::milliseconds limit(static_cast<std::int64_t>(settings_.turn_time_s) * 1000);
    turn_deadline_ = clock_->now_ms() + limit.count();
    turn_timer_ = schedule(limit, [this, generation = turn_generation_] { turn_timed_out(generation); });
}

void Table::turn_timed_out(std::uint64_t generation) {
    if (generation != turn_generation_ || !match_running()) return;
    auto seat = match_.to_act();
    if (!seat || robot_controlled(*seat)) return;  // the robot plays it anyway
    Action action = robots_.decide(match_.view(Observer::of_seat(*seat)), actions_.size());
    ApplyResult result = match_.apply(*seat, action);
    if (!result.ok()) {
        spdlog::error("table {}: automatic move {} for seat {} refused: {}", id_, to_string(action), *seat,
                      result.message);
        return;
    }
    actions_.push_back({*seat, action});
    SeatState& st = seats_[*seat];
    ++st.auto_moves;
    spdlog::info("table {}: seat {} timed out, automatic move {} ({} in a row)", id_, *seat, to_string(action),
                 st.auto_moves);
    turn_deadline_ = 0;
    publish_public(protocol::auto_move_event(*seat));
    if (st.auto_moves >= policy_.auto_moves_before_away && !st.away) {
        st.away = true;
        publish_seat_status(*seat);
    }
    publish(result.events);
}

}  // namespace belote::game
