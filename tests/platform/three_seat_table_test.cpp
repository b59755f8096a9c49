// platform/: a three-seat table (three_player, docs/rules.md §7) through decide() and evolve() — seats,
// chief, robots, options, the cancel vote among its humans, spectators, the move timer, the reclaim
// window, snapshots, and a whole match to its end — with the exact events and notices.

#include <gtest/gtest.h>

#include "engine/robot.hpp"
#include "platform/decide.hpp"
#include "platform/evolve.hpp"
#include "platform/snapshot.hpp"

namespace belote::platform {
namespace three_seat_table_test {

const PlayerRef ana{"pana", "Ana"}, bea{"pbea", "Bea"}, cid{"pcid", "Cid"};
constexpr std::int64_t t0 = 1'800'000'000'000;

MatchOptions three_player(int target = 301) {
    MatchOptions options;
    options.variant = Variant::ThreePlayer;
    options.target = target;
    return options;
}

std::vector<TableEvent> events_of(const TableState& s, const Command& command, std::int64_t now = t0) {
    auto decision = decide(s, command, now);
    auto* events = std::get_if<std::vector<TableEvent>>(&decision);
    EXPECT_TRUE(events) << "refused or deferred";
    return events ? *events : std::vector<TableEvent>{};
}

std::vector<Published> apply_all(TableState& s, const std::vector<TableEvent>& events, std::int64_t now = t0) {
    std::vector<Published> out;
    for (const auto& e : events) evolve(s, e, now, out);
    return out;
}

std::vector<Published> run(TableState& s, const Command& command, std::int64_t now = t0) {
    return apply_all(s, events_of(s, command, now), now);
}

Refused refusal(const TableState& s, const Command& command) {
    auto decision = decide(s, command, t0);
    EXPECT_TRUE(std::holds_alternative<Refused>(decision));
    return std::holds_alternative<Refused>(decision) ? std::get<Refused>(decision) : Refused{};
}

TableRefusal table_reason(const Refused& r) {
    return std::holds_alternative<TableRefusal>(r.reason) ? std::get<TableRefusal>(r.reason) : TableRefusal{};
}

/// The engine event a notice carries (fails the test when it carries something else).
template <class E>
const E& engine_event(const Published& p) {
    static const E none{};
    const auto* event = std::get_if<Event>(&p.notice);
    EXPECT_TRUE(event && std::holds_alternative<E>(*event)) << "notice v" << p.v << " is not the expected event";
    return event && std::holds_alternative<E>(*event) ? std::get<E>(*event) : none;
}

/// Ana in seat 0, Bea in seat 1, a robot in seat 2; started with seed 7 when `start`.
TableState table_of_two_humans(TableSettings settings = {}, bool start = true) {
    TableState s = TableState::create("t1", three_player(), settings, TablePolicy{}, "code");
    run(s, FromPlayer{ana, Sit{0, {}}});
    run(s, FromPlayer{bea, Sit{1, {}}});
    run(s, FromPlayer{ana, AddRobot{2, RobotLevel::Hard}});
    if (start) run(s, FromPlayer{ana, Start{7}});
    return s;
}

/// Plays the seat-filler robot's choice for every seat (a RobotMove for robot-played seats, the
/// human's own Act otherwise) until `stop` says so or the match is over.
template <class Stop>
void play_until(TableState& s, Stop stop) {
    Rng rng(11);
    for (int guard = 0; guard < 5000 && s.match_running() && !stop(s); ++guard) {
        int who = *s.match.to_act();
        Action choice = robot_decide(s.match.view(Observer::of_seat(who)), rng);
        if (s.robot_controlled(who))
            run(s, RobotMove{who, choice, s.actions.size()});
        else
            run(s, FromPlayer{*s.seats[who].human, Act{choice}});
    }
}

TEST(ThreeSeatTable, HasThreeSeatsAndStartsOnlyWhenAllThreeAreTaken) {
    TableState s = TableState::create("t1", three_player(), TableSettings{}, TablePolicy{}, "code");
    EXPECT_EQ(s.seat_count(), 3);
    EXPECT_EQ(s.info().seats.size(), 3u);
    EXPECT_EQ(s.lobby_entry().info.variant, Variant::ThreePlayer);

    Refused bad = refusal(s, FromPlayer{ana, Sit{3, {}}});
    EXPECT_EQ(table_reason(bad), TableRefusal::BadSeat);
    EXPECT_EQ(bad.message, "seat must be 0..2");
    EXPECT_EQ(refusal(s, FromPlayer{ana, AddRobot{3}}).message, "seat must be 0..2");

    auto sat = run(s, FromPlayer{ana, Sit{1, {}}});
    ASSERT_EQ(sat.size(), 1u);
    EXPECT_EQ(sat[0].v, 1u);
    const auto& changed = std::get<SeatChangedNotice>(sat[0].notice);
    EXPECT_EQ(changed.seat, 1);
    EXPECT_EQ(changed.player, (PlayerInfo{"Ana", false, std::nullopt}));
    EXPECT_EQ(s.chief(), 1);

    auto robot = run(s, FromPlayer{ana, AddRobot{0, RobotLevel::Expert}});
    ASSERT_EQ(robot.size(), 1u);
    EXPECT_EQ(std::get<SeatChangedNotice>(robot[0].notice).player, (PlayerInfo{"Robot 0", true, RobotLevel::Expert}));

    Refused empty = refusal(s, FromPlayer{ana, Start{7}});
    EXPECT_EQ(table_reason(empty), TableRefusal::SeatsEmpty);
    EXPECT_EQ(empty.message, "seat 2 is empty");
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{bea, Start{7}})), TableRefusal::NotSeated);

    run(s, FromPlayer{bea, Sit{2, {}}});
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{bea, Start{7}})), TableRefusal::NotChief);
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{cid, Sit{0, {}}})), TableRefusal::SeatTaken);
}

