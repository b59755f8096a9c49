// The game layer over real WebSockets (in-process server, robots without delay): sessions, lobby,
// seating, starting, playing, and every error code of docs/protocol.md with the table unchanged.

#include <gtest/gtest.h>

#include <regex>

#include "tests/server/game_client.hpp"

namespace belote::testing {
namespace game_server_test {

json list(GameClient& c) {
    json r = c.request({{"type", "list_tables"}});
    EXPECT_EQ(r["type"], "ok") << r;
    // The table-platform fields (options, chief, spectators) are covered by tests/tables/.
    for (auto& t : r["tables"])
        for (const char* key : {"options", "chief", "spectators"}) t.erase(key);
    return r["tables"];
}

std::string create(GameClient& c, int target = 1000) {
    json r = c.request({{"type", "create_table"}, {"variant", "classic"}, {"target", target}});
    EXPECT_EQ(r["type"], "ok") << r;
    return r.value("table", "");
}

json sit(GameClient& c, const std::string& table, int seat) {
    return c.request({{"type", "sit"}, {"table", table}, {"seat", seat}});
}
json add_robot(GameClient& c, const std::string& table, int seat) {
    return c.request({{"type", "add_robot"}, {"table", table}, {"seat", seat}});
}
json start(GameClient& c, const std::string& table) { return c.request({{"type", "start"}, {"table", table}}); }

/// The `turn` event announcing that `seat` must act (with its legal actions).
json wait_turn(GameClient& c, int seat) {
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) return e;
        if (e["type"] == "match_ended") throw std::runtime_error("match ended while waiting for a turn");
    }
}

/// Sends `action` (from a `legal` list) for `table`.
json act(GameClient& c, const std::string& table, json action) {
    action["table"] = table;
    return c.request(action);
}

/// Plays the first legal action at each turn of `seat` until match_ended; returns it.
json play_to_end(GameClient& c, const std::string& table, int seat) {
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "match_ended") return e;
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) {
            json r = act(c, table, e["legal"][0]);
            EXPECT_EQ(r["type"], "ok") << r;
        }
    }
}

/// A human in seat 0 of a new table, robots elsewhere; started. Returns the table id.
std::string started_table_with_robots(GameClient& c, int target = 1000) {
    std::string t = create(c, target);
    EXPECT_EQ(sit(c, t, 0)["type"], "ok");
    for (int s = 1; s < 4; ++s) EXPECT_EQ(add_robot(c, t, s)["type"], "ok");
    EXPECT_EQ(start(c, t)["type"], "ok");
    return t;
}

TEST(GameServerTest, HelloGivesATokenAndAPlayer) {
    GameServer server;
    GameClient a(server.port()), b(server.port());
    json ra = a.hello("Ana");
    json rb = b.request({{"type", "hello"}, {"id", "req-b"}, {"protocol", 1}, {"nickname", "Bo"}});
    EXPECT_EQ(ra["type"], "ok");
    EXPECT_EQ(ra["protocol"], 1);
    EXPECT_TRUE(std::regex_match(ra["token"].get<std::string>(), std::regex("[0-9a-f]{64}"))) << ra;  // 256 bits
    EXPECT_EQ(ra["player"]["guest"], true);
    EXPECT_TRUE(std::regex_match(ra["player"]["id"].get<std::string>(), std::regex("p[a-z2-7]{14}"))) << ra;
    EXPECT_EQ(ra["player"]["nickname"], "Ana");
    EXPECT_EQ(rb["id"], "req-b");
    EXPECT_NE(ra["token"], rb["token"]);
    EXPECT_NE(ra["player"]["id"], rb["player"]["id"]);

    // An unknown token starts a new session.
    GameClient c(server.port());
    json rc = c.hello("Cy", "00000000000000000000000000000000");
    EXPECT_EQ(rc["type"], "ok");
    EXPECT_NE(rc["token"], "00000000000000000000000000000000");
}

