#include "platform/evolve.hpp"

#include <stdexcept>

#include "engine/overloaded.hpp"
#include "platform/snapshot.hpp"

namespace belote::platform {
namespace {

/// Applies one event; `out` receives the notices.
struct Apply {
    TableState& s;
    std::int64_t now;
    std::vector<Published>& out;

    void notify(Notice notice) const { out.push_back({++s.v, std::move(notice)}); }
    void show_seat(int seat) const { notify(SeatChangedNotice{seat, s.occupant(seat)}); }
    void show_status(int seat) const { notify(seat_status(s, seat)); }
    void show_options() const { notify(OptionsNotice{s.chief(), s.options, s.settings, s.invite}); }
    /// Tells who cannot cover the stake when it is no longer `before` (docs/room.md "Who takes part").
    void show_cover(const std::vector<CannotCover>& before) const {
        auto now_short = s.cannot_cover();
        if (now_short != before) notify(StakeCheckNotice{std::move(now_short)});
    }

    /// The chips and XP a money step of the current match gave each seat, added to what the table
    /// knows of its player (a level reached is shown at once). `returned`: the stakes came back to the
    /// wallets or were paid out (the end of a match), besides the outcome's net chips.
    void add_outcomes(const Settlement& settlement, bool returned) const {
        for (const auto& o : settlement.seats) {
            auto& standing = s.seats[o.seat].standing;
            if (!standing || !s.seats[o.seat].human || !o.player_id || s.seats[o.seat].human->id != *o.player_id)
                continue;
            const int level = level_of(standing->xp);
            standing->chips += o.chips + (returned && s.terms.stakes(o.seat) ? s.terms.stake : 0);
            standing->xp += o.xp;
            if (level_of(standing->xp) != level) show_seat(o.seat);
        }
    }

    /// Remembers a spectator who lost its connection, for its return (at most 64 are kept).
    void remember_departed(const std::string& id) const {
        std::erase_if(s.departed_spectators,
                      [&](const auto& d) { return now - d.second >= s.policy.reclaim_window.count(); });
        if (s.departed_spectators.size() >= 64) s.departed_spectators.erase(s.departed_spectators.begin());
        s.departed_spectators[id] = now;
    }

    /// Empties `seat`; a new chief is announced.
    void free_seat(int seat) const {
        auto chief_before = s.chief();
        s.seats[seat] = SeatState{};
        show_seat(seat);
        if (s.chief() != chief_before) show_options();
        rearm_fill();
    }

    /// The robot fill (settings.robot_fill_s) is armed while a human sits at a table that has not
    /// begun its first match and the fill has not run; its deadline counts from the moment it is armed.
    void rearm_fill() const {
        bool human = false;
        for (int seat = 0; seat < s.seat_count(); ++seat) human = human || s.seats[seat].human.has_value();
        const bool wanted = s.settings.robot_fill_s > 0 && !s.fill_spent && s.matches_begun == 0 && human;
        if (wanted && !s.fill_deadline) {
            s.fill_deadline = now + static_cast<std::int64_t>(s.settings.robot_fill_s) * 1000;
            notify(RobotFillNotice{s.fill_deadline});
        } else if (!wanted && s.fill_deadline) {
            s.fill_deadline.reset();
            notify(RobotFillNotice{});
        }
    }

