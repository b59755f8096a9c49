// Table chief, table options, seating between matches, invitation codes, and the helpers the
// platform features share (publishing platform events, decorating snapshots).

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/replies.hpp"
#include "server/game/random_source.hpp"
#include "server/game/table.hpp"

namespace belote::game {

using protocol::ErrorCode;

bool Table::match_running() const {
    return !cancelled_ && (match_.phase() == Phase::Auction || match_.phase() == Phase::Play);
}

std::optional<Seat> Table::chief() const {
    std::optional<Seat> best;
    for (Seat s = 0; s < match_.seats(); ++s)
        if (seats_[s].human && (!best || seats_[s].sat_order < seats_[*best].sat_order)) best = s;
    return best;
}

nlohmann::json Table::options_json() const { return protocol::options_json(options_, settings_); }

void Table::publish_options() { publish_public(protocol::table_options_event(chief(), options_json())); }

nlohmann::json Table::summary() const {
    std::lock_guard lock(info_mutex_);
    return summary_;
}

bool Table::listed() const {
    std::lock_guard lock(info_mutex_);
    return listed_;
}

std::string Table::invite() const {
    std::lock_guard lock(info_mutex_);
    return invite_;
}

bool Table::invite_ok(const std::optional<std::string>& invite) const {
    if (!settings_.private_table) return true;
    return invite && *invite == this->invite();
}

Table::Outcome Table::set_options(const std::shared_ptr<Player>& player, const protocol::SetOptions& c,
                                  const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat || seat != chief()) return Refusal{ErrorCode::NotChief, "only the table chief changes options"};
    if (match_running()) return Refusal{ErrorCode::MatchInProgress, "options change only between matches"};
    MatchOptions next = options_;
    protocol::TableSettings settings = settings_;
    protocol::apply_patch(c.options, next, settings);
    if (auto problem = validate(next)) return Refusal{ErrorCode::InvalidOptions, *problem};
    if (seat_count(next.variant) != match_.seats())
        return Refusal{ErrorCode::InvalidOptions, "the variant must keep the table's number of seats"};
    options_ = next;
    settings_ = settings;
    if (match_.phase() == Phase::NotStarted) match_ = Match(options_, match_.seed());
    refresh_info();
    spdlog::info("table {}: options changed by {}: {}", id_, player->id(), options_json().dump());
    reply_ok();
    publish_options();
    return std::nullopt;
}

Table::Outcome Table::remove_robot(const std::shared_ptr<Player>& player, int seat,
                                   const std::function<void()>& reply_ok) {
    if (seat_of(*player) != chief() || !chief())
        return Refusal{ErrorCode::NotChief, "only the table chief removes robots"};
    if (seat < 0 || seat >= match_.seats())
        return Refusal{ErrorCode::BadSeat, "seat must be 0.." + std::to_string(match_.seats() - 1)};
    if (match_running()) return Refusal{ErrorCode::MatchInProgress, "robots leave only between matches"};
    if (!seats_[seat].robot) return Refusal{ErrorCode::NotARobot, "seat " + std::to_string(seat) + " has no robot"};
    seats_[seat] = SeatState{};
    refresh_info();
    reply_ok();
    publish_seat_changed(seat);
    return std::nullopt;
}

Table::Outcome Table::stand(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat) return Refusal{ErrorCode::NotSeated, "you have no seat at this table"};
    if (match_running()) return Refusal{ErrorCode::MatchInProgress, "players stand up only between matches"};
    auto chief_before = chief();
    seats_[*seat] = SeatState{};
    refresh_info();
    spdlog::info("table {}: {} stands up from seat {}", id_, player->id(), *seat);
    reply_ok();
    publish_seat_changed(*seat);
    if (chief() != chief_before) publish_options();
    return std::nullopt;
}

Table::Outcome Table::renew_invite(const std::shared_ptr<Player>& player, const nlohmann::json& id,
                                   const std::shared_ptr<net::Connection>& reply_to) {
    auto seat = seat_of(*player);
    if (!seat || seat != chief()) return Refusal{ErrorCode::NotChief, "only the table chief renews the invitation"};
    std::string code = random_token();
    {
        std::lock_guard lock(info_mutex_);
        invite_ = code;
    }
    spdlog::info("table {}: invitation renewed by {}", id_, player->id());
    reply_to->send(protocol::to_text(protocol::ok_reply(id, {{"invite", code}})));
    return std::nullopt;
}