// Anyone may put robots at a table nobody sits at, but not in its last free seat: a table of robots
// alone has no chief, so nobody could sit, start it or take a robot away.
TEST(ThreeSeatTable, RobotsAloneNeverFillATable) {
    TableState s = TableState::create("t1", three_player(), TableSettings{}, TablePolicy{}, "code");
    run(s, FromPlayer{bea, AddRobot{0}});
    run(s, FromPlayer{cid, AddRobot{1}});
    Refused last = refusal(s, FromPlayer{bea, AddRobot{2}});
    EXPECT_EQ(table_reason(last), TableRefusal::NotChief);
    EXPECT_EQ(last.message, "the last free seat is kept for a person: sit down first");
    EXPECT_TRUE(s.seats[2].empty());

    run(s, FromPlayer{ana, Sit{2, {}}});  // the table's first person is its chief
    EXPECT_EQ(s.chief(), 2);
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{bea, AddRobot{0}})), TableRefusal::NotChief);
    run(s, FromPlayer{ana, RemoveRobot{1}});
    EXPECT_TRUE(s.seats[1].empty());
    run(s, FromPlayer{ana, AddRobot{1, RobotLevel::Expert}});
    run(s, FromPlayer{ana, Start{7}});
    EXPECT_TRUE(s.match_running());
}

TEST(ThreeSeatTable, TheStartDealsFiveCardsToEachOfThreeSeats) {
    TableState s = table_of_two_humans({}, false);
    auto events = events_of(s, FromPlayer{ana, Start{7}});
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(std::get<MatchBegun>(events[0]).seed, 7u);
    const std::uint64_t v = s.v;
    auto notices = apply_all(s, events);
    // match_started, deal_started, the eldest's turn: nothing else.
    ASSERT_EQ(notices.size(), 3u);
    for (std::size_t i = 0; i < notices.size(); ++i) EXPECT_EQ(notices[i].v, v + 1 + i);
    const auto& started = engine_event<MatchStarted>(notices[0]);
    EXPECT_EQ(started.options, three_player());
    const auto& deal = engine_event<DealStarted>(notices[1]);
    EXPECT_EQ(deal.deal_number, 1);
    EXPECT_EQ(deal.dealer, started.first_dealer);
    EXPECT_EQ(deal.hand_sizes, (std::array<int, 4>{5, 5, 5, 0}));
    for (int seat = 0; seat < 3; ++seat) {
        ASSERT_TRUE(deal.hands[seat]);
        EXPECT_EQ(deal.hands[seat]->size(), 5);
    }
    EXPECT_FALSE(deal.hands[3]);
    const auto& turn = std::get<TurnNotice>(notices[2].notice);
    EXPECT_EQ(turn.turn.seat, (deal.dealer + 1) % 3);
    EXPECT_TRUE(turn.turn.auction);
    EXPECT_EQ(turn.deadline, std::nullopt);
    EXPECT_EQ(s.match_players, (std::vector<std::string>{"pana", "pbea"}));
    EXPECT_EQ(s.status(), TableStatus::Playing);
}