    void operator()(const Seated& e) const {
        const auto short_before = s.cannot_cover();
        SeatState& st = s.seats[e.seat];
        st = SeatState{};
        st.human = e.player;
        st.standing = e.standing;
        st.sat_order = ++s.sit_counter;
        show_seat(e.seat);
        st.seated_since_v = s.v;
        rearm_fill();
        show_cover(short_before);
    }
    void operator()(const RobotSeated& e) const {
        const auto short_before = s.cannot_cover();
        s.seats[e.seat].robot = true;
        s.seats[e.seat].robot_level = e.level;
        show_seat(e.seat);
        show_cover(short_before);
    }
    void operator()(const SeatFreed& e) const {
        const auto short_before = s.cannot_cover();
        free_seat(e.seat);
        show_cover(short_before);
    }
    void operator()(const OptionsChanged& e) const {
        const auto short_before = s.cannot_cover();
        s.options = e.options;
        s.settings = e.settings;
        if (s.match.phase() == Phase::NotStarted) s.match = Match(s.options, s.match.seed());
        show_options();
        rearm_fill();
        show_cover(short_before);
    }
    void operator()(const StandingChanged& e) const {
        const auto short_before = s.cannot_cover();
        auto& standing = s.seats[e.seat].standing;
        const bool level_changed = !standing || standing->registered != e.standing.registered ||
                                   level_of(standing->xp) != level_of(e.standing.xp);
        standing = e.standing;
        if (level_changed) show_seat(e.seat);
        show_cover(short_before);
    }
    void operator()(const SpectatorJoined& e) const {
        s.departed_spectators.erase(e.player.id);
        s.spectators[e.player.id] = e.player;
        notify(SpectatorCount{static_cast<int>(s.spectators.size())});
    }
    void operator()(const SpectatorLeft& e) const {
        s.spectators.erase(e.player.id);
        if (e.disconnected) remember_departed(e.player.id);
        notify(SpectatorCount{static_cast<int>(s.spectators.size())});
    }
    void operator()(const ChatPosted& e) const {
        const std::int64_t horizon = now - s.policy.chat_period.count();
        if (s.chatted.size() > 1024)  // forget who chatted long ago (the map stays bounded)
            std::erase_if(s.chatted, [&](const auto& entry) { return entry.second.back() <= horizon; });
        auto& times = s.chatted[e.from.id];
        while (!times.empty() && times.front() <= horizon) times.pop_front();
        times.push_back(now);
        s.chat.push_back(e);
        while (s.chat.size() > s.policy.chat_history) s.chat.pop_front();
        notify(e);
    }
    void operator()(const InviteRenewed& e) const { s.invite = e.code; }
    void operator()(const MatchBegun& e) const {
        s.match = Match(s.options, e.seed);
        s.cancelled = false;
        s.cancel.reset();
        s.turn_deadline.reset();
        s.overdue.reset();
        s.actions.clear();
        s.match_players.clear();
        for (const SeatState& st : s.seats)
            if (st.human) s.match_players.push_back(st.human->id);
        for (std::size_t seat = 0; seat < s.seats.size(); ++seat) s.match_lineup[seat] = s.seats[seat].human;
        ++s.matches_begun;
        s.match_began_ms = now;
        const auto short_before = s.cannot_cover();
        s.terms = e.terms;
        s.match_abandoned = {};
        s.settlement = stake(s.lineup(), s.terms);
        add_outcomes(s.settlement, false);  // the stakes left the wallets
        for (SeatState& st : s.seats) {
            st.cancel_proposals = 0;
            st.auto_moves = 0;
            st.away = false;
            st.abandoned = false;
            st.ready = false;
        }
        rearm_fill();
        std::vector<Event> started = s.match.start();
        for (int seat = 0; seat < s.seat_count(); ++seat)  // the match runs: a robot plays for them
            if (s.seats[seat].disconnected) {
                s.seats[seat].reclaim_deadline = now + s.policy.reclaim_window.count();
                show_status(seat);
            }
        publish(std::move(started));
        show_cover(short_before);  // nobody is short while the match is played
    }
    void operator()(const ActionTaken& e) const {
        if (e.source == ActionSource::Player) s.seats[e.seat].auto_moves = 0;
        s.overdue.reset();
        ApplyResult result = s.match.apply(e.seat, e.action);
        if (!result.ok()) throw std::logic_error("the engine refused a decided action: " + result.message);
        s.actions.push_back({e.seat, e.action});
        publish(std::move(result.events));
    }
    void operator()(const TurnOverdue& e) const { s.overdue = e.seat; }
    void operator()(const AutoMoved& e) const {
        ++s.seats[e.seat].auto_moves;
        s.turn_deadline.reset();
        notify(e);
    }
    void operator()(const WentAway& e) const {
        s.seats[e.seat].away = true;
        show_status(e.seat);
    }
    void operator()(const CameBack& e) const {
        s.seats[e.seat].auto_moves = 0;
        s.seats[e.seat].away = false;
        show_status(e.seat);
    }
    void operator()(const Disconnected& e) const {
        s.seats[e.seat].disconnected = true;
        if (e.reclaim_deadline) s.seats[e.seat].reclaim_deadline = e.reclaim_deadline;
        show_status(e.seat);
    }
    void operator()(const Reconnected& e) const {
        SeatState& st = s.seats[e.seat];
        st.disconnected = false;
        if (!st.abandoned) st.reclaim_deadline.reset();
        if (s.match_running() && s.match.to_act() == e.seat && !s.robot_controlled(e.seat))
            s.turn_deadline = deadline_for(e.seat);
        show_status(e.seat);
    }
    void operator()(const Abandoned& e) const {
        s.seats[e.seat].abandoned = true;
        s.match_abandoned[e.seat] = true;
        if (s.cancel) s.cancel->votes.erase(e.seat);  // a robot plays the seat now: it does not vote
        show_status(e.seat);
    }
    void operator()(const CancelProposed& e) const {
        ++s.seats[e.by].cancel_proposals;
        CancelVote vote{e.by, e.deadline, {}, e.number};
        for (int voter : e.voters) vote.votes[voter] = std::nullopt;
        vote.votes[e.by] = true;
        s.cancel = std::move(vote);
        s.cancel_counter = e.number;
        notify(e);
    }
    void operator()(const CancelVoted& e) const {
        if (s.cancel) s.cancel->votes[e.seat] = e.accept;
        notify(e);
    }
    void operator()(const CancelRejected& e) const {
        s.cancel.reset();
        notify(e);
    }
    void operator()(const ReadyChanged& e) const {
        s.seats[e.seat].ready = e.ready;
        notify(e);
    }
    void operator()(const SeatsFilled&) const {
        s.fill_spent = true;
        rearm_fill();
    }
    void operator()(const MatchCancelled&) const {
        s.cancel.reset();
        s.cancelled = true;
        s.settlement = refund(s.lineup(), s.terms, s.match_abandoned);
        MatchCancelledNotice notice{
            s.settings.stake, s.settings.competitive, s.settlement.seats, unmoved_of(s.terms, s.lineup()), {},
            s.match_names()};
        for (int seat = 0; seat < s.seat_count(); ++seat)
            if (s.match_abandoned[seat]) notice.abandoned.push_back(seat);
        notify(std::move(notice));
        end_of_match();
    }

