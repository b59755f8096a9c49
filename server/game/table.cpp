#include "server/game/table.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/event_json.hpp"
#include "protocol/replies.hpp"
#include "server/game/random_source.hpp"
#include "server/ops/metrics.hpp"

namespace belote::game {

using protocol::ErrorCode;

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

ErrorCode code_of(RejectReason reason) {
    switch (reason) {
        case RejectReason::NotStarted: return ErrorCode::NotStarted;
        case RejectReason::MatchOver: return ErrorCode::MatchOver;
        case RejectReason::NotYourTurn: return ErrorCode::NotYourTurn;
        case RejectReason::IllegalAction: return ErrorCode::IllegalAction;
        case RejectReason::None: break;
    }
    return ErrorCode::Internal;
}

}  // namespace

Table::Table(boost::asio::io_context& ioc, std::string id, MatchOptions options, std::uint64_t seed,
             std::chrono::milliseconds robot_delay)
    : Table(ioc, std::move(id), options, seed, robot_delay, {}, make_system_clock(ioc), {}) {}

Table::Table(boost::asio::io_context& ioc, std::string id, MatchOptions options, std::uint64_t seed,
             std::chrono::milliseconds robot_delay, protocol::TableSettings settings, std::shared_ptr<Clock> clock,
             TablePolicy policy)
    : id_(std::move(id)),
      strand_(boost::asio::make_strand(ioc)),
      match_(options, seed),
      robots_(strand_, robot_delay),
      clock_(std::move(clock)),
      policy_(policy),
      options_(options),
      settings_(settings),
      history_(policy.history_capacity),
      invite_(random_token()) {
    robots_.seed(seed);
    refresh_info();
}

protocol::TableInfo Table::info() const {
    std::lock_guard lock(info_mutex_);
    return info_;
}

void Table::handle(std::shared_ptr<Player> player, std::shared_ptr<net::Connection> reply_to, nlohmann::json id,
                   protocol::TableCommand command) {
    boost::asio::post(strand_, [self = shared_from_this(), player = std::move(player), reply_to = std::move(reply_to),
                                id = std::move(id), command = std::move(command),
                                received = std::chrono::steady_clock::now()] {
        try {
            self->received_ = received;
            self->execute(player, reply_to, id, command);
        } catch (const std::exception& e) {
            spdlog::error("table {}: internal error: {}", self->id_, e.what());
            ops::metrics().error(protocol::to_string(ErrorCode::Internal));
            reply_to->send(protocol::to_text(protocol::error_reply(id, ErrorCode::Internal, "internal server error")));
        }
    });
}

void Table::execute(const std::shared_ptr<Player>& player, const std::shared_ptr<net::Connection>& reply_to,
                    const nlohmann::json& id, const protocol::TableCommand& command) {
    // The ok reply is sent by each command just before the events it causes ("replies come first").
    auto reply_ok = [&] { reply_to->send(protocol::to_text(protocol::ok_reply(id))); };
    Outcome refused =
        std::visit(Overloaded{
                       [&](const protocol::Sit& c) -> Outcome {
                           if (!invite_ok(c.invite) && !seat_of(*player))
                               return Refusal{ErrorCode::BadInvite, "this private table needs its invitation code"};
                           return sit(player, c.seat, reply_ok);
                       },
                       [&](const protocol::AddRobot& c) -> Outcome {
                           if (chief() && seat_of(*player) != chief())
                               return Refusal{ErrorCode::NotChief, "only the table chief adds robots"};
                           return add_robot(c.seat, reply_ok);
                       },
                       [&](const protocol::Start&) { return start(player, reply_ok); },
                       [&](const protocol::Act& c) { return act(player, c.action, reply_ok); },
                       [&](const protocol::GetRecord&) { return get_record(reply_to, id); },
                       [&](const protocol::SetOptions& c) { return set_options(player, c, reply_ok); },
                       [&](const protocol::RemoveRobot& c) { return remove_robot(player, c.seat, reply_ok); },
                       [&](const protocol::Stand&) { return stand(player, reply_ok); },
                       [&](const protocol::ProposeCancel&) { return propose_cancel(player, reply_ok); },
                       [&](const protocol::VoteCancel& c) { return vote_cancel(player, c.accept, reply_ok); },
                       [&](const protocol::Watch& c) { return watch(player, c, reply_ok); },
                       [&](const protocol::Chat& c) { return chat(player, reply_to, c.text, reply_ok); },
                       [&](const protocol::RenewInvite&) { return renew_invite(player, id, reply_to); },
                   },
                   command);
    if (refused) {
        spdlog::debug("table {}: refused request {} from {}: {} ({})", id_, id.dump(), player->id(),
                      protocol::to_string(refused->code), refused->message);
        ops::metrics().error(protocol::to_string(refused->code));
        reply_to->send(protocol::to_text(protocol::error_reply(id, refused->code, refused->message)));
    }
    if (auto seat = seat_of(*player)) reclaim_if_away(*seat);  // any request brings an away player back
}