TEST(GameServerTest, SessionErrors) {
    GameServer server;
    GameClient c(server.port());
    EXPECT_EQ(error_code_of(c.request({{"type", "list_tables"}, {"id", 5}})), "not_authenticated");
    EXPECT_EQ(error_code_of(c.request({{"type", "sit"}, {"table", "t1"}, {"seat", 0}})), "not_authenticated");
    EXPECT_EQ(error_code_of(c.request({{"type", "hello"}, {"protocol", 2}, {"nickname", "Ana"}})),
              "unsupported_protocol");
    EXPECT_EQ(error_code_of(c.request({{"type", "hello"}, {"protocol", 1}, {"nickname", ""}})), "bad_nickname");
    EXPECT_EQ(error_code_of(c.request({{"type", "hello"}, {"protocol", 1}, {"nickname", std::string(25, 'x')}})),
              "bad_nickname");
    EXPECT_EQ(error_code_of(c.request({{"type", "hello"}, {"protocol", 1}, {"nickname", "a\nb"}})), "bad_nickname");
    EXPECT_EQ(error_code_of(c.request({{"type", "hello"}, {"protocol", 1}})), "bad_message");
    EXPECT_EQ(c.hello("Ana")["type"], "ok");
    EXPECT_EQ(error_code_of(c.hello("Ana")), "already_authenticated");
    EXPECT_EQ(error_code_of(c.request({{"type", "fly"}, {"id", "x"}})), "unknown_type");
    json r = c.request({{"type", "sit"}, {"id", 77}, {"table", "t1"}});
    EXPECT_EQ(error_code_of(r), "bad_message");
    EXPECT_EQ(r["id"], 77);
    EXPECT_NE(r["message"].get<std::string>().find("seat"), std::string::npos);

    c.send_text("{not json");
    json bad = c.next();
    EXPECT_EQ(bad["type"], "error");
    EXPECT_EQ(bad["id"], nullptr);
    EXPECT_EQ(bad["code"], "bad_json");
    c.send_text("[1]");
    EXPECT_EQ(c.next()["code"], "bad_json");
    c.send_text(R"({"type":"list_tables"})");
    json no_id = c.next();
    EXPECT_EQ(no_id["code"], "bad_message");
    EXPECT_EQ(no_id["id"], nullptr);
    EXPECT_EQ(c.request({{"type", "list_tables"}})["type"], "ok");  // the connection stays usable
}

