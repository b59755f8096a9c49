// A card room people come back to (issue 14, the tester's report): who is ready for the rematch, the
// table's recent chat and the current deal's tricks for whoever comes back with a new page, the last
// match named by who played it, and quick play's robot fill run by the table itself — each through
// the real protocol, with a ManualClock.

#include <gtest/gtest.h>

#include <memory>

#include "server/store/memory_store.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace table_return_test {

using std::chrono::seconds;

/// Plays the first legal action of `c`'s seat `seat` once its turn comes.
void play_turn(GameClient& c, const std::string& t, int seat) {
    json act = turn_of(c, seat)["legal"][0];
    act["table"] = t;
    ASSERT_EQ(code(c.request(act)), "ok");
}

/// Ana (seat 0) and Bo (seat 1) play the match at `t` to its end with their first legal action (robots
/// in seats 2 and 3); returns Ana's match_ended.
json play_to_the_end(GameClient& a, GameClient& b, const std::string& t) {
    for (;;) {
        json e = a.next_event();
        if (e["type"] == "match_ended") return e;
        if (e["type"] != "turn") continue;
        if (e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            EXPECT_EQ(code(a.request(act)), "ok");
        } else if (e["seat"] == 1) {
            play_turn(b, t, 1);
        }
    }
}

/// Ana's table with Ana in seat 0, Bo in seat 1 and robots in 2 and 3 (not started).
std::string table_of_two(GameClient& a, GameClient& b, json options = json::object()) {
    std::string t = create_table(a, options)["table"];
    EXPECT_EQ(code(sit_at(a, t, 0)), "ok");
    EXPECT_EQ(code(sit_at(b, t, 1)), "ok");
    for (int s = 2; s < 4; ++s) EXPECT_EQ(code(table_request(a, "add_robot", t, {{"seat", s}})), "ok");
    return t;
}

json snapshot_of_watcher(unsigned short port, const std::string& t) {
    // A new name each time: the server may read the hello before the previous watcher's close, and a
    // name of a player connected now is refused (nickname_taken).
    static int watchers = 0;
    GameClient w(port);
    EXPECT_EQ(code(w.hello("Wes" + std::to_string(++watchers))), "ok");
    EXPECT_EQ(code(table_request(w, "watch", t)), "ok");
    return w.next_event_of("snapshot");
}

TEST(RematchTest, AfterAMatchEachSeatedPersonSaysReadyEveryoneHearsItAndTheChiefStartsTheNext) {
    auto store = std::make_shared<store::MemoryStore>();
    std::string t;
    {
        ClockedServer server(ClockedServer::default_config(), store);
        GameClient a(server.port()), b(server.port());
        a.hello("Ana");
        b.hello("Bo");
        t = table_of_two(a, b);
        EXPECT_EQ(code(table_request(b, "ready", t)), "not_started");  // before the first match
        ASSERT_EQ(code(table_request(a, "start", t)), "ok");
        EXPECT_EQ(code(table_request(b, "ready", t)), "match_in_progress");
        play_to_the_end(a, b, t);

        GameClient w(server.port());
        w.hello("Wes");
        ASSERT_EQ(code(table_request(w, "watch", t)), "ok");
        EXPECT_EQ(w.next_event_of("snapshot")["ready"], json::parse("[false,false,false,false]"));
        EXPECT_EQ(code(table_request(w, "ready", t)), "not_seated");

        ASSERT_EQ(code(table_request(b, "ready", t, {{"ready", true}})), "ok");
        for (GameClient* c : {&a, &w}) {
            json ready = event_of(*c, "ready");
            EXPECT_EQ(ready["seat"], 1);
            EXPECT_EQ(ready["ready"], true);
        }
        ASSERT_EQ(code(table_request(b, "ready", t)), "ok");  // said again: nothing new is sent
        ASSERT_EQ(code(table_request(a, "chat", t, {{"text", "next"}})), "ok");
        EXPECT_EQ(w.next_event()["type"], "chat");
        server.stop();  // the process dies: the ready it heard is in the journal
    }
    ClockedServer server(ClockedServer::default_config(), store);
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    json snapshot = snapshot_of_watcher(server.port(), t);
    EXPECT_EQ(snapshot["ready"], json::parse("[false,true,false,false]")) << snapshot.dump();
}

