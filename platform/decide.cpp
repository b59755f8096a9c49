#include "platform/decide.hpp"

#include <algorithm>

#include "engine/overloaded.hpp"

namespace belote::platform {
namespace {

using Events = std::vector<TableEvent>;

Refused refuse(TableRefusal reason, std::string message) { return Refused{reason, std::move(message), std::nullopt}; }
Refused refuse(RejectReason reason, std::string message) { return Refused{reason, std::move(message), std::nullopt}; }

Refused no_such_table(const TableState& s) { return refuse(TableRefusal::NoSuchTable, "no table '" + s.id + "'"); }

/// At a private table, a request from someone neither seated nor watching needs the invitation
/// code: sit and watch check it themselves (bad_invite), get_record carries it; anything else from
/// a stranger is answered as if the table did not exist.
bool stranger_at_private_table(const TableState& s, const PlayerRef& from, const TableRequest& request) {
    if (!s.settings.private_table || s.seat_of(from.id) || s.watching(from.id)) return false;
    if (std::holds_alternative<Sit>(request) || std::holds_alternative<Watch>(request)) return false;
    if (std::holds_alternative<GetRecord>(request)) return false;  // record_of decides
    return true;
}

std::string seat_range(const TableState& s) { return "seat must be 0.." + std::to_string(s.seat_count() - 1); }
bool in_range(const TableState& s, int seat) { return seat >= 0 && seat < s.seat_count(); }

/// Judges one person's request; `seat` is theirs at this table, if any.
struct RequestJudge {
    const TableState& s;
    const PlayerRef& from;
    std::optional<int> seat;
    std::int64_t now;