TEST(GameServerTest, CreateListSitAddRobotStart) {
    GameServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    EXPECT_EQ(list(a), json::array());
    EXPECT_EQ(error_code_of(a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 700}})),
              "invalid_options");
    EXPECT_EQ(error_code_of(a.request({{"type", "create_table"}, {"variant", "tresette"}})), "invalid_options");
    const std::string t = create(a, 501);
    EXPECT_EQ(list(b), json::parse(R"([{"table":")" + t + R"(","variant":"classic","target":501,"state":"waiting",
        "seats":[{"seat":0,"player":null},{"seat":1,"player":null},{"seat":2,"player":null},{"seat":3,"player":null}]}])"));

    json reply = a.request({{"type", "sit"}, {"id", "s1"}, {"table", t}, {"seat", 0}});
    EXPECT_EQ(reply, json::parse(R"({"type":"ok","id":"s1"})"));
    json snap = a.next_event();
    EXPECT_EQ(snap["type"], "snapshot");
    EXPECT_EQ(snap["table"], t);
    EXPECT_EQ(snap["v"], 1);
    EXPECT_EQ(snap["state"], "waiting");
    EXPECT_EQ(snap["seats"][0]["player"], json::parse(R"({"name":"Ana","robot":false})"));
    EXPECT_EQ(snap["view"]["seat"], 0);
    EXPECT_EQ(snap["view"]["phase"], "not_started");

    EXPECT_EQ(sit(b, t, 2)["type"], "ok");
    EXPECT_EQ(a.next_event(), json::parse(R"({"type":"seat_changed","table":")" + t +
                                          R"(","v":2,"seat":2,"player":{"name":"Bo","robot":false}})"));
    EXPECT_EQ(b.next_event()["v"], 2);  // B's snapshot

    EXPECT_EQ(add_robot(a, t, 1)["type"], "ok");  // the chief (first to sit) adds robots
    for (GameClient* c : {&a, &b})
        EXPECT_EQ(c->next_event(),
                  json::parse(R"({"type":"seat_changed","table":")" + t +
                              R"(","v":3,"seat":1,"player":{"name":"Robot 1","robot":true,"level":"easy"}})"));
    EXPECT_EQ(add_robot(a, t, 3)["type"], "ok");
    EXPECT_EQ(list(a)[0]["seats"][3]["player"], json::parse(R"({"name":"Robot 3","robot":true,"level":"easy"})"));

    EXPECT_EQ(start(a, t)["type"], "ok");  // and starts
    for (GameClient* c : {&a, &b}) {
        json started = c->next_event_of("match_started");
        EXPECT_EQ(started["v"], 5);
        EXPECT_EQ(started["variant"], "classic");
        EXPECT_EQ(started["target"], 501);
        json deal = c->next_event();
        EXPECT_EQ(deal["type"], "deal_started");
        EXPECT_EQ(deal["v"], 6);
        EXPECT_EQ(deal["hand"].size(), 5u);
        json turn = c->next_event();
        EXPECT_EQ(turn["type"], "turn");
        EXPECT_EQ(turn["v"], 7);
    }
    EXPECT_EQ(list(a)[0]["state"], "playing");
}

TEST(GameServerTest, LobbyErrorsLeaveTheTableUnchanged) {
    GameServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    const std::string t = create(a);
    EXPECT_EQ(sit(a, t, 0)["type"], "ok");
    json before = list(b);

    auto expect_refused = [&](GameClient& c, json request, const char* code) {
        SCOPED_TRACE(request.dump());
        request["id"] = "e-" + std::string(code);
        json r = c.request(request);
        EXPECT_EQ(r["type"], "error");
        EXPECT_EQ(r["code"], code);
        EXPECT_EQ(r["id"], request["id"]);
        EXPECT_TRUE(r["message"].is_string());
        EXPECT_EQ(list(b), before);
    };
    expect_refused(b, {{"type", "sit"}, {"table", "t999"}, {"seat", 1}}, "no_such_table");
    expect_refused(b, {{"type", "sit"}, {"table", "nope"}, {"seat", 1}}, "no_such_table");
    expect_refused(b, {{"type", "add_robot"}, {"table", "t999"}, {"seat", 1}}, "no_such_table");
    expect_refused(b, {{"type", "start"}, {"table", "t999"}}, "no_such_table");
    expect_refused(b, {{"type", "pass"}, {"table", "t999"}}, "no_such_table");
    expect_refused(b, {{"type", "sit"}, {"table", t}, {"seat", 4}}, "bad_seat");
    expect_refused(b, {{"type", "sit"}, {"table", t}, {"seat", -1}}, "bad_seat");
    expect_refused(b, {{"type", "add_robot"}, {"table", t}, {"seat", 9}}, "bad_seat");
    expect_refused(b, {{"type", "sit"}, {"table", t}, {"seat", 0}}, "seat_taken");
    expect_refused(b, {{"type", "add_robot"}, {"table", t}, {"seat", 0}}, "seat_taken");
    expect_refused(a, {{"type", "sit"}, {"table", t}, {"seat", 1}}, "already_seated");
    expect_refused(b, {{"type", "start"}, {"table", t}}, "not_seated");
    expect_refused(b, {{"type", "play"}, {"table", t}, {"card", "JS"}}, "not_seated");
    expect_refused(a, {{"type", "start"}, {"table", t}}, "seats_empty");
    expect_refused(a, {{"type", "pass"}, {"table", t}}, "not_started");
    expect_refused(a, {{"type", "play"}, {"table", t}, {"card", "JS"}}, "not_started");

    for (int s = 1; s < 4; ++s) EXPECT_EQ(add_robot(a, t, s)["type"], "ok");
    EXPECT_EQ(start(a, t)["type"], "ok");
    wait_turn(a, 0);  // robots act at once; the table now waits for seat 0
    before = list(b);
    expect_refused(a, {{"type", "start"}, {"table", t}}, "already_started");
    expect_refused(a, {{"type", "sit"}, {"table", t}, {"seat", 1}}, "already_started");
    expect_refused(b, {{"type", "sit"}, {"table", t}, {"seat", 1}}, "already_started");
    expect_refused(a, {{"type", "add_robot"}, {"table", t}, {"seat", 1}}, "already_started");
}