Table::Outcome Table::sit(const std::shared_ptr<Player>& player, int seat, const std::function<void()>& reply_ok) {
    if (seat < 0 || seat >= match_.seats())
        return Refusal{ErrorCode::BadSeat, "seat must be 0.." + std::to_string(match_.seats() - 1)};
    if (match_running()) return Refusal{ErrorCode::AlreadyStarted, "the match has started"};
    if (auto mine = seat_of(*player))
        return Refusal{ErrorCode::AlreadySeated, "you already sit in seat " + std::to_string(*mine)};
    if (!seats_[seat].empty()) return Refusal{ErrorCode::SeatTaken, "seat " + std::to_string(seat) + " is taken"};

    auto chief_before = chief();
    seats_[seat] = SeatState{};
    seats_[seat].human = player;
    seats_[seat].sat_order = ++sit_counter_;
    bool was_watching = spectators_.erase(player->id()) > 0;
    player->add_table(id_);
    refresh_info();
    spdlog::info("table {}: {} ({}) sits in seat {}", id_, player->id(), player->nickname(), seat);
    reply_ok();
    publish_seat_changed(seat);
    seats_[seat].seated_since_v = v_;
    send_snapshot(seat);
    if (chief_before && chief() != chief_before) publish_options();  // a first chief shows in snapshots
    if (was_watching) publish_public(protocol::spectators_event(static_cast<int>(spectators_.size())));
    return std::nullopt;
}

Table::Outcome Table::add_robot(int seat, const std::function<void()>& reply_ok) {
    if (seat < 0 || seat >= match_.seats())
        return Refusal{ErrorCode::BadSeat, "seat must be 0.." + std::to_string(match_.seats() - 1)};
    if (match_running()) return Refusal{ErrorCode::AlreadyStarted, "the match has started"};
    if (!seats_[seat].empty()) return Refusal{ErrorCode::SeatTaken, "seat " + std::to_string(seat) + " is taken"};

    seats_[seat].robot = true;
    refresh_info();
    spdlog::info("table {}: robot in seat {}", id_, seat);
    reply_ok();
    publish_seat_changed(seat);
    return std::nullopt;
}

Table::Outcome Table::start(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok) {
    if (!seat_of(*player)) return Refusal{ErrorCode::NotSeated, "only a player seated at the table may start it"};
    if (seat_of(*player) != chief()) return Refusal{ErrorCode::NotChief, "only the table chief starts the match"};
    if (match_running()) return Refusal{ErrorCode::AlreadyStarted, "the match has started"};
    for (Seat s = 0; s < match_.seats(); ++s)
        if (seats_[s].empty()) return Refusal{ErrorCode::SeatsEmpty, "seat " + std::to_string(s) + " is empty"};

    reset_for_new_match();
    auto events = match_.start();
    ops::metrics().match_started();
    for (Seat s = 0; s < match_.seats(); ++s)
        if (seats_[s].disconnected) start_reclaim_window(s);
    refresh_info();
    spdlog::info("table {}: match started ({}, target {})", id_, to_string(match_.options().variant),
                 match_.options().target);
    reply_ok();
    publish(events);
    return std::nullopt;
}

Table::Outcome Table::act(const std::shared_ptr<Player>& player, const Action& action,
                          const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat) return Refusal{ErrorCode::NotSeated, "you have no seat at this table"};
    if (cancelled_) return Refusal{ErrorCode::MatchOver, "the match was cancelled"};
    if (seats_[*seat].abandoned)
        return Refusal{ErrorCode::NotYourTurn, "a robot plays your seat to the end of the match"};
    ApplyResult result = match_.apply(*seat, action);
    if (!result.ok()) return Refusal{code_of(result.reason), result.message};
    actions_.push_back({*seat, action});
    seats_[*seat].auto_moves = 0;
    reply_ok();
    publish(result.events);
    ops::metrics().observe_action_latency(std::chrono::steady_clock::now() - received_);
    return std::nullopt;
}

std::optional<Seat> Table::seat_of(const Player& player) const {
    for (Seat s = 0; s < match_.seats(); ++s)
        if (seats_[s].human.get() == &player) return s;
    return std::nullopt;
}

bool Table::robot_controlled(Seat seat) const {
    const SeatState& state = seats_[seat];
    return state.robot || state.abandoned || state.away || state.disconnected ||
           (state.human && !state.human->connection());
}

std::shared_ptr<net::Connection> Table::synced_connection(Seat seat) const {
    const SeatState& state = seats_[seat];
    if (!state.human) return nullptr;
    auto connection = state.human->connection();
    if (!connection || connection->id() != state.synced_connection) return nullptr;
    return connection;
}