TEST(RematchTest, TheChiefMayStartBeforeEveryoneIsReadyAndANewMatchClearsEveryReady) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    std::string t = table_of_two(a, b);
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    play_to_the_end(a, b, t);
    ASSERT_EQ(code(table_request(a, "ready", t)), "ok");
    EXPECT_EQ(event_of(b, "ready", 0)["ready"], true);
    ASSERT_EQ(code(table_request(b, "ready", t)), "ok");
    ASSERT_EQ(code(table_request(b, "ready", t, {{"ready", false}})), "ok");
    EXPECT_EQ(event_of(a, "ready", 1)["ready"], true);
    EXPECT_EQ(event_of(a, "ready", 1)["ready"], false);
    EXPECT_EQ(code(table_request(b, "start", t)), "not_chief");
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");  // Bo is not ready: the chief starts anyway
    event_of(b, "match_started");
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["ready"], json::parse("[false,false,false,false]"));
    // A seat that changes hands between matches is not ready.
    play_to_the_end(a, b, t);
    ASSERT_EQ(code(table_request(b, "ready", t)), "ok");
    ASSERT_EQ(code(table_request(b, "stand", t)), "ok");
    ASSERT_EQ(code(sit_at(b, t, 1)), "ok");
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["ready"], json::parse("[false,false,false,false]"));
}

TEST(RematchTest, WhenTheChiefChangesTheOptionsWhoWasReadyIsAskedAgain) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    std::string t = table_of_two(a, b, {{"target", 301}});
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    play_to_the_end(a, b, t);
    ASSERT_EQ(code(table_request(b, "ready", t)), "ok");
    EXPECT_EQ(event_of(a, "ready", 1)["ready"], true);
    // The same options again: nothing changes, Bo stays ready.
    ASSERT_EQ(code(table_request(a, "set_options", t, {{"options", {{"target", 301}}}})), "ok");
    EXPECT_EQ(event_of(b, "table_options")["options"]["target"], 301);
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["ready"], json::parse("[false,true,false,false]"));
    // Another target: Bo said ready for a match to 301, not to 1000.
    ASSERT_EQ(code(table_request(a, "set_options", t, {{"options", {{"target", 1000}}}})), "ok");
    EXPECT_EQ(event_of(b, "table_options")["options"]["target"], 1000);
    json unready = event_of(b, "ready", 1);
    EXPECT_EQ(unready["ready"], false);
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["ready"], json::parse("[false,false,false,false]"));
}

TEST(ComingBackTest, ANewConnectionGetsTheTablesRecentChatAndTheTricksOfTheDeal) {
    ClockedServer server;
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    std::string token = b->hello("Bo")["token"];
    std::string t = table_of_two(a, *b, {{"target", 1000}});
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    ASSERT_EQ(code(table_request(a, "chat", t, {{"text", "à toi Bo"}})), "ok");
    b.reset();  // Bo closes his browser: a robot plays his seat

    // Ana chats and plays on while Bo is away, until two tricks are complete.
    ASSERT_EQ(code(table_request(a, "chat", t, {{"text", "tu es là ?"}})), "ok");
    json tricks = json::array();
    while (tricks.size() < 2) {
        json e = a.next_event();
        if (e["type"] == "trick_won") tricks.push_back(e);
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(code(a.request(act)), "ok");
        }
    }

    GameClient back(server.port());
    back.hello("Bo", token);  // a new page: no resume point, so a snapshot
    json snapshot = event_of(back, "snapshot");
    EXPECT_EQ(snapshot["view"]["seat"], 1);
    ASSERT_EQ(snapshot["chat"].size(), 2u) << snapshot["chat"].dump();
    EXPECT_EQ(snapshot["chat"][0],
              json::parse(R"({"from":{"name":"Ana","role":"player","seat":0},"text":"à toi Bo"})"));
    EXPECT_EQ(snapshot["chat"][1]["text"], "tu es là ?");
    const json& seen = snapshot["view"]["tricks"];
    ASSERT_GE(seen.size(), 2u) << snapshot["view"].dump();
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(seen[i]["cards"], tricks[i]["cards"]);
        EXPECT_EQ(seen[i]["winner"], tricks[i]["winner"]);
        EXPECT_EQ(seen[i]["points"], tricks[i]["points"]);
    }
}