void Table::reset_for_new_match() {
    // Every match draws its seed as it starts: no seed exists before it is needed.
    auto seed = random_seed();
    match_ = Match(options_, seed);
    robots_.seed(seed);
    cancelled_ = false;
    cancel_.reset();
    turn_deadline_ = 0;
    for (auto& seat : seats_) {
        seat.cancel_proposals = 0;
        seat.auto_moves = 0;
        seat.away = false;
        seat.abandoned = false;
    }
}

void Table::end_of_match_cleanup() {
    turn_timer_.cancel();
    turn_deadline_ = 0;
    ++turn_generation_;
    if (cancel_) reject_cancel("match_ended");
    // A player who abandoned loses the seat once the match is over; a disconnected one keeps it.
    for (Seat s = 0; s < match_.seats(); ++s) {
        SeatState& seat = seats_[s];
        seat.reclaim_timer.cancel();
        seat.reclaim_deadline.reset();
        seat.away = false;
        seat.auto_moves = 0;
        if (seat.abandoned) {
            auto chief_before = chief();
            seat = SeatState{};
            refresh_info();
            publish_seat_changed(s);
            if (chief() != chief_before) publish_options();
        }
    }
}

void Table::publish_public(nlohmann::json body, std::optional<Seat> skip_seat) {
    ++v_;
    HistoryEntry entry{v_, std::nullopt, std::move(body)};
    auto text = protocol::to_text(EventHistory::render(entry, Observer::spectator(), id_));
    for (Seat s = 0; s < match_.seats(); ++s)
        if (s != skip_seat)
            if (auto connection = synced_connection(s)) connection->send(text);
    for (const auto& [pid, spectator] : spectators_)
        if (auto connection = spectator.player->connection(); connection && connection->id() == spectator.connection)
            connection->send(text);
    history_.add(std::move(entry));
}

void Table::decorate_snapshot(nlohmann::json& snapshot, std::optional<Seat> seat) const {
    auto chief_seat = chief();
    snapshot["chief"] = chief_seat ? nlohmann::json(*chief_seat) : nlohmann::json(nullptr);
    snapshot["options"] = options_json();
    if (seat && seat == chief_seat) snapshot["invite"] = invite();
    nlohmann::json presence = nlohmann::json::array();
    for (Seat s = 0; s < match_.seats(); ++s) {
        auto status = protocol::seat_status_event(s, presence_of(s), robot_controlled(s), seats_[s].reclaim_deadline);
        status.erase("type");
        presence.push_back(std::move(status));
    }
    snapshot["presence"] = std::move(presence);
    snapshot["deadline"] = turn_deadline_ ? nlohmann::json(turn_deadline_) : nlohmann::json(nullptr);
    snapshot["cancelled"] = cancelled_;
    if (cancel_) {
        nlohmann::json votes = nlohmann::json::object();
        for (const auto& [s, vote] : cancel_->votes)
            votes[std::to_string(s)] = vote ? nlohmann::json(*vote) : nlohmann::json(nullptr);
        snapshot["cancel"] = {{"by", cancel_->by}, {"deadline", cancel_->deadline}, {"votes", votes}};
    } else {
        snapshot["cancel"] = nullptr;
    }
    snapshot["spectators"] = spectators_.size();
}

void Table::post(std::function<void()> f) {
    boost::asio::post(strand_, [self = shared_from_this(), f = std::move(f)] {
        try {
            f();
        } catch (const std::exception& e) {
            spdlog::error("table {}: {}", self->id_, e.what());
        }
    });
}

TimerHandle Table::schedule(std::chrono::milliseconds delay, std::function<void()> on_strand) {
    return clock_->schedule(delay, [weak = weak_from_this(), f = std::move(on_strand)]() mutable {
        if (auto self = weak.lock()) self->post(std::move(f));
    });
}

}  // namespace belote::game
