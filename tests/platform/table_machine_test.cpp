// platform/: the table state machine on its own (no server, no clock): what decide() answers and
// what evolve() does to the state and says, for the paths the actor relies on.

#include <gtest/gtest.h>

#include <algorithm>

#include "platform/decide.hpp"
#include "platform/evolve.hpp"

namespace belote::platform {
namespace table_machine_test {

const PlayerRef ana{"pana", "Ana"}, bea{"pbea", "Bea"};
constexpr std::int64_t t0 = 1'800'000'000'000;

/// Decides and applies `command`; returns the notices (fails the test on a refusal or deferral).
std::vector<Published> run(TableState& s, const Command& command, std::int64_t now = t0) {
    auto decision = decide(s, command, now);
    EXPECT_TRUE(std::holds_alternative<std::vector<TableEvent>>(decision));
    std::vector<Published> out;
    if (auto* events = std::get_if<std::vector<TableEvent>>(&decision))
        for (const auto& e : *events) evolve(s, e, now, out);
    return out;
}

std::vector<TableEvent> events_of(const TableState& s, const Command& command, std::int64_t now = t0) {
    auto decision = decide(s, command, now);
    auto* events = std::get_if<std::vector<TableEvent>>(&decision);
    return events ? *events : std::vector<TableEvent>{};
}

/// Ana in seat 0, Bea in seat 1, robots in 2 and 3, the match started with seed 7.
TableState started_table() {
    MatchOptions options;
    options.target = 301;
    TableState s = TableState::create("t1", options, TableSettings{}, TablePolicy{}, "code");
    run(s, FromPlayer{ana, Sit{0, {}}});
    run(s, FromPlayer{bea, Sit{1, {}}});
    run(s, FromPlayer{ana, AddRobot{2}});
    run(s, FromPlayer{ana, AddRobot{3}});
    run(s, FromPlayer{ana, Start{7}});
    return s;
}

/// Plays first legal actions (a robot's move for a robot-played seat, the human's own action
/// otherwise) until `seat` is to act.
void play_until(TableState& s, int seat) {
    for (int guard = 0; guard < 200 && s.match.to_act() != seat; ++guard) {
        int who = *s.match.to_act();
        Action first = s.match.legal_actions(who).front();
        if (s.robot_controlled(who))
            run(s, RobotMove{who, first, s.actions.size()});
        else
            run(s, FromPlayer{*s.seats[who].human, Act{first}});
    }
    ASSERT_EQ(s.match.to_act(), seat);
}

TEST(TableMachineTest, NoticesAreNumberedAndASeatIsReplayedOnlyFromItsSitting) {
    MatchOptions options;
    TableState s = TableState::create("t1", options, TableSettings{}, TablePolicy{}, "code");
    auto notices = run(s, FromPlayer{ana, Sit{2, {}}});
    ASSERT_EQ(notices.size(), 1u);
    EXPECT_EQ(notices[0].v, 1u);
    EXPECT_EQ(s.v, 1u);
    EXPECT_EQ(s.seats[2].seated_since_v, 1u);
    EXPECT_EQ(s.chief(), 2);
    auto refused = decide(s, FromPlayer{bea, Sit{2, {}}}, t0);
    ASSERT_TRUE(std::holds_alternative<Refused>(refused));
    EXPECT_EQ(std::get<TableRefusal>(std::get<Refused>(refused).reason), TableRefusal::SeatTaken);
}

TEST(TableMachineTest, ARobotMoveForADecisionAlreadyMadeChangesNothing) {
    TableState s = started_table();
    play_until(s, 2);
    const std::size_t decision = s.actions.size();
    const Action robot_choice = s.match.legal_actions(2).front();
    run(s, RobotMove{2, robot_choice, decision});
    EXPECT_EQ(s.actions.size(), decision + 1);
    // The same move arriving twice, or a move for a seat not to act: no event.
    EXPECT_TRUE(events_of(s, RobotMove{2, robot_choice, decision}).empty());
    EXPECT_TRUE(events_of(s, RobotMove{0, Action::pass(), s.actions.size()}).empty());  // Ana plays her own seat
}

TEST(TableMachineTest, AReturningPlayerGetsTheSeatBackAtTheNextDecision) {
    TableState s = started_table();
    play_until(s, 1);
    run(s, ConnectionLost{bea});
    EXPECT_TRUE(s.seats[1].disconnected);
    EXPECT_EQ(s.seats[1].reclaim_deadline, t0 + s.policy.reclaim_window.count());
    EXPECT_EQ(s.robot_to_act(), 1);
    // Bea's decision is pending: her return waits for the robot to make it.
    EXPECT_TRUE(std::holds_alternative<Deferred>(decide(s, ConnectionBack{bea}, t0)));
    run(s, RobotMove{1, s.match.legal_actions(1).front(), s.actions.size()});
    auto notices = run(s, ConnectionBack{bea, true});
    ASSERT_EQ(notices.size(), 1u);
    const auto& status = std::get<SeatStatusNotice>(notices[0].notice);
    EXPECT_EQ(status.presence, SeatPresence::Present);
    EXPECT_FALSE(status.robot_playing);
    EXPECT_FALSE(s.seats[1].reclaim_deadline);
}

TEST(TableMachineTest, TheReclaimWindowEndsOnlyAtItsOwnDeadline) {
    TableState s = started_table();
    run(s, ConnectionLost{bea}, t0);
    const auto deadline = *s.seats[1].reclaim_deadline;
    EXPECT_TRUE(events_of(s, ReclaimExpired{1, deadline - 1}).empty());
    auto notices = run(s, ReclaimExpired{1, deadline}, deadline);
    ASSERT_EQ(notices.size(), 1u);
    EXPECT_EQ(std::get<SeatStatusNotice>(notices[0].notice).presence, SeatPresence::Abandoned);
    play_until(s, 1);
    EXPECT_EQ(s.robot_to_act(), 1);  // the robot plays to the end of the match
}

TEST(TableMachineTest, ATimeoutMakesTheRobotMoveAndThreeInARowMakeTheSeatAway) {
    MatchOptions options;
    options.target = 301;
    TableSettings settings;
    settings.turn_time_s = 10;
    TableState s = TableState::create("t1", options, settings, TablePolicy{}, "code");
    run(s, FromPlayer{ana, Sit{0, {}}});
    for (int seat = 1; seat < 4; ++seat) run(s, FromPlayer{ana, AddRobot{seat}});
    run(s, FromPlayer{ana, Start{7}});
    for (int timeouts = 1; timeouts <= 3; ++timeouts) {
        play_until(s, 0);
        ASSERT_TRUE(s.turn_deadline);
        auto notices = run(s, TurnExpired{*s.turn_deadline});
        if (notices.empty()) {  // in play: the robot makes this decision
            EXPECT_EQ(s.robot_to_act(), 0);
            notices = run(s, RobotMove{0, s.match.legal_actions(0).front(), s.actions.size()});
        }
        ASSERT_GE(notices.size(), 2u);
        EXPECT_TRUE(std::holds_alternative<AutoMoved>(notices[0].notice));
        EXPECT_EQ(s.seats[0].auto_moves, timeouts);
        EXPECT_EQ(s.seats[0].away, timeouts == 3);
    }
    // Any request brings her back (after the robot's pending decision, if it is hers).
    if (s.match.to_act() == 0) run(s, RobotMove{0, s.match.legal_actions(0).front(), s.actions.size()});
    if (s.match.to_act() != 0) {
        run(s, ShowedUp{ana});
        EXPECT_FALSE(s.seats[0].away);
        EXPECT_EQ(s.seats[0].auto_moves, 0);
    }
}

TEST(TableMachineTest, AnAwaySeatIsPresentAgainWhenTheMatchEndsAndTheOthersAreTold) {
    MatchOptions options;
    options.target = 301;
    TableSettings settings;
    settings.turn_time_s = 10;
    TableState s = TableState::create("t1", options, settings, TablePolicy{}, "code");
    run(s, FromPlayer{ana, Sit{0, {}}});
    for (int seat = 1; seat < 4; ++seat) run(s, FromPlayer{ana, AddRobot{seat}});
    run(s, FromPlayer{ana, Start{7}});
    for (int timeouts = 1; timeouts <= 3 && s.match_running(); ++timeouts) {
        play_until(s, 0);
        if (run(s, TurnExpired{*s.turn_deadline}).empty())
            run(s, RobotMove{0, s.match.legal_actions(0).front(), s.actions.size()});
    }
    ASSERT_TRUE(s.seats[0].away);
    // The robot plays her seat to the end of the match; its end says she is present again.
    std::vector<Published> last;
    for (int guard = 0; guard < 4000 && s.match_running(); ++guard) {
        int who = *s.match.to_act();
        auto legal = s.match.legal_actions(who);
        auto taken =
            std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind != ActionKind::Pass; });
        last = run(s, RobotMove{who, taken != legal.end() ? *taken : legal.front(), s.actions.size()});
    }
    ASSERT_FALSE(s.match_running());
    EXPECT_FALSE(s.seats[0].away);
    EXPECT_EQ(s.presence(0), SeatPresence::Present);
    bool told = false;
    for (const auto& p : last)
        if (const auto* status = std::get_if<SeatStatusNotice>(&p.notice))
            told = told || (status->seat == 0 && status->presence == SeatPresence::Present && !status->robot_playing);
    EXPECT_TRUE(told);
}