    Decision operator()(const Sit& c) const {
        if (!s.invite_ok(c.invite) && !seat)
            return refuse(TableRefusal::BadInvite, "this private table needs its invitation code");
        if (!in_range(s, c.seat)) return refuse(TableRefusal::BadSeat, seat_range(s));
        if (s.match_running()) return refuse(TableRefusal::AlreadyStarted, "the match has started");
        if (seat) return refuse(TableRefusal::AlreadySeated, "you already sit in seat " + std::to_string(*seat));
        if (!s.seats[c.seat].empty())
            return refuse(TableRefusal::SeatTaken, "seat " + std::to_string(c.seat) + " is taken");
        if (s.settings.competitive && c.standing) {  // docs/room.md "Who takes part", "Cool-down"
            if (!c.standing->registered && s.settings.stake > 0)
                return refuse(TableRefusal::CannotStake,
                              "a guest may sit at a competitive table only when its stake is 0: sign up to play for "
                              "chips");
            if (const auto& cool = c.standing->cooldown; cool && cool->until > now)
                return Refused{TableRefusal::CoolingDown,
                               "you abandoned " + std::to_string(cool->abandons) +
                                   " competitive matches in 7 days: you may sit at a competitive table again from " +
                                   utc_minute(cool->until),
                               cool->until};
        }
        Events events{Seated{c.seat, from, c.standing ? std::optional(c.standing->seat_standing()) : std::nullopt}};
        if (s.watching(from.id)) events.push_back(SpectatorLeft{from});
        return events;
    }
    Decision operator()(const AddRobot& c) const {
        if (s.chief() && seat != s.chief()) return refuse(TableRefusal::NotChief, "only the table chief adds robots");
        if (!in_range(s, c.seat)) return refuse(TableRefusal::BadSeat, seat_range(s));
        if (s.match_running()) return refuse(TableRefusal::AlreadyStarted, "the match has started");
        if (!s.seats[c.seat].empty())
            return refuse(TableRefusal::SeatTaken, "seat " + std::to_string(c.seat) + " is taken");
        // Anyone may add robots while nobody sits, but not in the last free seat of a table that has
        // not played yet: robots alone could never start it or be taken away (nobody would be its
        // chief). After a match a table of robots alone is finished for good, as when all leave.
        if (!s.chief() && s.status() == TableStatus::Waiting && s.free_seats() == 1)
            return refuse(TableRefusal::NotChief, "the last free seat is kept for a person: sit down first");
        return Events{RobotSeated{c.seat, c.level}};
    }
    Decision operator()(const Start& c) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "only a player seated at the table may start it");
        if (seat != s.chief()) return refuse(TableRefusal::NotChief, "only the table chief starts the match");
        if (s.match_running()) return refuse(TableRefusal::AlreadyStarted, "the match has started");
        for (int k = 0; k < s.seat_count(); ++k)
            if (s.seats[k].empty()) return refuse(TableRefusal::SeatsEmpty, "seat " + std::to_string(k) + " is empty");
        Lineup lineup;
        lineup.seats = s.seat_count();
        for (int k = 0; k < s.seat_count(); ++k)
            if (s.seats[k].human) lineup.players[k] = s.seats[k].human->id;
        auto terms = match_terms(s.settings.competitive, s.settings.stake, lineup, c.standings);
        if (!terms.terms)
            return Refused{
                terms.reason == TermsRefusal::CoolingDown ? TableRefusal::CoolingDown : TableRefusal::CannotStake,
                terms.refusal, terms.until};
        return Events{MatchBegun{c.seed, *terms.terms}};
    }
    Decision operator()(const Act& c) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "you have no seat at this table");
        if (s.cancelled) return refuse(RejectReason::MatchOver, "the match was cancelled");
        if (s.seats[*seat].abandoned)
            return refuse(RejectReason::NotYourTurn, "a robot plays your seat to the end of the match");
        if (auto rejection = s.match.check(*seat, c.action)) return refuse(rejection->reason, rejection->message);
        return Events{ActionTaken{*seat, c.action, ActionSource::Player}};
    }
    Decision operator()(const SetOptions& c) const {
        if (!seat || seat != s.chief()) return refuse(TableRefusal::NotChief, "only the table chief changes options");
        if (s.match_running()) return refuse(TableRefusal::MatchInProgress, "options change only between matches");
        MatchOptions next = s.options;
        TableSettings settings = s.settings;
        apply_patch(c.patch, next, settings);
        if (auto problem = validate(next)) return refuse(TableRefusal::InvalidOptions, *problem);
        if (seat_count(next.variant) != s.seat_count())
            return refuse(TableRefusal::InvalidOptions, "the variant must keep the table's number of seats");
        Events events{OptionsChanged{next, settings}};
        // Who said ready said it for the match as it was: another match is asked again.
        if (next != s.options || settings != s.settings)
            for (int k = 0; k < s.seat_count(); ++k)
                if (s.seats[k].ready) events.push_back(ReadyChanged{k, false});
        return events;
    }
    Decision operator()(const RemoveRobot& c) const {
        if (!s.chief() || seat != s.chief())
            return refuse(TableRefusal::NotChief, "only the table chief removes robots");
        if (!in_range(s, c.seat)) return refuse(TableRefusal::BadSeat, seat_range(s));
        if (s.match_running()) return refuse(TableRefusal::MatchInProgress, "robots leave only between matches");
        if (!s.seats[c.seat].robot)
            return refuse(TableRefusal::NotARobot, "seat " + std::to_string(c.seat) + " has no robot");
        return Events{SeatFreed{c.seat}};
    }
    Decision operator()(const Stand&) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "you have no seat at this table");
        if (s.match_running()) return refuse(TableRefusal::MatchInProgress, "players stand up only between matches");
        return Events{SeatFreed{*seat}};
    }
    Decision operator()(const ProposeCancel&) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "only a seated player may propose to cancel");
        if (s.match.phase() == Phase::NotStarted) return refuse(RejectReason::NotStarted, "the match has not started");
        if (!s.match_running()) return refuse(RejectReason::MatchOver, "the match is over");
        if (s.seats[*seat].abandoned)
            return refuse(TableRefusal::NotSeated, "your seat was abandoned: a robot plays it to the end of the match");
        if (s.cancel) return refuse(TableRefusal::CancelPending, "a cancel proposal is already open");
        if (s.seats[*seat].cancel_proposals >= s.policy.cancel_proposals_per_match)
            return refuse(TableRefusal::CancelLimit, "at most " + std::to_string(s.policy.cancel_proposals_per_match) +
                                                         " cancel proposals per player and match");
        CancelProposed proposed{*seat, now + s.policy.cancel_window.count(), {}, s.cancel_counter + 1};
        // Robots do not vote, nor the robot that plays an abandoned seat (docs/room.md "Friendly cancel").
        for (int k = 0; k < s.seat_count(); ++k)
            if (s.seats[k].human && !s.seats[k].abandoned) proposed.voters.push_back(k);
        Events events{proposed};
        if (proposed.voters.size() == 1) events.push_back(MatchCancelled{});  // nobody else to ask
        return events;
    }
    Decision operator()(const VoteCancel& c) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "only a seated player votes");
        if (!s.cancel) return refuse(TableRefusal::NoCancelProposal, "no cancel proposal is open");
        auto it = s.cancel->votes.find(*seat);
        if (it == s.cancel->votes.end())
            return refuse(TableRefusal::NotSeated, "your seat does not vote on this proposal");
        if (it->second) return refuse(TableRefusal::AlreadyVoted, "you already voted");
        Events events{CancelVoted{*seat, c.accept}};
        if (!c.accept) {
            events.push_back(CancelRejected{CancelEnd::Refused});
        } else {
            bool all = std::all_of(s.cancel->votes.begin(), s.cancel->votes.end(), [&](const auto& vote) {
                return vote.first == *seat || (vote.second && *vote.second);
            });
            if (all) events.push_back(MatchCancelled{});
        }
        return events;
    }
    Decision operator()(const Watch& c) const {
        if (!s.settings.spectators)
            return refuse(TableRefusal::SpectatorsNotAllowed, "this table does not allow spectators");
        if (!s.invite_ok(c.invite))
            return refuse(TableRefusal::BadInvite, "this private table needs its invitation code");
        if (seat) return refuse(TableRefusal::AlreadySeated, "you have a seat at this table");
        if (s.watching(from.id)) return Events{};  // watching again (a new connection): a new snapshot only
        return Events{SpectatorJoined{from}};
    }
    Decision operator()(const Chat& c) const {
        if (!seat && !s.watching(from.id))
            return refuse(TableRefusal::NotAtTable, "only players and spectators of this table may chat");
        if (auto it = s.chatted.find(from.id); it != s.chatted.end()) {
            auto recent = std::count_if(it->second.begin(), it->second.end(),
                                        [&](std::int64_t t) { return t > now - s.policy.chat_period.count(); });
            if (recent >= s.policy.chat_burst)
                return refuse(TableRefusal::RateLimited,
                              "at most " + std::to_string(s.policy.chat_burst) + " chat messages per " +
                                  std::to_string(s.policy.chat_period.count() / 1000) + " s");
        }
        return Events{ChatPosted{from, seat, c.text, c.phrase}};
    }
    Decision operator()(const RenewInvite& c) const {
        if (!seat || seat != s.chief())
            return refuse(TableRefusal::NotChief, "only the table chief renews the invitation");
        return Events{InviteRenewed{c.code}};
    }
    Decision operator()(const GetRecord&) const { return Events{}; }
    Decision operator()(const Ready& c) const {
        if (!seat) return refuse(TableRefusal::NotSeated, "only a seated player says it is ready");
        if (s.match_running()) return refuse(TableRefusal::MatchInProgress, "ready is said between matches");
        if (s.status() != TableStatus::Finished)
            return refuse(RejectReason::NotStarted, "ready is said after a match, for the next one");
        if (s.seats[*seat].ready == c.ready) return Events{};  // said already: nothing changes
        return Events{ReadyChanged{*seat, c.ready}};
    }
};