TEST(ThreeSeatTable, OptionsKeepThreeSeatsAndCarryTheRuleOptions) {
    TableState s = table_of_two_humans({}, false);
    OptionsPatch to_classic;
    to_classic.variant = Variant::Classic;
    Refused four = refusal(s, FromPlayer{ana, SetOptions{to_classic}});
    EXPECT_EQ(table_reason(four), TableRefusal::InvalidOptions);
    EXPECT_EQ(four.message, "the variant must keep the table's number of seats");

    OptionsPatch rules;
    rules.variant = Variant::ThreePlayer;
    rules.rules = RuleOptions{};
    rules.rules->three_player.deck = ThreePlayerDeck::Cards32;
    rules.rules->three_player.capot = ThreePlayerCapot::ShutOut50;
    rules.target = 501;
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{bea, SetOptions{rules}})), TableRefusal::NotChief);
    auto notices = run(s, FromPlayer{ana, SetOptions{rules}});
    ASSERT_EQ(notices.size(), 1u);
    const auto& options = std::get<OptionsNotice>(notices[0].notice);
    EXPECT_EQ(options.chief, 0);
    MatchOptions expected = three_player(501);
    expected.rules.three_player.deck = ThreePlayerDeck::Cards32;
    expected.rules.three_player.capot = ThreePlayerCapot::ShutOut50;
    EXPECT_EQ(options.options, expected);
    EXPECT_EQ(s.options, expected);
    EXPECT_EQ(s.match.options(), expected);  // not started: the match to come has them already

    // Rules the variant refuses never reach the table: validate() is the last word.
    OptionsPatch partner = rules;
    partner.rules->play.partner_winning_exemption = false;
    Refused refused = refusal(s, FromPlayer{ana, SetOptions{partner}});
    EXPECT_EQ(table_reason(refused), TableRefusal::InvalidOptions);
    EXPECT_EQ(refused.message, "partner play options do not apply to three_player (no partners)");
}

TEST(ThreeSeatTable, TheCancelVoteAsksBothHumansAndNotTheRobot) {
    TableState s = table_of_two_humans();
    auto proposed = events_of(s, FromPlayer{bea, ProposeCancel{}});
    ASSERT_EQ(proposed.size(), 1u);
    const auto& p = std::get<CancelProposed>(proposed[0]);
    EXPECT_EQ(p.by, 1);
    EXPECT_EQ(p.deadline, t0 + s.policy.cancel_window.count());
    EXPECT_EQ(p.voters, (std::vector<int>{0, 1}));
    EXPECT_EQ(p.number, 1u);
    apply_all(s, proposed);
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{bea, VoteCancel{true}})), TableRefusal::AlreadyVoted);

    auto accepted = events_of(s, FromPlayer{ana, VoteCancel{true}});
    ASSERT_EQ(accepted.size(), 2u);
    EXPECT_EQ(std::get<CancelVoted>(accepted[0]).seat, 0);
    EXPECT_TRUE(std::get<CancelVoted>(accepted[0]).accept);
    EXPECT_TRUE(std::holds_alternative<MatchCancelled>(accepted[1]));
    auto notices = apply_all(s, accepted);
    ASSERT_EQ(notices.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<CancelVoted>(notices[0].notice));
    EXPECT_TRUE(std::holds_alternative<MatchCancelledNotice>(notices[1].notice));
    EXPECT_TRUE(s.cancelled);
    EXPECT_EQ(s.status(), TableStatus::Finished);

    // With one human and two robots, the proposer alone decides.
    TableState alone = TableState::create("t2", three_player(), TableSettings{}, TablePolicy{}, "code");
    run(alone, FromPlayer{ana, Sit{2, {}}});
    run(alone, FromPlayer{ana, AddRobot{0}});
    run(alone, FromPlayer{ana, AddRobot{1}});
    run(alone, FromPlayer{ana, Start{3}});
    auto solo = events_of(alone, FromPlayer{ana, ProposeCancel{}});
    ASSERT_EQ(solo.size(), 2u);
    EXPECT_EQ(std::get<CancelProposed>(solo[0]).voters, (std::vector<int>{2}));
    EXPECT_TRUE(std::holds_alternative<MatchCancelled>(solo[1]));
}

