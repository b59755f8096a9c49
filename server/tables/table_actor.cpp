#include "server/tables/table_actor.hpp"

#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>

#include "engine/overloaded.hpp"
#include "platform/decide.hpp"
#include "platform/evolve.hpp"
#include "platform/snapshot.hpp"
#include "protocol/error_code.hpp"
#include "protocol/journal_json.hpp"
#include "protocol/messages.hpp"
#include "server/ops/metrics.hpp"
#include "server/tables/table_recovery.hpp"

namespace belote::tables {

using protocol::ErrorCode;

namespace {

/// Events that change what the lobby shows of a table.
bool changes_entry(const platform::TableEvent& event) {
    return std::holds_alternative<platform::Seated>(event) || std::holds_alternative<platform::RobotSeated>(event) ||
           std::holds_alternative<platform::SeatFreed>(event) ||
           std::holds_alternative<platform::OptionsChanged>(event) ||
           std::holds_alternative<platform::SpectatorJoined>(event) ||
           std::holds_alternative<platform::SpectatorLeft>(event) ||
           std::holds_alternative<platform::MatchBegun>(event) ||
           std::holds_alternative<platform::MatchCancelled>(event) ||
           std::holds_alternative<platform::StandingChanged>(event) ||  // a level shown in the lobby
           std::holds_alternative<platform::SeatsFilled>(event);
}

}  // namespace

TableActor::TableActor(TableServices services, platform::TableState initial, std::uint64_t epoch)
    : TableActor(std::move(services), std::move(initial), TableHistory(initial.policy.history_capacity), 0, epoch) {}

TableActor::TableActor(TableServices services, platform::TableState recovered, TableHistory history,
                       std::uint64_t journal_seq, std::uint64_t epoch)
    : services_(std::move(services)),
      id_(recovered.id),
      epoch_(epoch),
      strand_(boost::asio::make_strand(*services_.ioc)),
      state_(std::move(recovered)),
      history_(std::move(history)),
      journal_seq_(journal_seq),
      robot_timer_(strand_),
      invite_(state_.invite) {
    entry_ = state_.lobby_entry();  // the directory indexes it when it adds the table
    for (int seat = 0; seat < state_.seat_count(); ++seat)
        if (state_.seats[seat].human) seated_.push_back(state_.seats[seat].human->id);
    entry_dirty_ = false;
}

void TableActor::start() {
    post([this] { settle(); });
}

void TableActor::post(std::function<void()> f) {
    boost::asio::post(strand_, [self = shared_from_this(), f = std::move(f)] {
        try {
            f();
        } catch (const std::exception& e) {
            spdlog::error("table {}: {}", self->id_, e.what());
        }
    });
}

void TableActor::request(std::shared_ptr<players::Player> player, platform::TableRequest request, ReplyTo reply,
                         std::chrono::steady_clock::time_point received) {
    boost::asio::post(strand_, [self = shared_from_this(), player = std::move(player), request = std::move(request),
                                reply = std::move(reply), received]() mutable {
        try {
            std::vector<platform::Standing> read;
            if (auto* start = std::get_if<platform::Start>(&request)) {
                self->draw_seed(player->ref(), *start);
                read = start->standings;
            }
            if (auto* renew = std::get_if<platform::RenewInvite>(&request))
                renew->code = self->services_.random->token();
            Origin origin{player, &reply, std::nullopt, false, received};
            self->execute(platform::FromPlayer{player->ref(), std::move(request)}, origin);
            // A start refused (for want of chips, say) shows the standings it was judged on at once.
            if (!read.empty()) self->execute(platform::StandingsRead{std::move(read)}, Origin{player});
            // Any request brings an "away" player back (after the decision pending, if it is theirs).
            self->execute(platform::ShowedUp{player->ref()}, Origin{player});
            self->settle();
        } catch (const std::exception& e) {
            spdlog::error("table {}: internal error: {}", self->id_, e.what());
            ops::metrics().error(protocol::to_string(ErrorCode::Internal));
            self->send_reply(reply, protocol::error_text(reply.id, ErrorCode::Internal, "internal server error"));
            self->seal();
        }
    });
}

void TableActor::standings_read(std::vector<platform::Standing> standings) {
    post([this, standings = std::move(standings)]() mutable {
        execute(platform::StandingsRead{std::move(standings)}, Origin{});
        settle();
    });
}

void TableActor::draw_seed(const platform::PlayerRef& from, platform::Start& start) {
    // Only a start that will be accepted draws a seed: a refused one leaves the generator untouched.
    auto decision = platform::decide(state_, platform::FromPlayer{from, start}, services_.clock->now_ms());
    if (std::holds_alternative<std::vector<platform::TableEvent>>(decision)) start.seed = services_.random->seed();
}

void TableActor::reconnect(std::shared_ptr<players::Player> player, std::optional<std::uint64_t> seen) {
    post([this, player = std::move(player), seen] {
        execute(platform::ConnectionBack{player->ref()}, Origin{player, nullptr, seen, true});
        settle();
    });
}

void TableActor::disconnect(std::shared_ptr<players::Player> player) {
    post([this, player = std::move(player)] {
        execute(platform::ConnectionLost{player->ref()}, Origin{player});
        settle();
    });
}

platform::LobbyEntry TableActor::entry() const {
    std::lock_guard lock(entry_mutex_);
    return entry_;
}

std::string TableActor::invite() const {
    std::lock_guard lock(entry_mutex_);
    return invite_;
}

std::vector<std::string> TableActor::seated() const {
    std::lock_guard lock(entry_mutex_);
    return seated_;
}

void TableActor::execute(const platform::Command& command, const Origin& origin) {
    const auto* from = std::get_if<platform::FromPlayer>(&command);
    if (from)
        if (const auto* query = std::get_if<platform::GetRecord>(&from->request))
            return answer_query(from->from, *query, origin);
    if (lost_) {
        if (origin.reply)
            send_reply(*origin.reply, protocol::error_text(origin.reply->id, ErrorCode::StorageUnavailable,
                                                           "this table is served by another server now: reconnect"));
        return;
    }
    if (broken_ || !services_.store->healthy()) {
        // Nothing may change that could not be stored: a person hears why, the machinery waits.
        held_ = true;
        if (origin.reply)
            send_reply(*origin.reply,
                       protocol::error_text(origin.reply->id, ErrorCode::StorageUnavailable,
                                            "the server cannot store changes right now: try again soon"));
        if (origin.resync) resync(origin.player, origin.seen);
        return;
    }
    const std::int64_t now = services_.clock->now_ms();
    platform::Decision decision = platform::decide(state_, command, now);
    if (const auto* fill = std::get_if<platform::FillExpired>(&command)) {
        // The robot fill starts a match: its seed is drawn only when it does (as for Start).
        const auto* events = std::get_if<std::vector<platform::TableEvent>>(&decision);
        if (events && std::any_of(events->begin(), events->end(), [](const platform::TableEvent& e) {
                return std::holds_alternative<platform::MatchBegun>(e);
            })) {
            platform::FillExpired seeded = *fill;
            seeded.seed = services_.random->seed();
            decision = platform::decide(state_, seeded, now);
        }
    }
    if (const auto* refused = std::get_if<platform::Refused>(&decision)) return refuse(*refused, origin);
    if (std::holds_alternative<platform::Deferred>(decision)) {
        parked_.push_back({command, origin.player, origin.seen, origin.resync});
        return;
    }
    const auto& events = std::get<std::vector<platform::TableEvent>>(decision);
    if (const auto* start = from ? std::get_if<platform::Start>(&from->request) : nullptr) {
        const auto* begun = events.empty() ? nullptr : std::get_if<platform::MatchBegun>(&events.front());
        bool stakes = false;
        for (int s = 0; begun && s < state_.seat_count(); ++s) stakes = stakes || begun->terms.stakes(s);
        if (stakes)
            checkpoint_ = Checkpoint{state_,           history_,
                                     journal_seq_,     origin.reply ? std::optional(*origin.reply) : std::nullopt,
                                     start->standings, 0};
    }
    if (origin.reply) {
        const auto* renew = from ? std::get_if<platform::RenewInvite>(&from->request) : nullptr;
        if (renew)
            reply_ = protocol::invite_text(origin.reply->id, renew->code);
        else
            protocol::ok_text(origin.reply->id, reply_);
    }
    apply(events, now, origin);
    if (from && std::holds_alternative<platform::Watch>(from->request)) resync(origin.player, std::nullopt);
    if (from && std::holds_alternative<platform::Act>(from->request))
        ops::metrics().observe_action_latency(std::chrono::steady_clock::now() - origin.received);
    if (origin.resync) resync(origin.player, origin.seen);
    bool moved = std::any_of(events.begin(), events.end(),
                             [](const auto& e) { return std::holds_alternative<platform::ActionTaken>(e); });
    if (moved && !parked_.empty()) run_parked();
}

void TableActor::apply(const std::vector<platform::TableEvent>& events, std::int64_t now, const Origin& origin) {
    // The reply (reply_) goes before the notices, and once the state (and the lobby entry) shows the
    // change: whoever got the reply and then asks the lobby sees it.
    bool replied = !origin.reply;
    auto reply_once = [&] {
        if (replied) return;
        replied = true;
        refresh_entry();
        send_reply(*origin.reply, reply_);
    };
    for (const auto& event : events) {
        const auto status_before = state_.status();
        before_event(event);
        published_.clear();
        platform::evolve(state_, event, now, published_);
        journal(event, now);
        if (changes_entry(event) || state_.status() != status_before) entry_dirty_ = true;
        schedule_timers();  // a deadline is armed before anyone hears of it
        reply_once();
        for (const auto& p : published_) deliver(p);
        const bool ended = std::holds_alternative<platform::MatchCancelled>(event) ||
                           std::any_of(published_.begin(), published_.end(), [](const platform::Published& p) {
                               return std::holds_alternative<platform::MatchEndNotice>(p.notice);
                           });
        if (ended) record_match_end();
        after_event(event, origin);
    }
    reply_once();
}

void TableActor::before_event(const platform::TableEvent& event) {
    // Who leaves a seat or stops watching gets nothing more from this table, this event included.
    auto leaving_seat = [&](int seat) {
        std::erase_if(recipients_, [&](const auto& r) { return r.second.seat == seat; });
    };
    if (const auto* e = std::get_if<platform::Seated>(&event)) recipients_.erase(e->player.id);  // was watching
    if (const auto* e = std::get_if<platform::SeatFreed>(&event)) leaving_seat(e->seat);
    if (const auto* e = std::get_if<platform::Disconnected>(&event)) leaving_seat(e->seat);
    if (const auto* e = std::get_if<platform::SpectatorLeft>(&event)) {
        auto it = recipients_.find(e->player.id);
        if (it != recipients_.end() && !it->second.seat) recipients_.erase(it);
    }
}

void TableActor::after_event(const platform::TableEvent& event, const Origin& origin) {
    std::visit(Overloaded{
                   [&](const platform::Seated& e) {
                       spdlog::info("table {}: {} ({}) sits in seat {}", id_, e.player.id, e.player.name, e.seat);
                       if (origin.player) {
                           origin.player->add_table(id_);
                           send_snapshot(origin.player, e.seat);
                       }
                   },
                   [&](const platform::Disconnected& e) {
                       spdlog::info("table {}: seat {} disconnected", id_, e.seat);
                       if (state_.match_running()) ops::metrics().robot_takeover();
                   },
                   [&](const platform::MatchBegun&) {
                       ops::metrics().match_started();
                       for (int s = 0; s < state_.seat_count(); ++s)
                           if (state_.seats[s].disconnected) ops::metrics().robot_takeover();
                       spdlog::info("table {}: match started ({}, target {})", id_,
                                    to_string(state_.match.options().variant), state_.match.options().target);
                   },
                   [&](const platform::MatchCancelled&) {
                       ops::metrics().match_cancelled();
                       spdlog::info("table {}: match cancelled by agreement", id_);
                   },
                   [&](const platform::Abandoned& e) {
                       spdlog::info("table {}: seat {} abandoned (reclaim window over)", id_, e.seat);
                   },
                   [&](const platform::AutoMoved& e) { spdlog::info("table {}: seat {} timed out", id_, e.seat); },
                   [&](const platform::InviteRenewed&) {
                       std::lock_guard lock(entry_mutex_);
                       invite_ = state_.invite;
                   },
                   [](const auto&) {},
               },
               event);
    // A seat freed inside another event (an abandoned seat at the end of a match) is no one's now.
    std::erase_if(recipients_, [&](const auto& r) {
        const auto& seat = r.second.seat;
        return seat && (!state_.seats[*seat].human || state_.seats[*seat].human->id != r.first);
    });
}

void TableActor::deliver(const platform::Published& published) {
    // rendered_ keeps its buffers' capacity from one notice to the next.
    Delivered delivered = render_delivered(published, id_, state_.seat_count(), rendered_);
    for (const auto& [player, recipient] : recipients_)
        send(recipient.connection, delivered.for_observer(recipient.seat));
    if (const auto* end = std::get_if<platform::MatchEndNotice>(&published.notice)) {
        ops::metrics().match_finished();
        // The winning side: a team, or a seat at two or three players (docs/rules.md §7, §8).
        spdlog::info("table {}: match ended, side {} wins {}", id_, end->end.winner,
                     fmt::join(end->end.totals.begin(), end->end.totals.end(), "-"));
    }
    history_.add(std::move(delivered));
}

void TableActor::answer_query(const platform::PlayerRef& from, const platform::GetRecord& query, const Origin& origin) {
    auto record = platform::record_of(state_, from, query);
    if (const auto* refused = std::get_if<platform::Refused>(&record)) return refuse(*refused, origin);
    if (origin.reply) send_reply(*origin.reply, protocol::record_text(origin.reply->id, std::get<GameRecord>(record)));
}

void TableActor::refuse(const platform::Refused& refused, const Origin& origin) {
    if (!origin.reply) return;
    auto code = protocol::code_of(refused);
    // The code only: the message may name a card (the one refused, or what the seat must play).
    spdlog::debug("table {}: refused a request from {}: {}", id_,
                  origin.player ? origin.player->id() : std::string("?"), protocol::to_string(code));
    ops::metrics().error(protocol::to_string(code));
    send_reply(*origin.reply, protocol::refusal_text(origin.reply->id, refused));
}

void TableActor::resync(const std::shared_ptr<players::Player>& player, std::optional<std::uint64_t> seen) {
    auto connection = player->connection();
    if (!connection) return;
    std::optional<int> seat = state_.seat_of(player->id());
    if (!seat && !state_.watching(player->id())) return;
    if (seat && seen && *seen < state_.seats[*seat].seated_since_v) seen.reset();  // no replay from before sitting
    std::optional<std::vector<net::SharedText>> missed;
    if (seen) missed = history_.since(*seen, state_.v, seat, services_.max_replay);
    if (!missed) return send_snapshot(player, seat);
    for (auto& text : *missed) send(connection, std::move(text));
    recipients_[player->id()] = Recipient{seat, connection};
}

void TableActor::send_snapshot(const std::shared_ptr<players::Player>& player, std::optional<int> seat) {
    auto connection = player->connection();
    if (!connection) return;
    player->add_table(id_);
    Observer observer = seat ? Observer::of_seat(*seat) : Observer::spectator();
    send(connection, net::SharedText(protocol::snapshot_text(platform::snapshot_of(state_, observer))));
    recipients_[player->id()] = Recipient{seat, connection};
}

void TableActor::run_parked() {
    auto parked = std::move(parked_);
    parked_.clear();
    for (auto& p : parked) {
        std::visit(Overloaded{[](platform::ConnectionBack& c) { c.after_robot = true; },
                              [](platform::ShowedUp& c) { c.after_robot = true; }, [](auto&) {}},
                   p.command);
        execute(p.command, Origin{p.player, nullptr, p.seen, p.resync});
    }
}

void TableActor::settle() {
    if (lost_) return seal();
    if (!held_) {
        schedule_timers();
        schedule_robot();
    }
    check_idle();
    refresh_entry();
    seal();
}

TimerHandle TableActor::schedule(std::int64_t at, platform::Command command) {
    auto delay = std::chrono::milliseconds(std::max<std::int64_t>(0, at - services_.clock->now_ms()));
    return services_.clock->schedule(delay, [weak = weak_from_this(), command = std::move(command)] {
        if (auto self = weak.lock())
            self->post([self, command] {
                self->execute(command, Origin{});
                self->settle();
            });
    });
}

void TableActor::schedule_timers() {
    if (state_.turn_deadline != armed_turn_) {
        turn_timer_.cancel();
        armed_turn_ = state_.turn_deadline;
        if (armed_turn_) turn_timer_ = schedule(*armed_turn_, platform::TurnExpired{*armed_turn_});
    }
    for (int s = 0; s < state_.seat_count(); ++s) {
        const auto& deadline = state_.seats[s].reclaim_deadline;
        if (deadline == armed_reclaim_[s]) continue;
        reclaim_timers_[s].cancel();
        armed_reclaim_[s] = deadline;
        if (deadline) reclaim_timers_[s] = schedule(*deadline, platform::ReclaimExpired{s, *deadline});
    }
    std::uint64_t cancel = state_.cancel ? state_.cancel->number : 0;
    if (cancel != armed_cancel_) {
        cancel_timer_.cancel();
        armed_cancel_ = cancel;
        if (cancel) cancel_timer_ = schedule(state_.cancel->deadline, platform::CancelExpired{cancel});
    }
    if (state_.fill_deadline != armed_fill_) {
        fill_timer_.cancel();
        armed_fill_ = state_.fill_deadline;
        if (armed_fill_) fill_timer_ = schedule(*armed_fill_, platform::FillExpired{*armed_fill_, 0});
    }
}

void TableActor::schedule_robot() {
    auto seat = state_.robot_to_act();
    if (!seat) {
        robot_job_.reset();
        return;
    }
    const std::size_t decision = state_.actions.size();
    const bool urgent = state_.overdue == *seat || !parked_.empty();
    if (!robot_job_ || robot_job_->seat != *seat || robot_job_->decision != decision)
        robot_job_ = RobotJob{*seat, decision, ++robot_serial_, false};
    else if (robot_job_->dispatched)
        return;
    if (urgent) return dispatch_robot();
    robot_timer_.expires_after(services_.robot_delay);
    robot_timer_.async_wait([self = shared_from_this(), serial = robot_job_->serial](boost::system::error_code ec) {
        if (ec || !self->robot_job_ || self->robot_job_->serial != serial || self->robot_job_->dispatched) return;
        self->dispatch_robot();
    });
}

void TableActor::dispatch_robot() {
    robot_job_->dispatched = true;
    const int seat = robot_job_->seat;
    const std::size_t decision = robot_job_->decision;
    View view = state_.match.view(Observer::of_seat(seat));
    auto seed = robot_seed(state_.match.seed(), seat, decision);
    services_.robots->decide(std::move(view), state_.robot_level(seat), seed,
                             [weak = weak_from_this(), seat, decision](Action action) {
                                 if (auto self = weak.lock())
                                     self->post([self, seat, action, decision] {
                                         self->execute(platform::RobotMove{seat, action, decision}, Origin{});
                                         self->settle();
                                     });
                             });
}

void TableActor::check_idle() {
    const bool idle = recipients_.empty() && !state_.match_running();
    if (!idle) {
        if (idle_armed_) idle_timer_.cancel();
        idle_armed_ = false;
        return;
    }
    if (idle_armed_) return;
    idle_armed_ = true;
    idle_timer_ = services_.clock->schedule(services_.idle_grace, [weak = weak_from_this()] {
        if (auto self = weak.lock())
            self->post([self] {
                if (self->lost_ || !self->idle_armed_ || !self->recipients_.empty() || self->state_.match_running())
                    return;
                spdlog::info("table {}: closed after {} s with nobody at it", self->id_,
                             std::chrono::duration_cast<std::chrono::seconds>(self->services_.idle_grace).count());
                self->close_in_store();
                if (self->services_.on_idle) self->services_.on_idle(self->id_);
            });
    });
}

void TableActor::refresh_entry() {
    if (!entry_dirty_) return;
    entry_dirty_ = false;
    auto entry = state_.lobby_entry();
    if (services_.on_entry) services_.on_entry(id_, entry);
    std::vector<std::string> seated;
    for (int seat = 0; seat < state_.seat_count(); ++seat)
        if (state_.seats[seat].human) seated.push_back(state_.seats[seat].human->id);
    std::lock_guard lock(entry_mutex_);
    entry_ = std::move(entry);
    seated_ = std::move(seated);
}

// Commit, then broadcast (docs/design.md invariant 8): what a task sends waits in batch_ until the
// journal entries of the same task are durable; batches leave in order.

void TableActor::send(const std::shared_ptr<net::Connection>& connection, net::SharedText text) {
    batch_.out.push_back({connection, std::nullopt, std::move(text)});
}

void TableActor::send_reply(const ReplyTo& reply, std::string_view text) {
    batch_.out.push_back({nullptr, reply, net::SharedText(text)});
}

void TableActor::journal(const platform::TableEvent& event, std::int64_t now) {
    writes_.push_back(store::AppendJournal{{id_, ++journal_seq_, now, protocol::journal_text(event)}, epoch_});
    // The stakes go to the escrow in the same batch as the match's first journal entry.
    if (std::holds_alternative<platform::MatchBegun>(event)) post_settlement(now);
}

void TableActor::post_settlement(std::int64_t now) {
    const auto match_id = state_.match_id();
    for (const auto& t : state_.settlement.transfers)
        writes_.push_back(store::PostTransfer{{t.key, t.from, t.to, t.amount, match_id, now}});
}

void TableActor::post_progress(std::int64_t now) {
    const auto match_id = state_.match_id();
    const auto variant = std::string(to_string(state_.match.options().variant));
    for (const auto& o : state_.settlement.seats) {
        if (o.player_id && o.rating_after) {
            const auto& r = *o.rating_after;
            writes_.push_back(store::PostRating{{match_id + ":" + std::to_string(o.seat) + ":rating", *o.player_id,
                                                 variant, r.rating, r.rd, r.volatility, r.games, now}});
        }
        using platform::Unmoved;
        if (!o.player_id || o.why == Unmoved::Practice || o.why == Unmoved::SameAddress || o.why == Unmoved::Guest ||
            o.why == Unmoved::Cancelled || o.why == Unmoved::Robot)
            continue;
        // A cancelled match counts in no statistics, but an abandon in it is recorded.
        const bool abandoned = o.why == platform::Unmoved::Abandoned;
        const int games = state_.cancelled ? 0 : 1;
        writes_.push_back(
            store::PostProgress{{match_id + ":" + std::to_string(o.seat) + ":progress", *o.player_id, match_id, variant,
                                 o.xp, games, games && o.won && !abandoned ? 1 : 0, abandoned ? 1 : 0, now}});
    }
}

void TableActor::record_match_end() {
    store::FinishedMatch m;
    m.id = state_.match_id();
    m.table_id = id_;
    m.variant = std::string(to_string(state_.match.options().variant));
    m.started_ms = state_.match_began_ms;
    m.ended_ms = services_.clock->now_ms();
    m.cancelled = state_.cancelled;
    m.private_table = state_.settings.private_table;
    for (int seat = 0; seat < state_.seat_count(); ++seat) {
        const auto& who = state_.match_lineup[seat];
        m.seats.push_back(
            {seat, who ? std::optional(who->id) : std::nullopt, who ? who->name : "Robot " + std::to_string(seat)});
    }
    // A cancelled match keeps the totals of the deals finished before the vote, without a winner.
    const auto& totals = state_.match.totals();
    m.totals.assign(totals.begin(), totals.begin() + state_.match.sides());
    if (!state_.cancelled && state_.match.finished())
        if (auto winner = state_.match.winner()) m.winner = static_cast<int>(*winner);
    m.unmoved = to_string(platform::unmoved_of(state_.terms, state_.lineup()));
    m.record = protocol::stored_record(platform::match_record(state_));
    // The match's chips and XP go in the same batch as its record and its last journal entry
    // (docs/design.md invariant 9).
    post_settlement(m.ended_ms);
    post_progress(m.ended_ms);
    writes_.push_back(store::PutMatch{std::move(m)});
}

void TableActor::close_in_store() {
    if (closed_) return;
    closed_ = true;
    writes_.push_back(store::CloseTable{id_});
    seal();
}

void TableActor::seal() {
    if (batch_.out.empty() && writes_.empty()) return;
    batch_.durable = writes_.empty();
    outbox_.push_back(std::move(batch_));
    batch_ = Batch{};
    if (!writes_.empty()) {
        auto writes = std::move(writes_);
        writes_.clear();
        const std::uint64_t serial = ++commit_serial_;
        if (checkpoint_ && !checkpoint_->serial) checkpoint_->serial = serial;
        services_.store->commit(std::move(writes),
                                [weak = weak_from_this(), serial](const std::optional<store::CommitError>& error) {
                                    auto self = weak.lock();
                                    if (!self) return;
                                    // At once: the store's recovery looks at it. (A conflict is this batch's own: the
                                    // table judges it on its strand.)
                                    if (error && error->kind == store::CommitError::Kind::Storage) self->broken_ = true;
                                    // A store that completes at once (in memory) does so on this strand.
                                    if (self->strand_.running_in_this_thread())
                                        self->committed(serial, error);
                                    else
                                        self->post([self, serial, error] { self->committed(serial, error); });
                                });
    }
    flush_outbox();
}

void TableActor::undo_start(const store::CommitError& error) {
    Checkpoint undone = std::move(*checkpoint_);
    checkpoint_.reset();
    undone_through_ = commit_serial_;  // every batch after the start's fails (its journal would have a gap)
    // Who cannot cover it now: the account the stake would have overdrawn holds less than the standings said.
    std::string name = error.overdrawn ? error.overdrawn->account : std::string("?");
    auto standings = std::move(undone.standings);
    for (auto& s : standings)
        if (error.overdrawn && platform::wallet_of(s.player_id) == error.overdrawn->account) {
            s.chips = error.overdrawn->balance;
            name = s.name;
        }
    spdlog::info("table {}: a start was undone: the stake of {} could not be taken ({})", id_, name, error.message);
    const std::string refusal = error.overdrawn
                                    ? "cannot cover the stake of " + std::to_string(state_.terms.stake) +
                                          " chips: " + name + " has " + std::to_string(error.overdrawn->balance)
                                    : "the stakes could not be taken: try again";
    for (auto& batch : outbox_)
        for (auto& o : batch.out)
            if (o.reply) {
                const bool start = undone.reply && undone.reply->to == o.reply->to && undone.reply->id == o.reply->id;
                o.reply->send(start ? protocol::error_text(o.reply->id, ErrorCode::CannotStake, refusal)
                                    : protocol::error_text(o.reply->id, ErrorCode::StorageUnavailable,
                                                           "the server could not store this: nothing changed"));
            }
    outbox_.clear();
    state_ = std::move(undone.state);
    history_ = std::move(undone.history);
    journal_seq_ = undone.journal_seq;
    writes_.clear();
    parked_.clear();
    entry_dirty_ = true;
    disarm_timers();
    execute(platform::StandingsRead{std::move(standings)}, Origin{});
    settle();
}

void TableActor::committed(std::uint64_t serial, const std::optional<store::CommitError>& error) {
    if (serial <= undone_through_ || lost_) return;  // dropped with a start that was undone, or not ours
    if (error &&
        (error->kind == store::CommitError::Kind::StaleEpoch || error->kind == store::CommitError::Kind::LeaseHeld))
        return give_up(error->message, true);
    if (checkpoint_ && checkpoint_->serial == serial) {
        if (error && error->kind == store::CommitError::Kind::Conflict) return undo_start(*error);
        checkpoint_.reset();
    }
    if (error) {
        broken_ = true;
        // Nothing of this batch, or of any after it, reached the journal, so none of it may be
        // heard: the replies say so, the notices are dropped, and the table waits for rebuild().
        spdlog::error("table {}: a change could not be stored: {}", id_, error->message);
        for (auto& batch : outbox_)
            for (auto& o : batch.out)
                if (o.reply)
                    o.reply->send(protocol::error_text(o.reply->id, ErrorCode::StorageUnavailable,
                                                       "the server could not store this: nothing changed"));
        outbox_.clear();
        return;
    }
    for (auto& batch : outbox_)
        if (!batch.durable) {
            batch.durable = true;
            break;
        }
    flush_outbox();
}

void TableActor::flush_outbox() {
    while (!outbox_.empty() && outbox_.front().durable) {
        for (auto& o : outbox_.front().out) {
            if (o.reply)
                o.reply->to->reply(o.reply->id, std::move(o.text));
            else
                o.connection->send(std::move(o.text));
        }
        outbox_.pop_front();
    }
}

void TableActor::disarm_timers() {
    turn_timer_.cancel();
    armed_turn_.reset();
    for (int s = 0; s < 4; ++s) {
        reclaim_timers_[s].cancel();
        armed_reclaim_[s].reset();
    }
    cancel_timer_.cancel();
    armed_cancel_ = 0;
    fill_timer_.cancel();
    armed_fill_.reset();
    robot_job_.reset();
    ++robot_serial_;
}

void TableActor::store_recovered() {
    post([this] {
        if (!held_ || broken_) return;
        held_ = false;
        disarm_timers();
        settle();
    });
}

void TableActor::rebuild(std::optional<store::OpenTable> stored) {
    post([this, stored = std::move(stored)] {
        if (!stored) return spdlog::error("table {}: gone from the store: it stays closed to changes", id_);
        auto recovered = recover_table(*stored, state_.policy);
        if (const auto* error = std::get_if<std::string>(&recovered)) return spdlog::error("{}", *error);
        auto& r = std::get<Recovered>(recovered);
        state_ = std::move(r.state);
        history_ = std::move(r.history);
        journal_seq_ = r.journal_seq;
        writes_.clear();
        parked_.clear();
        // Whoever the store does not show at the table (they sat in a change that was lost) is not.
        std::erase_if(recipients_, [&](const auto& r) {
            const auto& seat = r.second.seat;
            if (!seat) return !state_.watching(r.first);
            return !state_.seats[*seat].human || state_.seats[*seat].human->id != r.first;
        });
        spdlog::info("table {}: rebuilt from the store at v {}", id_, state_.v);
        broken_ = false;
        held_ = false;
        entry_dirty_ = true;
        disarm_timers();
        settle();
    });
}

void TableActor::leased_until(std::int64_t until_ms) {
    auto known = lease_until_.load();
    while (known < until_ms && !lease_until_.compare_exchange_weak(known, until_ms)) {}
}

void TableActor::lose(std::string why) {
    post([this, why = std::move(why)] { give_up(why); });
}

void TableActor::give_up(const std::string& why, bool look_up) {
    if (lost_) return;
    lost_ = true;
    spdlog::warn("table {}: not served by this node any more (epoch {}): {}", id_, epoch_, why);
    // What waited for a write that will never be stored is not heard, as after a failed commit.
    for (auto& batch : outbox_)
        for (auto& o : batch.out)
            if (o.reply)
                o.reply->send(protocol::error_text(o.reply->id, ErrorCode::StorageUnavailable,
                                                   "this table is served by another server now: reconnect"));
    outbox_.clear();
    batch_ = Batch{};
    writes_.clear();
    parked_.clear();
    checkpoint_.reset();
    disarm_timers();
    return_timer_.cancel();
    idle_timer_.cancel();
    idle_armed_ = false;
    // Said directly, not through the outbox: it changes nothing of the table.
    std::vector<std::shared_ptr<net::Connection>> people;
    for (const auto& [player, recipient] : recipients_) people.push_back(recipient.connection);
    recipients_.clear();
    const auto url = services_.owner_url ? services_.owner_url(id_) : std::nullopt;
    if (!url && look_up && services_.locate_owner)
        services_.locate_owner(id_, [id = id_, people = std::move(people)](const std::optional<std::string>& found) {
            tell_moved(id, people, found);
        });
    else
        tell_moved(id_, people, url);
    if (services_.on_lost) services_.on_lost(id_);
}

void TableActor::tell_moved(const std::string& table, const std::vector<std::shared_ptr<net::Connection>>& people,
                            const std::optional<std::string>& url) {
    const net::SharedText moved(url ? protocol::table_moved_text(table, *url) : protocol::table_moved_text(table));
    for (const auto& connection : people) connection->send(moved);
}

void TableActor::await_return(std::chrono::milliseconds grace) {
    post([this, grace] {
        return_timer_ = services_.clock->schedule(grace, [weak = weak_from_this()] {
            if (auto self = weak.lock()) self->post([self] { self->return_expired(); });
        });
    });
}

void TableActor::return_expired() {
    // Those who were here before the restart and did not come back are gone, as if their
    // connection had just been lost: robots take the seats (with the reclaim window).
    std::vector<platform::PlayerRef> gone;
    for (int seat = 0; seat < state_.seat_count(); ++seat) {
        const auto& st = state_.seats[seat];
        if (st.human && !st.disconnected && !recipients_.count(st.human->id)) gone.push_back(*st.human);
    }
    for (const auto& [id, who] : state_.spectators)
        if (!recipients_.count(id)) gone.push_back(who);
    for (const auto& who : gone) execute(platform::ConnectionLost{who}, Origin{});
    settle();
}

}  // namespace belote::tables