    /// The deadline of a decision of `seat` starting now: none without a time per move or when a
    /// robot plays the seat.
    std::optional<std::int64_t> deadline_for(int seat) const {
        if (s.settings.turn_time_s <= 0 || s.robot_controlled(seat) || !s.match_running()) return std::nullopt;
        return now + static_cast<std::int64_t>(s.settings.turn_time_s) * 1000;
    }

    /// The engine's events as notices, with the table's additions (turn deadlines, the record of
    /// the match end) and the end-of-match consequences.
    void publish(std::vector<Event> events) const {
        bool ended = false;
        for (Event& event : events) {
            if (auto* turn = std::get_if<TurnStarted>(&event)) {
                s.turn_deadline = deadline_for(turn->seat);
                notify(TurnNotice{std::move(*turn), s.turn_deadline});
            } else if (const auto* end = std::get_if<MatchEnded>(&event)) {
                s.settlement = settle(s.lineup(), s.terms, static_cast<int>(end->winner), s.match_abandoned);
                MatchEndNotice notice{*end,
                                      {},
                                      s.settings.stake,
                                      s.settings.competitive,
                                      s.settlement.seats,
                                      unmoved_of(s.terms, s.lineup()),
                                      s.match_names()};
                for (int seat = 0; seat < s.seat_count(); ++seat)
                    if (s.seats[seat].abandoned) notice.abandoned.push_back(seat);
                notify(std::move(notice));
                ended = true;
            } else {
                notify(std::move(event));
            }
        }
        if (ended) end_of_match();
    }

    /// After a match ends or is cancelled: no deadline, no open proposal, presence reset; a player
    /// who abandoned loses the seat (a disconnected one keeps it).
    void end_of_match() const {
        s.turn_deadline.reset();
        s.overdue.reset();
        if (s.cancel) {
            s.cancel.reset();
            notify(CancelRejected{CancelEnd::MatchEnded});
        }
        add_outcomes(s.settlement, true);
        for (int seat = 0; seat < s.seat_count(); ++seat) {
            SeatState& st = s.seats[seat];
            const bool was_away = st.away;
            st.reclaim_deadline.reset();
            st.away = false;
            st.auto_moves = 0;
            if (st.abandoned) {
                free_seat(seat);
            } else if (st.disconnected) {  // still away: the seat is kept for a new window, then freed
                st.reclaim_deadline = now + s.policy.reclaim_window.count();
                show_status(seat);
            } else if (was_away) {  // no robot plays it between matches: everybody sees it present again
                show_status(seat);
            }
        }
        show_cover({});  // who cannot cover the next match's stake
    }
};

}  // namespace

void evolve(TableState& state, const TableEvent& event, std::int64_t now_ms, std::vector<Published>& out) {
    std::visit(Apply{state, now_ms, out}, event);
}

}  // namespace belote::platform