TEST(GameServerTest, ActionErrorsLeaveTheMatchUnchanged) {
    GameServer server;
    auto a = std::make_unique<GameClient>(server.port());
    GameClient b(server.port());
    const std::string token = a->hello("Ana")["token"];
    b.hello("Bo");
    const std::string t = create(*a);
    EXPECT_EQ(sit(*a, t, 0)["type"], "ok");
    EXPECT_EQ(sit(b, t, 2)["type"], "ok");
    EXPECT_EQ(add_robot(*a, t, 1)["type"], "ok");
    EXPECT_EQ(add_robot(*a, t, 3)["type"], "ok");
    EXPECT_EQ(start(*a, t)["type"], "ok");

    // Play until it is seat 0's turn in the play phase; seat 2 plays its first legal action.
    json turn;
    for (;;) {
        json e = a->next_event();
        if (e["type"] == "turn" && e["seat"] == 0 && e["phase"] == "play") {
            turn = e;
            break;
        }
        if (e["type"] == "turn" && e["seat"] == 0) {
            EXPECT_EQ(act(*a, t, e["legal"][0])["type"], "ok");
        }
        if (e["type"] == "turn" && e["seat"] == 2) {
            json bt = wait_turn(b, 2);
            EXPECT_EQ(act(b, t, bt["legal"][0])["type"], "ok");
        }
    }
    const std::uint64_t v = turn["v"];

    // Take a snapshot by coming back with the token (the old connection is closed with 4001).
    auto reconnect = [&] {
        auto c = std::make_unique<GameClient>(server.port());
        json r = c->hello("ignored", token);
        EXPECT_EQ(r["type"], "ok");
        EXPECT_EQ(r["player"]["nickname"], "Ana");  // the player keeps its identity
        json snap = c->next_event_of("snapshot");
        return std::pair{std::move(c), snap};
    };
    auto [a2, snap_before] = reconnect();
    EXPECT_EQ(a->read_until_closed(), 4001);
    a = std::move(a2);
    EXPECT_EQ(snap_before["v"], v);
    EXPECT_EQ(snap_before["view"]["to_act"], 0);
    EXPECT_EQ(snap_before["view"]["legal"], turn["legal"]);

    // Illegal card: one in the hand but not legal if any, else one not in the hand at all.
    std::string illegal;
    for (const auto& c : snap_before["view"]["hand"]) {
        bool legal = false;
        for (const auto& l : turn["legal"]) legal = legal || l["card"] == c;
        if (!legal) illegal = c;
    }
    if (illegal.empty()) {
        for (const char* c :
             {"7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"}) {
            bool held = false;
            for (const auto& h : snap_before["view"]["hand"]) held = held || h == c;
            if (!held) {
                illegal = c;
                break;
            }
        }
    }
    json r1 = a->request({{"type", "play"}, {"id", 1}, {"table", t}, {"card", illegal}});
    EXPECT_EQ(r1["code"], "illegal_action") << r1;
    EXPECT_EQ(r1["id"], 1);
    json r2 = a->request({{"type", "take"}, {"id", 2}, {"table", t}});
    EXPECT_EQ(r2["code"], "illegal_action") << r2;
    json r3 = b.request({{"type", "play"}, {"id", 3}, {"table", t}, {"card", "JS"}});
    EXPECT_EQ(r3["code"], "not_your_turn") << r3;
    json r4 = b.request({{"type", "pass"}, {"id", 4}, {"table", t}});
    EXPECT_EQ(r4["code"], "not_your_turn") << r4;

    auto [a3, snap_after] = reconnect();
    EXPECT_EQ(a->read_until_closed(), 4001);
    a = std::move(a3);
    EXPECT_EQ(snap_after, snap_before);

    // The match goes on from the same version: the legal play is v+1.
    EXPECT_EQ(act(*a, t, turn["legal"][0])["type"], "ok");
    json played = a->next_event();
    EXPECT_EQ(played["type"], "card_played");
    EXPECT_EQ(played["seat"], 0);
    EXPECT_EQ(played["v"], v + 1);
}