TEST(ThreeSeatTable, ASpectatorSeesThreeSeatsAndNoHand) {
    TableState s = table_of_two_humans();
    auto joined = run(s, FromPlayer{cid, Watch{}});
    ASSERT_EQ(joined.size(), 1u);
    EXPECT_EQ(std::get<SpectatorCount>(joined[0].notice).count, 1);

    Snapshot watching = snapshot_of(s, Observer::spectator());
    EXPECT_EQ(watching.info.seats.size(), 3u);
    EXPECT_EQ(watching.presence.size(), 3u);
    EXPECT_EQ(watching.view.seats, 3);
    EXPECT_TRUE(watching.view.hand.empty());
    EXPECT_TRUE(watching.view.legal.empty());
    EXPECT_EQ(watching.view.totals, SideValues::zeros(3));
    EXPECT_EQ(watching.invite, std::nullopt);
    EXPECT_EQ(watching.spectators, 1);

    Snapshot chief = snapshot_of(s, Observer::of_seat(0));
    EXPECT_EQ(chief.view.hand.size(), 5);
    EXPECT_EQ(chief.invite, "code");
    EXPECT_EQ(table_reason(refusal(s, FromPlayer{cid, Act{Action::pass()}})), TableRefusal::NotSeated);
}

TEST(ThreeSeatTable, TheMoveTimerHandsAnOverdueDecisionToTheRobot) {
    TableSettings settings;
    settings.turn_time_s = 10;
    TableState s = table_of_two_humans(settings);
    // In the auction the move made for Bea is a pass (docs/protocol.md "Time per move").
    play_until(s, [](const TableState& t) { return t.match.to_act() == 1; });
    ASSERT_EQ(s.match.phase(), Phase::Auction);
    auto passed = events_of(s, TurnExpired{*s.turn_deadline}, *s.turn_deadline);
    ASSERT_EQ(passed.size(), 2u);
    EXPECT_EQ(std::get<AutoMoved>(passed[0]).seat, 1);
    EXPECT_EQ(std::get<ActionTaken>(passed[1]).action, Action::pass());
    EXPECT_EQ(std::get<ActionTaken>(passed[1]).source, ActionSource::Timeout);
    apply_all(s, passed, *s.turn_deadline);
    // In play a robot chooses her card.
    play_until(s, [](const TableState& t) { return t.match.to_act() == 1 && t.match.phase() == Phase::Play; });
    ASSERT_EQ(s.match.to_act(), 1);
    ASSERT_TRUE(s.turn_deadline);
    const std::int64_t deadline = *s.turn_deadline;

    auto overdue = events_of(s, TurnExpired{deadline}, deadline);
    ASSERT_EQ(overdue.size(), 1u);
    EXPECT_EQ(std::get<TurnOverdue>(overdue[0]).seat, 1);
    EXPECT_TRUE(apply_all(s, overdue, deadline).empty());
    EXPECT_EQ(s.robot_to_act(), 1);
    EXPECT_EQ(s.robot_level(1), RobotLevel::Expert);  // the takeover robot
    EXPECT_EQ(s.robot_level(2), RobotLevel::Hard);    // the seated one

    const Action choice = s.match.legal_actions(1).front();
    auto moved = events_of(s, RobotMove{1, choice, s.actions.size()}, deadline);
    ASSERT_EQ(moved.size(), 2u);
    EXPECT_EQ(std::get<AutoMoved>(moved[0]).seat, 1);
    EXPECT_EQ(std::get<ActionTaken>(moved[1]).seat, 1);
    EXPECT_EQ(std::get<ActionTaken>(moved[1]).source, ActionSource::Timeout);
    auto notices = apply_all(s, moved, deadline);
    ASSERT_GE(notices.size(), 2u);
    EXPECT_EQ(std::get<AutoMoved>(notices[0].notice).seat, 1);
    EXPECT_EQ(s.seats[1].auto_moves, 2);
}