/// True when the robot must first make the decision pending for `seat` (docs/protocol.md
/// "Presence": a returning player takes the seat back at the next decision).
bool robot_decides_first(const TableState& s, int seat) {
    return s.match_running() && s.match.to_act() == seat && !s.seats[seat].abandoned;
}

/// Judges the commands of the table's own machinery.
struct MachineJudge {
    const TableState& s;
    std::int64_t now;

    Decision operator()(const FromPlayer&) const { return Events{}; }  // handled by RequestJudge
    Decision operator()(const RobotMove& c) const {
        if (!s.match_running() || s.actions.size() != c.decision || s.match.to_act() != c.seat ||
            !s.robot_controlled(c.seat) || s.match.check(c.seat, c.action))
            return Events{};  // a decision already made, or a human took the seat back
        if (s.overdue != c.seat) return Events{ActionTaken{c.seat, c.action, ActionSource::Robot}};
        return auto_moved(c.seat, c.action);
    }
    Decision operator()(const TurnExpired& c) const {
        if (s.turn_deadline != c.deadline || !s.match_running()) return Events{};
        auto seat = s.match.to_act();
        if (!seat || s.robot_controlled(*seat)) return Events{};  // the robot plays it anyway
        // In an auction the safe move is a pass: a robot's bid would commit the player's side.
        if (!s.match.check(*seat, Action::pass())) return auto_moved(*seat, Action::pass());
        return Events{TurnOverdue{*seat}};
    }
    /// The events of a move made for `seat` because its time ran out: announced (AutoMoved), then
    /// the seat goes away at its third in a row (WentAway), then the move itself.
    Events auto_moved(int seat, const Action& action) const {
        Events events{AutoMoved{seat}};
        const SeatState& st = s.seats[seat];
        if (st.auto_moves + 1 >= s.policy.auto_moves_before_away && !st.away) events.push_back(WentAway{seat});
        events.push_back(ActionTaken{seat, action, ActionSource::Timeout});
        return events;
    }
    Decision operator()(const ReclaimExpired& c) const {
        const SeatState& st = s.seats[c.seat];
        if (!st.disconnected || st.abandoned || st.reclaim_deadline != c.deadline) return Events{};
        if (!s.match_running())
            return Events{SeatFreed{c.seat}};  // outside a match: the seat (and the chief's role) go
        Events events{Abandoned{c.seat}};
        // An open cancel vote no longer waits for this seat: if everyone else said yes, it passes.
        if (s.cancel && s.cancel->votes.count(c.seat)) {
            bool others = false, all = true;
            for (const auto& [voter, vote] : s.cancel->votes) {
                if (voter == c.seat) continue;
                others = true;
                all = all && vote && *vote;
            }
            if (others && all) events.push_back(MatchCancelled{});
        }
        return events;
    }
    Decision operator()(const StandingsRead& c) const {
        if (s.match_running()) return Events{};
        Events events;
        for (int k = 0; k < s.seat_count(); ++k) {
            const auto& human = s.seats[k].human;
            if (!human) continue;
            for (const auto& standing : c.standings)
                if (standing.player_id == human->id && s.seats[k].standing != standing.seat_standing())
                    events.push_back(StandingChanged{k, standing.seat_standing()});
        }
        return events;
    }
    Decision operator()(const CancelExpired& c) const {
        if (!s.cancel || s.cancel->number != c.proposal) return Events{};
        return Events{CancelRejected{CancelEnd::Timeout}};
    }
    Decision operator()(const ConnectionLost& c) const {
        if (auto seat = s.seat_of(c.who.id)) {
            if (s.seats[*seat].disconnected) return Events{};
            return Events{Disconnected{*seat, now + s.policy.reclaim_window.count()}};
        }
        if (s.watching(c.who.id)) return Events{SpectatorLeft{c.who, true}};
        return Events{};
    }
    Decision operator()(const ConnectionBack& c) const {
        auto seat = s.seat_of(c.who.id);
        if (!seat && s.returns_as_spectator(c.who.id, now)) return Events{SpectatorJoined{c.who}};
        if (!seat || !s.seats[*seat].disconnected) return Events{};
        if (!c.after_robot && robot_decides_first(s, *seat)) return Deferred{};
        return Events{Reconnected{*seat}};
    }
    Decision operator()(const FillExpired& c) const {
        if (s.fill_deadline != c.deadline || s.fill_spent || s.matches_begun || !s.chief()) return Events{};
        Events events{SeatsFilled{}};
        Lineup lineup;
        lineup.seats = s.seat_count();
        for (int k = 0; k < s.seat_count(); ++k) {
            if (s.seats[k].empty()) events.push_back(RobotSeated{k, s.settings.robot_fill_level});
            if (s.seats[k].human) lineup.players[k] = s.seats[k].human->id;
        }
        // Without the players' standings (a competitive table's stakes and ratings need them from
        // the store) only a practice match starts on its own; a competitive table waits for its chief.
        auto terms = match_terms(s.settings.competitive, s.settings.stake, lineup, {});
        if (terms.terms) events.push_back(MatchBegun{c.seed, *terms.terms});
        return events;
    }
    Decision operator()(const ShowedUp& c) const {
        auto seat = s.seat_of(c.who.id);
        if (!seat || !s.seats[*seat].away) return Events{};
        if (!c.after_robot && robot_decides_first(s, *seat)) return Deferred{};
        return Events{CameBack{*seat}};
    }
};

}  // namespace