TEST(GameServerTest, MatchOverAfterTheEnd) {
    GameServer server;
    GameClient a(server.port());
    a.hello("Ana");
    const std::string t = started_table_with_robots(a, 301);
    json ended = play_to_end(a, t, 0);
    EXPECT_TRUE(ended["totals"][0].get<int>() >= 301 || ended["totals"][1].get<int>() >= 301) << ended;
    EXPECT_EQ(error_code_of(a.request({{"type", "pass"}, {"table", t}})), "match_over");
    EXPECT_EQ(error_code_of(a.request({{"type", "play"}, {"table", t}, {"card", "AS"}})), "match_over");
    EXPECT_EQ(list(a)[0]["state"], "finished");
    EXPECT_EQ(error_code_of(start(a, t)), "<ok>");  // the chief starts the next match
}

TEST(GameServerTest, ARobotPlaysForADisconnectedHumanWhoCanComeBack) {
    GameServer server;
    GameClient a(server.port());
    auto b = std::make_unique<GameClient>(server.port());
    a.hello("Ana");
    const std::string token_b = b->hello("Bo")["token"];
    const std::string t = create(a, 301);
    EXPECT_EQ(sit(a, t, 0)["type"], "ok");
    EXPECT_EQ(sit(*b, t, 2)["type"], "ok");
    EXPECT_EQ(add_robot(a, t, 1)["type"], "ok");
    EXPECT_EQ(add_robot(a, t, 3)["type"], "ok");
    b.reset();  // Bo leaves before the start: seat 2 is played by a robot
    EXPECT_EQ(start(a, t)["type"], "ok");
    for (int i = 0; i < 3; ++i) {  // a few of Ana's turns pass with seat 2 played for
        json turn = wait_turn(a, 0);
        EXPECT_EQ(act(a, t, turn["legal"][0])["type"], "ok");
    }
    GameClient back(server.port());
    EXPECT_EQ(back.hello("Bo", token_b)["type"], "ok");
    json snap = back.next_event_of("snapshot");
    EXPECT_EQ(snap["view"]["seat"], 2);
    EXPECT_EQ(snap["state"], "playing");
    std::uint64_t last_v = snap["v"];
    if (snap["view"]["to_act"] == 2) {
        EXPECT_EQ(act(back, t, snap["view"]["legal"][0])["type"], "ok");
    }
    // Bo plays his own turns again; events follow the snapshot without a gap.
    std::thread ana([&] { play_to_end(a, t, 0); });
    for (;;) {
        json e = back.next_event();
        EXPECT_EQ(e["v"], last_v + 1) << e;
        last_v = e["v"];
        if (e["type"] == "match_ended") break;
        if (e["type"] == "turn" && e["seat"] == 2) {
            ASSERT_TRUE(e.contains("legal"));
            EXPECT_EQ(act(back, t, e["legal"][0])["type"], "ok");
        }
    }
    ana.join();
}

}  // namespace game_server_test
}  // namespace belote::testing