TEST(ComingBackTest, TheChatHistoryKeepsTheLastFiftyMessages) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    std::string t = create_table(a)["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    for (int i = 1; i <= 55; ++i) {
        if (i % 5 == 1) server.clock().advance(seconds(11));  // 5 messages per 10 s
        ASSERT_EQ(code(table_request(a, "chat", t, {{"text", "line " + std::to_string(i)}})), "ok");
    }
    json chat = snapshot_of_watcher(server.port(), t)["chat"];
    ASSERT_EQ(chat.size(), 50u);
    EXPECT_EQ(chat.front()["text"], "line 6");
    EXPECT_EQ(chat.back()["text"], "line 55");
}

TEST(LastMatchTest, TheResultNamesWhoPlayedItNotWhoSitsThereNow) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port()), c(server.port());
    a.hello("Ana");
    b.hello("Bo");
    c.hello("Cy");
    std::string t = table_of_two(a, b);
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["match_players"], json::array());
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    json ended = play_to_the_end(a, b, t);
    const json played = json::parse(
        R"([{"name":"Ana","robot":false},{"name":"Bo","robot":false},{"name":"Robot 2","robot":true},{"name":"Robot 3","robot":true}])");
    EXPECT_EQ(ended["players"], played);
    ASSERT_EQ(code(table_request(a, "remove_robot", t, {{"seat", 3}})), "ok");
    ASSERT_EQ(code(sit_at(c, t, 3)), "ok");
    json snapshot = snapshot_of_watcher(server.port(), t);
    EXPECT_EQ(snapshot["seats"][3]["player"]["name"], "Cy");
    EXPECT_EQ(snapshot["match_players"], played);
    EXPECT_EQ(snapshot["view"]["winner"], ended["winner"]);
}