/// A timed table of `variant` with Ana in seat 0 and robots elsewhere, started with seed 7.
TableState timed_table(Variant variant) {
    MatchOptions options;
    options.variant = variant;
    options.target = 301;
    TableSettings settings;
    settings.turn_time_s = 10;
    TableState s = TableState::create("t1", options, settings, TablePolicy{}, "code");
    run(s, FromPlayer{ana, Sit{0, {}}});
    for (int seat = 1; seat < seat_count(variant); ++seat) run(s, FromPlayer{ana, AddRobot{seat}});
    run(s, FromPlayer{ana, Start{7}});
    return s;
}

// docs/protocol.md "Time per move": in an auction, the move made for a player out of time is a
// pass, in every variant (a robot's bid or take would commit the player's side).
TEST(TableMachineTest, ATimeoutInAnAuctionPassesForThePlayerInEveryVariant) {
    for (Variant variant : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte,
                            Variant::ThreePlayer}) {
        SCOPED_TRACE(std::string(to_string(variant)));
        TableState s = timed_table(variant);
        for (int timeouts = 1; timeouts <= 3; ++timeouts) {  // the third in a row makes the seat away
            SCOPED_TRACE(timeouts);
            play_until(s, 0);
            if (s.match.phase() != Phase::Auction) break;
            const std::size_t before = s.actions.size();
            auto events = events_of(s, TurnExpired{*s.turn_deadline});
            ASSERT_EQ(events.size(), timeouts < 3 ? 2u : 3u);
            if (timeouts == 3) {
                EXPECT_EQ(std::get<WentAway>(events[1]).seat, 0);
            }
            EXPECT_EQ(std::get<AutoMoved>(events.front()).seat, 0);
            const auto& taken = std::get<ActionTaken>(events.back());
            EXPECT_EQ(taken.seat, 0);
            EXPECT_EQ(taken.action, Action::pass());
            EXPECT_EQ(taken.source, ActionSource::Timeout);
            for (const auto& e : events) {
                std::vector<Published> out;
                evolve(s, e, t0, out);
            }
            EXPECT_EQ(s.actions.size(), before + 1);
            EXPECT_EQ(s.actions.back().action, Action::pass());
        }
    }
}

// In play a card must be played: the robot chooses it, announced as automatic.
TEST(TableMachineTest, ATimeoutInPlayHandsTheCardToTheRobot) {
    TableState s = timed_table(Variant::Coinche);
    for (int guard = 0; guard < 50 && !(s.match.to_act() == 0 && s.match.phase() == Phase::Play); ++guard) {
        play_until(s, 0);
        if (s.match.phase() == Phase::Play) break;
        auto legal = s.match.legal_actions(0);  // Ana bids (or takes) so that the deal is played
        auto bid = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind != ActionKind::Pass; });
        run(s, FromPlayer{ana, Act{bid != legal.end() ? *bid : legal.front()}});
    }
    ASSERT_EQ(s.match.phase(), Phase::Play);
    auto events = events_of(s, TurnExpired{*s.turn_deadline});
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(std::get<TurnOverdue>(events[0]).seat, 0);
}

}  // namespace table_machine_test
}  // namespace belote::platform
