// Time per move, robot takeover with the reclaim window, reconnection, friendly cancel — every
// deadline driven by the ManualClock (no waiting).

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <functional>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace timers_test {

using std::chrono::milliseconds;
using std::chrono::seconds;

/// Plays `seat`'s turns (first legal action) until an event for which `until` is true; returns it.
json pump(GameClient& c, const std::string& t, int seat, const std::function<bool(const json&)>& until) {
    for (;;) {
        json e = c.next_event();
        if (std::getenv("BELOTE_TEST_TRACE")) std::fprintf(stderr, "pump: %s\n", e.dump().c_str());
        if (until(e)) return e;
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            json r = c.request(act);
            if (r["type"] != "ok") ADD_FAILURE() << r;
        }
    }
}

auto is(const std::string& type, int seat = -1) {
    return [type, seat](const json& e) { return e["type"] == type && (seat < 0 || e.value("seat", -1) == seat); };
}

/// Humans `clients` in seats 0.., robots in the others; started by the first (the chief).
std::string started_table(std::vector<GameClient*> clients, json options = json::object()) {
    std::string t = create_table(*clients[0], options)["table"];
    for (std::size_t i = 0; i < clients.size(); ++i) EXPECT_EQ(code(sit_at(*clients[i], t, static_cast<int>(i))), "ok");
    for (int s = static_cast<int>(clients.size()); s < 4; ++s)
        EXPECT_EQ(code(table_request(*clients[0], "add_robot", t, {{"seat", s}})), "ok");
    EXPECT_EQ(code(table_request(*clients[0], "start", t)), "ok");
    return t;
}

TEST(TurnTimerTest, DeadlineInTurnAutomaticMoveAndAwayAfterThree) {
    Config config = ClockedServer::default_config();
    config.robot_delay_ms = 20;  // real time: the robots must not finish the match while seat 0 is away
    ClockedServer server(config);
    GameClient a(server.port());
    a.hello("Ana");
    std::int64_t t0 = server.clock().now_ms();
    std::string t = started_table({&a}, {{"turn_time", 5}, {"target", 1000}});
    json turn = turn_of(a, 0);
    EXPECT_EQ(turn["deadline"], t0 + 5000);
    for (int moves = 1; moves <= 3; ++moves) {
        server.clock().advance(milliseconds(4999));
        server.clock().advance(milliseconds(1));
        json automatic = event_of(a, "auto_move");
        EXPECT_EQ(automatic["seat"], 0);
        EXPECT_EQ(automatic["reason"], "timeout");
        if (moves < 3) turn = turn_of(a, 0);
    }
    json away = event_of(a, "seat_status", 0);
    EXPECT_EQ(away["status"], "away");
    EXPECT_EQ(away["robot_playing"], true);
    EXPECT_EQ(away["robot_level"], "expert");  // the takeover level's default
    // Robot turns carry no deadline; while away the robot plays seat 0 (no deadline either).
    // Any request brings the player back.
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", "back"}})), "ok");
    json back = event_of(a, "seat_status", 0);
    EXPECT_EQ(back["status"], "present");
    EXPECT_EQ(back["robot_playing"], false);
    EXPECT_EQ(back["robot_level"], nullptr);
    turn = turn_of(a, 0);
    EXPECT_EQ(turn["deadline"], server.clock().now_ms() + 5000);
    json act = turn["legal"][0];
    act["table"] = t;
    EXPECT_EQ(code(a.request(act)), "ok");
}

// docs/protocol.md "Time per move": the move made in an auction is a pass, said as automatic first.
TEST(TurnTimerTest, TheAutomaticMoveOfACoincheAuctionIsAPass) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    std::string t = started_table({&a}, {{"variant", "coinche"}, {"turn_time", 5}});
    // The robots can end a deal's auction before seat 0 speaks (a contre by seat 2 skips seat 0,
    // docs/rules.md §4.2): seat 0 plays such a deal out until a deal's auction asks it.
    pump(a, t, 0, [](const json& e) { return is("turn", 0)(e) && e.contains("legal") && e["phase"] == "auction"; });
    server.clock().advance(milliseconds(5000));
    EXPECT_EQ(event_of(a, "auto_move")["seat"], 0);
    json call = event_of(a, "auction_call", 0);
    EXPECT_EQ(call["call"], "pass");
    EXPECT_FALSE(call.contains("value"));
}