TEST(RobotFillTest, RobotsTakeTheEmptySeatsAfterTheWaitAndTheMatchStartsEvenIfTheCreatorLeft) {
    ClockedServer server;
    auto a = std::make_unique<GameClient>(server.port());
    GameClient b(server.port());
    std::string token = a->hello("Ana")["token"];
    b.hello("Bo");
    EXPECT_EQ(code(create_table(*a, {{"robot_fill", 3}})), "invalid_options");
    std::int64_t t0 = server.clock().now_ms();
    json created = create_table(*a, {{"robot_fill", 10}});
    std::string t = created["table"];
    ASSERT_EQ(code(sit_at(*a, t, 0)), "ok");
    json snapshot = event_of(*a, "snapshot");
    EXPECT_EQ(snapshot["robot_fill"], t0 + 10'000);
    EXPECT_EQ(snapshot["options"]["robot_fill"], 10);
    server.clock().advance(seconds(4));
    ASSERT_EQ(code(sit_at(b, t, 1)), "ok");
    EXPECT_EQ(event_of(b, "snapshot")["robot_fill"], t0 + 10'000);  // the wait does not start again
    a.reset();  // the page that made the table goes away (a reload, a closed tab)
    json gone = event_of(b, "seat_status", 0);
    EXPECT_EQ(gone["status"], "disconnected");
    EXPECT_EQ(gone["robot_playing"], false);  // no match yet: nothing to play for her
    EXPECT_EQ(gone["robot_level"], nullptr);

    server.clock().advance(seconds(5));
    ASSERT_EQ(code(table_request(b, "chat", t, {{"text", "still waiting"}})), "ok");
    EXPECT_EQ(event_of(b, "chat")["text"], "still waiting");  // nothing moved before the deadline
    server.clock().advance(seconds(1));
    EXPECT_EQ(event_of(b, "robot_fill")["deadline"], nullptr);
    for (int seat : {2, 3}) {
        json changed = event_of(b, "seat_changed", seat);
        EXPECT_EQ(changed["player"]["robot"], true);
    }
    json playing = event_of(b, "seat_status", 0);  // from the match's start a robot plays for Ana
    EXPECT_EQ(playing["status"], "disconnected");
    EXPECT_EQ(playing["robot_playing"], true);
    EXPECT_EQ(playing["robot_level"], "expert");
    event_of(b, "match_started");
    play_turn(b, t, 1);

    GameClient back(server.port());
    back.hello("Ana", token);
    json again = event_of(back, "snapshot");
    EXPECT_EQ(again["state"], "playing");
    EXPECT_EQ(again["view"]["seat"], 0);
    EXPECT_EQ(again["robot_fill"], nullptr);
}

TEST(RobotFillTest, TheFillSeatsRobotsAtTheTablesLevelWhichTheChiefMayChange) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json refused = create_table(a, {{"robot_fill", 10}, {"robot_fill_level", "godlike"}});
    EXPECT_EQ(code(refused), "bad_message");
    EXPECT_EQ(refused["message"], "field 'robot_fill_level' must be easy, medium, hard or expert, not 'godlike'");
    std::string t = create_table(a, {{"robot_fill", 10}, {"robot_fill_level", "hard"}})["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    EXPECT_EQ(event_of(a, "snapshot")["options"]["robot_fill_level"], "hard");
    ASSERT_EQ(code(table_request(a, "set_options", t, {{"options", {{"robot_fill_level", "expert"}}}})), "ok");
    EXPECT_EQ(event_of(a, "table_options")["options"]["robot_fill_level"], "expert");
    server.clock().advance(seconds(10));
    for (int seat : {1, 2, 3}) {
        json changed = event_of(a, "seat_changed", seat);
        EXPECT_EQ(changed["player"]["robot"], true);
        EXPECT_EQ(changed["player"]["level"], "expert");
    }
    event_of(a, "match_started");
}

TEST(RobotFillTest, NoFillWithoutAPersonSeatedNorAtATableWithoutIt) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    std::string plain = create_table(a)["table"];
    ASSERT_EQ(code(sit_at(a, plain, 0)), "ok");
    EXPECT_EQ(event_of(a, "snapshot")["robot_fill"], nullptr);
    std::string t = create_table(a, {{"robot_fill", 10}})["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    event_of(a, "snapshot");
    ASSERT_EQ(code(table_request(a, "stand", t)), "ok");
    server.clock().advance(seconds(20));
    json snapshot = snapshot_of_watcher(server.port(), t);
    EXPECT_EQ(snapshot["robot_fill"], nullptr);
    EXPECT_EQ(snapshot["state"], "waiting");
    for (const auto& seat : snapshot["seats"]) EXPECT_EQ(seat["player"], nullptr);
    // The chief turns it off: sitting again arms nothing.
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    EXPECT_EQ(event_of(a, "snapshot")["robot_fill"], server.clock().now_ms() + 10'000);
    ASSERT_EQ(code(table_request(a, "set_options", t, {{"options", {{"robot_fill", 0}}}})), "ok");
    EXPECT_EQ(event_of(a, "robot_fill")["deadline"], nullptr);
    server.clock().advance(seconds(20));
    EXPECT_EQ(snapshot_of_watcher(server.port(), t)["state"], "waiting");
}

}  // namespace table_return_test
}  // namespace belote::testing