Decision decide(const TableState& state, const Command& command, std::int64_t now_ms) {
    if (const auto* request = std::get_if<FromPlayer>(&command)) {
        if (stranger_at_private_table(state, request->from, request->request)) return no_such_table(state);
        return std::visit(RequestJudge{state, request->from, state.seat_of(request->from.id), now_ms},
                          request->request);
    }
    return std::visit(MachineJudge{state, now_ms}, command);
}

std::variant<GameRecord, Refused> record_of(const TableState& state, const PlayerRef& from, const GetRecord& query) {
    if (state.settings.private_table) {
        const bool played =
            std::find(state.match_players.begin(), state.match_players.end(), from.id) != state.match_players.end();
        if (!played && !state.seat_of(from.id) && !state.watching(from.id) && !state.invite_ok(query.invite))
            return no_such_table(state);
    }
    if (state.match.phase() == Phase::NotStarted) return refuse(RejectReason::NotStarted, "the match has not started");
    if (!state.match.finished() && !state.cancelled)
        return refuse(TableRefusal::MatchRunning, "the record is available once the match is over");
    return match_record(state);
}

GameRecord match_record(const TableState& state) {
    GameRecord record = make_record(state.match, state.actions);
    record.cancelled = state.cancelled;
    return record;
}

}  // namespace belote::platform
