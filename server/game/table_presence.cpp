// Presence at a table: disconnection (robot takeover, reclaim window, abandonment), return with
// replay or snapshot, and "away" players brought back by their next request.

#include <spdlog/spdlog.h>

#include "protocol/replies.hpp"
#include "server/game/table.hpp"
#include "server/ops/metrics.hpp"

namespace belote::game {

protocol::SeatPresence Table::presence_of(Seat seat) const {
    const SeatState& st = seats_[seat];
    if (st.abandoned) return protocol::SeatPresence::Abandoned;
    if (st.disconnected) return protocol::SeatPresence::Disconnected;
    if (st.away) return protocol::SeatPresence::Away;
    return protocol::SeatPresence::Present;
}

void Table::publish_seat_status(Seat seat) {
    publish_public(
        protocol::seat_status_event(seat, presence_of(seat), robot_controlled(seat), seats_[seat].reclaim_deadline));
}

void Table::resync(std::shared_ptr<Player> player) { resync(std::move(player), std::nullopt); }

void Table::resync(std::shared_ptr<Player> player, std::optional<std::uint64_t> seen) {
    post([this, player = std::move(player), seen] {
        auto connection = player->connection();
        if (!connection) return;
        if (auto seat = seat_of(*player)) {
            SeatState& st = seats_[*seat];
            bool returned = st.disconnected;
            if (returned) {
                // The seat comes back at the next decision: a pending one is still the robot's.
                if (match_running() && match_.to_act() == seat && !st.abandoned) robot_turn();
                st.disconnected = false;
                if (!st.abandoned) {
                    st.reclaim_timer.cancel();
                    st.reclaim_deadline.reset();
                }
                if (match_running() && match_.to_act() == seat && !robot_controlled(*seat)) arm_turn_timer(*seat);
                spdlog::info("table {}: {} is back in seat {}", id_, player->id(), *seat);
            }
            std::optional<std::vector<nlohmann::json>> missed;
            if (seen && *seen >= st.seated_since_v) missed = history_.since(*seen, v_, Observer::of_seat(*seat), id_);
            if (missed) {
                for (const auto& message : *missed) connection->send(protocol::to_text(message));
                st.synced_connection = connection->id();
            } else {
                send_snapshot(*seat);
            }
            if (returned) publish_seat_status(*seat);
            maybe_schedule_robot();
            return;
        }
        auto it = spectators_.find(player->id());
        if (it == spectators_.end()) return;
        it->second.connection = connection->id();
        std::optional<std::vector<nlohmann::json>> missed;
        if (seen) missed = history_.since(*seen, v_, Observer::spectator(), id_);
        if (missed)
            for (const auto& message : *missed) connection->send(protocol::to_text(message));
        else
            send_spectator_snapshot(it->second);
    });
}

void Table::presence_changed() {
    post([this] {
        for (Seat s = 0; s < match_.seats(); ++s)
            if (seats_[s].human && !seats_[s].human->connection() && !seats_[s].disconnected) on_disconnect(s);
        std::size_t before = spectators_.size();
        std::erase_if(spectators_, [](const auto& entry) {
            auto connection = entry.second.player->connection();
            return !connection || connection->id() != entry.second.connection;
        });
        if (spectators_.size() != before) {
            refresh_info();
            publish_public(protocol::spectators_event(static_cast<int>(spectators_.size())));
        }
        maybe_schedule_robot();
    });
}

void Table::on_disconnect(Seat seat) {
    seats_[seat].disconnected = true;
    spdlog::info("table {}: seat {} disconnected", id_, seat);
    if (match_running())
        start_reclaim_window(seat);  // publishes the seat status
    else
        publish_seat_status(seat);
}

void Table::start_reclaim_window(Seat seat) {
    ops::metrics().robot_takeover();
    SeatState& st = seats_[seat];
    st.reclaim_timer.cancel();
    std::int64_t deadline = clock_->now_ms() + policy_.reclaim_window.count();
    st.reclaim_deadline = deadline;
    st.reclaim_timer = schedule(policy_.reclaim_window, [this, seat, deadline] {
        reclaim_expired(seat, static_cast<std::uint64_t>(deadline));
    });
    publish_seat_status(seat);
}

void Table::reclaim_expired(Seat seat, std::uint64_t deadline) {
    SeatState& st = seats_[seat];
    if (!st.disconnected || st.abandoned || !match_running() ||
        st.reclaim_deadline != static_cast<std::int64_t>(deadline))
        return;
    st.abandoned = true;
    spdlog::info("table {}: seat {} abandoned (reclaim window over)", id_, seat);
    publish_seat_status(seat);
}

void Table::reclaim_if_away(Seat seat) {
    SeatState& st = seats_[seat];
    if (!st.away) return;
    st.auto_moves = 0;
    if (match_running() && match_.to_act() == seat) robot_turn();  // back at the next decision
    st.away = false;
    publish_seat_status(seat);
}

}  // namespace belote::game