TEST(ThreeSeatTable, ALostConnectionKeepsTheSeatForTheReclaimWindow) {
    TableState s = table_of_two_humans();
    auto lost = events_of(s, ConnectionLost{bea}, t0 + 5);
    ASSERT_EQ(lost.size(), 1u);
    EXPECT_EQ(std::get<Disconnected>(lost[0]).seat, 1);
    const std::int64_t deadline = t0 + 5 + s.policy.reclaim_window.count();
    EXPECT_EQ(std::get<Disconnected>(lost[0]).reclaim_deadline, deadline);
    auto notices = apply_all(s, lost, t0 + 5);
    ASSERT_EQ(notices.size(), 1u);
    const auto& status = std::get<SeatStatusNotice>(notices[0].notice);
    EXPECT_EQ(status.seat, 1);
    EXPECT_EQ(status.presence, SeatPresence::Disconnected);
    EXPECT_TRUE(status.robot_playing);
    EXPECT_EQ(status.reclaim_deadline, deadline);

    auto abandoned = events_of(s, ReclaimExpired{1, deadline}, deadline);
    ASSERT_EQ(abandoned.size(), 1u);
    EXPECT_EQ(std::get<Abandoned>(abandoned[0]).seat, 1);
    apply_all(s, abandoned, deadline);
    // The robot plays the seat to the end; then the seat is freed and the match records it.
    play_until(s, [](const TableState&) { return false; });
    EXPECT_TRUE(s.match.finished());
    EXPECT_FALSE(s.seats[1].human);
}

TEST(ThreeSeatTable, AMatchEndsWithThreeTotalsAndASeatAsWinner) {
    TableState s = table_of_two_humans();
    std::vector<Published> notices;
    Rng rng(5);
    for (int guard = 0; guard < 5000 && s.match_running(); ++guard) {
        int who = *s.match.to_act();
        Action choice = robot_decide(s.match.view(Observer::of_seat(who)), rng);
        auto out = s.robot_controlled(who) ? run(s, RobotMove{who, choice, s.actions.size()})
                                           : run(s, FromPlayer{*s.seats[who].human, Act{choice}});
        notices.insert(notices.end(), out.begin(), out.end());
    }
    ASSERT_TRUE(s.match.finished());
    ASSERT_FALSE(notices.empty());
    const auto* end = std::get_if<MatchEndNotice>(&notices.back().notice);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->end.totals, s.match.totals());
    ASSERT_EQ(end->end.totals.size(), 3);
    EXPECT_TRUE(end->abandoned.empty());
    // §8: the winner has reached the target with the strictly highest total.
    const int w = end->end.winner;
    ASSERT_GE(w, 0);
    ASSERT_LT(w, 3);
    EXPECT_GE(end->end.totals[w], 301);
    for (int seat = 0; seat < 3; ++seat) {
        if (seat != w) {
            EXPECT_LT(end->end.totals[seat], end->end.totals[w]);
        }
    }
    // Every deal_scored has three scores that add up to the totals.
    SideValues sum = SideValues::zeros(3);
    for (const Published& p : notices)
        if (const auto* e = std::get_if<Event>(&p.notice))
            if (const auto* scored = std::get_if<DealScored>(e)) {
                ASSERT_EQ(scored->score.score.size(), 3);
                for (int seat = 0; seat < 3; ++seat) sum[seat] += scored->score.score[seat];
                EXPECT_EQ(scored->totals, sum);
            }
    EXPECT_EQ(sum, end->end.totals);
    EXPECT_EQ(s.status(), TableStatus::Finished);
    EXPECT_EQ(s.turn_deadline, std::nullopt);
    // The record of the match replays to the same totals.
    auto record = record_of(s, ana, GetRecord{});
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record));
    EXPECT_EQ(replay(std::get<GameRecord>(record)).totals, end->end.totals);
}

}  // namespace three_seat_table_test
}  // namespace belote::platform