TEST(TurnTimerTest, NoDeadlineWhenTimeIsOff) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    started_table({&a});
    EXPECT_EQ(turn_of(a, 0)["deadline"], nullptr);
}

TEST(PresenceTest, RobotTakesOverReclaimWithinTheWindowWithSnapshot) {
    ClockedServer server;
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    std::string token = b->hello("Bo")["token"];
    std::string t = started_table({&a, b.get()});
    std::int64_t t0 = server.clock().now_ms();
    b.reset();  // disconnect
    json status = pump(a, t, 0, is("seat_status", 1));
    EXPECT_EQ(status["status"], "disconnected");
    EXPECT_EQ(status["robot_playing"], true);
    EXPECT_EQ(status["robot_level"], "expert");
    EXPECT_EQ(status["reclaim_deadline"], t0 + 180'000);
    // The robot plays seat 1's decisions meanwhile: a card at least (its calls may all be skipped, as
    // when the seats before it take in both deals of a match won in two).
    pump(a, t, 0, [](const json& e) {
        return (e["type"] == "auction_call" || e["type"] == "card_played") && e.value("seat", -1) == 1;
    });

    server.clock().advance(seconds(179));
    GameClient back(server.port());
    EXPECT_EQ(back.hello("Bo", token)["player"]["nickname"], "Bo");
    json snapshot = event_of(back, "snapshot");
    EXPECT_EQ(snapshot["view"]["seat"], 1);
    EXPECT_TRUE(snapshot["view"].contains("hand"));
    status = pump(a, t, 0, is("seat_status", 1));
    EXPECT_EQ(status["status"], "present");
    EXPECT_EQ(status["robot_playing"], false);
    EXPECT_EQ(status["robot_level"], nullptr);
    EXPECT_EQ(status["reclaim_deadline"], nullptr);
    server.clock().advance(seconds(5));  // the old window's timer must not fire any more
    EXPECT_EQ(code(table_request(back, "chat", t, {{"text", "x"}})), "ok");
    pump(a, t, 0, [](const json& e) {
        EXPECT_FALSE(e["type"] == "seat_status" && e["status"] == "abandoned") << e;
        return e["type"] == "chat";
    });
}

TEST(PresenceTest, AfterTheWindowTheRobotKeepsTheSeatAndTheMatchRecordsTheAbandon) {
    Config config = ClockedServer::default_config();
    config.reclaim_window_s = 60;
    ClockedServer server(config);
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    b->hello("Bo");
    // Two guests: a guest may sit at a competitive table only when its stake is 0 (docs/room.md).
    std::string t = started_table({&a, b.get()}, {{"stake", 0}, {"competitive", true}});
    b.reset();
    EXPECT_EQ(pump(a, t, 0, is("seat_status", 1))["reclaim_deadline"], server.clock().now_ms() + 60'000);
    server.clock().advance(seconds(60));
    json status = pump(a, t, 0, is("seat_status", 1));
    EXPECT_EQ(status["status"], "abandoned");
    EXPECT_EQ(status["robot_playing"], true);
    for (;;) {
        json e = a.next_event();
        if (e["type"] == "match_ended") {
            EXPECT_EQ(e["abandoned"], json::array({1}));
            EXPECT_EQ(e["stake"], 0);
            EXPECT_EQ(e["competitive"], true);
            break;
        }
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(code(a.request(act)), "ok");
        }
    }
    // Once the match is over the abandoned seat is freed.
    EXPECT_EQ(event_of(a, "seat_changed", 1)["player"], nullptr);
}

TEST(PresenceTest, ReconnectWithLastVersionReplaysExactlyTheMissedEvents) {
    // The robots may play ~90 events meanwhile: a send queue of 1024 replays up to 256 of them
    // (with the default 256, more than 64 missed events are a snapshot: hardening_test.cpp).
    Config config = ClockedServer::default_config();
    config.max_send_queue = 1024;
    ClockedServer server(config);
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    std::string token = b->hello("Bo")["token"];
    std::string t = started_table({&a, b.get()});
    json last = event_of(*b, "turn");  // b has seen everything up to this turn
    std::uint64_t seen = last["v"];
    b.reset();
    pump(a, t, 0, is("seat_status", 1));
    json a_last = pump(a, t, 0, [](const json& e) {  // the robot played for b (a call, or a card if seat 0 took first)
        return (e["type"] == "auction_call" || e["type"] == "card_played") && e.value("seat", -1) == 1;
    });
    GameClient back(server.port());
    json hello = back.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Bo"}, {"token", token}, {"resume", {{t, seen}}}});
    ASSERT_EQ(code(hello), "ok");
    std::uint64_t expect = seen + 1;
    bool saw_own_status = false;
    while (expect <= a_last["v"].get<std::uint64_t>() || !saw_own_status) {
        json e = back.next_event();
        ASSERT_NE(e["type"], "snapshot") << "the history had every missed event";
        ASSERT_EQ(e["v"], expect) << e;
        ++expect;
        if (e["type"] == "deal_started" || e["type"] == "contract") {
            ASSERT_TRUE(e.contains("hand"));
        }
        if (e["type"] == "seat_status" && e["status"] == "present") saw_own_status = true;
    }
}

TEST(PresenceTest, ReconnectWithAnUnknownVersionGetsASnapshot) {
    ClockedServer server;
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    std::string token = b->hello("Bo")["token"];
    std::string t = started_table({&a, b.get()});
    b.reset();
    pump(a, t, 0, is("seat_status", 1));
    GameClient back(server.port());
    back.request({{"type", "hello"}, {"protocol", 1}, {"nickname", "Bo"}, {"token", token}, {"resume", {{t, 999999}}}});
    EXPECT_EQ(back.next_event()["type"], "snapshot");
}

TEST(PresenceTest, SecondConnectionWithTheSameTokenClosesTheFirstWith4001) {
    ClockedServer server;
    GameClient a(server.port());
    std::string token = a.hello("Ana")["token"];
    GameClient again(server.port());
    again.hello("Ana", token);
    EXPECT_EQ(a.read_until_closed(), 4001);
}

class CancelTest : public ::testing::Test {
protected:
    ClockedServer server;
    GameClient a{server.port()}, b{server.port()};
    std::string t;
    void SetUp() override {
        a.hello("Ana");
        b.hello("Bo");
        t = started_table({&a, &b});
    }
};

TEST_F(CancelTest, AcceptedByEveryHumanEndsTheMatchAsCancelled) {
    EXPECT_EQ(code(table_request(a, "vote_cancel", t, {{"accept", true}})), "no_cancel_proposal");
    ASSERT_EQ(code(table_request(a, "propose_cancel", t)), "ok");
    json proposed = event_of(b, "cancel_proposed");
    EXPECT_EQ(proposed["by"], 0);
    EXPECT_EQ(proposed["voters"], json::array({0, 1}));  // robots do not vote
    EXPECT_EQ(proposed["deadline"], server.clock().now_ms() + 30'000);
    EXPECT_EQ(code(table_request(b, "propose_cancel", t)), "cancel_pending");
    EXPECT_EQ(code(table_request(a, "vote_cancel", t, {{"accept", true}})), "already_voted");
    ASSERT_EQ(code(table_request(b, "vote_cancel", t, {{"accept", true}})), "ok");
    EXPECT_EQ(event_of(a, "cancel_vote")["seat"], 1);
    event_of(a, "match_cancelled");
    event_of(b, "match_cancelled");
    EXPECT_EQ(code(table_request(a, "pass", t)), "match_over");
    json tables = a.request({{"type", "list_tables"}})["tables"];
    EXPECT_EQ(tables[0]["state"], "finished");
    // A new match may start.
    EXPECT_EQ(code(table_request(a, "start", t)), "ok");
    event_of(b, "match_started");
}

TEST_F(CancelTest, OneRefusalRejects) {
    ASSERT_EQ(code(table_request(b, "propose_cancel", t)), "ok");
    ASSERT_EQ(code(table_request(a, "vote_cancel", t, {{"accept", false}})), "ok");
    EXPECT_EQ(event_of(b, "cancel_rejected")["reason"], "refused");
    EXPECT_EQ(code(table_request(a, "vote_cancel", t, {{"accept", true}})), "no_cancel_proposal");
}

TEST_F(CancelTest, TimeoutRejectsAndProposalsPerMatchAreLimited) {
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(code(table_request(a, "propose_cancel", t)), "ok");
        server.clock().advance(seconds(30));
        EXPECT_EQ(event_of(b, "cancel_rejected")["reason"], "timeout");
    }
    EXPECT_EQ(code(table_request(a, "propose_cancel", t)), "cancel_limit");
    EXPECT_EQ(code(table_request(b, "propose_cancel", t)), "ok");  // the limit is per player
}

}  // namespace timers_test
}  // namespace belote::testing