void Table::publish(const std::vector<Event>& events) {
    bool ended_now = false;
    for (const Event& event : events) {
        ++v_;
        HistoryEntry entry{v_, event, nlohmann::json::object()};
        if (const auto* turn = std::get_if<TurnStarted>(&event)) {
            arm_turn_timer(turn->seat);
            entry.body["deadline"] = turn_deadline_ ? nlohmann::json(turn_deadline_) : nlohmann::json(nullptr);
        }
        if (std::holds_alternative<MatchEnded>(event)) {
            nlohmann::json abandoned = nlohmann::json::array();
            for (Seat s = 0; s < match_.seats(); ++s)
                if (seats_[s].abandoned) abandoned.push_back(s);
            entry.body["abandoned"] = std::move(abandoned);
            entry.body["stake"] = settings_.stake;
            entry.body["competitive"] = settings_.competitive;
            ended_now = true;
        }
        for (Seat s = 0; s < match_.seats(); ++s)
            if (auto connection = synced_connection(s))
                connection->send(protocol::to_text(EventHistory::render(entry, Observer::of_seat(s), id_)));
        if (!spectators_.empty()) {
            auto text = protocol::to_text(EventHistory::render(entry, Observer::spectator(), id_));
            for (const auto& [pid, spectator] : spectators_)
                if (auto connection = spectator.player->connection();
                    connection && connection->id() == spectator.connection)
                    connection->send(text);
        }
        history_.add(std::move(entry));
        if (const auto* ended = std::get_if<MatchEnded>(&event)) {
            ops::metrics().match_finished();
            spdlog::info("table {}: match ended, team {} wins {}-{}", id_, ended->winner, ended->totals[0],
                         ended->totals[1]);
        }
    }
    if (ended_now) end_of_match_cleanup();
    // The lobby entry changes here only when the table's state does (a match starting or ending):
    // rebuilding it after every card took ~18 % of the server's CPU (docs/performance.md).
    if (ended_now || table_state() != info_state_) refresh_info();
    maybe_schedule_robot();
}

void Table::publish_seat_changed(Seat seat) {
    auto player = info().seats[seat];
    auto body = protocol::seat_changed_json(id_, 0, seat, player);
    body.erase("table");
    body.erase("v");
    publish_public(std::move(body), seat);
}

void Table::send_snapshot(Seat seat) {
    auto connection = seats_[seat].human ? seats_[seat].human->connection() : nullptr;
    if (!connection) return;
    seats_[seat].synced_connection = connection->id();
    auto snapshot = protocol::snapshot_json(info(), v_, match_.view(Observer::of_seat(seat)));
    decorate_snapshot(snapshot, seat);
    connection->send(protocol::to_text(snapshot));
}

protocol::TableState Table::table_state() const {
    return match_.phase() == Phase::NotStarted ? protocol::TableState::Waiting
           : match_.finished() || cancelled_   ? protocol::TableState::Finished
                                               : protocol::TableState::Playing;
}

void Table::refresh_info() {
    protocol::TableInfo info;
    info.id = id_;
    info.variant = match_running() ? match_.options().variant : options_.variant;
    info.target = match_running() ? match_.options().target : options_.target;
    info.state = table_state();
    info_state_ = info.state;
    for (Seat s = 0; s < match_.seats(); ++s) {
        const SeatState& state = seats_[s];
        if (state.human)
            info.seats.push_back(protocol::PlayerInfo{state.human->nickname(), false});
        else if (state.robot)
            info.seats.push_back(protocol::PlayerInfo{"Robot " + std::to_string(s), true});
        else
            info.seats.push_back(std::nullopt);
    }
    auto summary = protocol::table_summary_json(info);
    summary["options"] = options_json();
    auto chief_seat = chief();
    summary["chief"] = chief_seat ? nlohmann::json(seats_[*chief_seat].human->nickname()) : nlohmann::json(nullptr);
    summary["spectators"] = spectators_.size();
    std::lock_guard lock(info_mutex_);
    info_ = std::move(info);
    summary_ = std::move(summary);
    listed_ = !settings_.private_table;
}

void Table::maybe_schedule_robot() {
    if (robots_.pending() || !match_running()) return;
    auto seat = match_.to_act();
    if (!seat || !robot_controlled(*seat)) return;
    robots_.schedule([self = shared_from_this()] {
        try {
            self->robot_turn();
        } catch (const std::exception& e) {
            spdlog::error("table {}: robot failed: {}", self->id_, e.what());
        }
    });
}

void Table::robot_turn() {
    if (!match_running()) return;
    auto seat = match_.to_act();
    if (!seat || !robot_controlled(*seat)) return;  // a human came back, or the match ended
    Action action = robots_.decide(match_.view(Observer::of_seat(*seat)), actions_.size());
    ApplyResult result = match_.apply(*seat, action);
    if (!result.ok()) {
        spdlog::error("table {}: robot in seat {} chose a refused action {}: {}", id_, *seat, to_string(action),
                      result.message);
        return;
    }
    actions_.push_back({*seat, action});
    publish(result.events);
}

}  // namespace belote::game
