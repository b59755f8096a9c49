// The holes an outside probe found (issue 18), each checked against the real server over real
// WebSockets: private tables closed to strangers, records only for those entitled to them, no
// chief squatting, cancelled matches with a record, spectators resumed like players.

#include <gtest/gtest.h>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace probe_fixes_test {

using std::chrono::seconds;

/// Plays seat `seat`'s turns (its first legal action) until the match ends.
void play_to_the_end(GameClient& c, const std::string& t, int seat) {
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "match_ended") return;
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(code(c.request(act)), "ok");
        }
    }
}

/// `c` sits in seat 0, robots fill the others, the match starts.
void start_with_robots(GameClient& c, const std::string& t, const std::string& invite = "") {
    ASSERT_EQ(code(sit_at(c, t, 0, invite)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(c, "add_robot", t, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(c, "start", t)), "ok");
}

TEST(ProbeFixesTest, APrivateTableAnswersStrangersAsIfItDidNotExist) {
    ClockedServer server;
    GameClient owner(server.port()), stranger(server.port());
    owner.hello("Owner");
    stranger.hello("Stranger");
    json created = create_table(owner, {{"private", true}});
    const std::string t = created["table"], invite = created["invite"];
    // Before anyone sits, a stranger used to fill the seats with robots and lock the owner out.
    for (int s = 0; s < 4; ++s)
        EXPECT_EQ(code(table_request(stranger, "add_robot", t, {{"seat", s}})), "no_such_table");
    EXPECT_EQ(code(table_request(stranger, "get_record", t)), "no_such_table");  // was not_started
    EXPECT_EQ(code(table_request(stranger, "start", t)), "no_such_table");
    EXPECT_EQ(code(table_request(stranger, "set_options", t, {{"options", {{"target", 501}}}})), "no_such_table");
    EXPECT_EQ(code(table_request(stranger, "chat", t, {{"text", "hi"}})), "no_such_table");
    EXPECT_EQ(code(sit_at(stranger, t, 1)), "bad_invite");  // sit and watch keep naming the code
    start_with_robots(owner, t, invite);
}

TEST(ProbeFixesTest, ThePrivateRecordGoesToItsPlayersAndCodeHoldersOnly) {
    Config config = ClockedServer::default_config();
    ClockedServer server(config);
    GameClient owner(server.port()), stranger(server.port()), friend_(server.port());
    owner.hello("Owner");
    stranger.hello("Stranger");
    friend_.hello("Friend");
    json created = create_table(owner, {{"private", true}});
    const std::string t = created["table"], invite = created["invite"];
    start_with_robots(owner, t, invite);
    play_to_the_end(owner, t, 0);
    EXPECT_EQ(code(table_request(owner, "get_record", t)), "ok");
    EXPECT_EQ(code(table_request(stranger, "get_record", t)), "no_such_table");
    EXPECT_EQ(code(table_request(stranger, "get_record", t, {{"invite", "00000000000000000000000000000000"}})),
              "no_such_table");
    json record = table_request(friend_, "get_record", t, {{"invite", invite}});
    ASSERT_EQ(code(record), "ok");
    EXPECT_FALSE(record["record"].contains("cancelled"));
    // A public table's record is for anyone.
    const std::string open_table = create_table(owner)["table"];
    start_with_robots(owner, open_table);
    play_to_the_end(owner, open_table, 0);
    EXPECT_EQ(code(table_request(stranger, "get_record", open_table)), "ok");
}

TEST(ProbeFixesTest, AChiefGoneOutsideAMatchLosesTheSeatAndTheNextPlayerLeads) {
    ClockedServer server;
    GameClient bea(server.port());
    bea.hello("Bea");
    std::string t;
    {
        GameClient ana(server.port());
        ana.hello("Ana");
        t = create_table(ana)["table"];
        ASSERT_EQ(code(sit_at(ana, t, 0)), "ok");
        ASSERT_EQ(code(sit_at(bea, t, 1)), "ok");
        EXPECT_EQ(code(table_request(bea, "add_robot", t, {{"seat", 2}})), "not_chief");
    }  // Ana, the chief, goes away between matches
    json status = event_of(bea, "seat_status", 0);
    EXPECT_EQ(status["status"], "disconnected");
    EXPECT_EQ(status["reclaim_deadline"], server.clock().now_ms() + 180'000);
    server.clock().advance(seconds(180));
    json freed = event_of(bea, "seat_changed", 0);
    EXPECT_TRUE(freed["player"].is_null());
    EXPECT_EQ(event_of(bea, "table_options")["chief"], 1);
    for (int s : {0, 2, 3}) EXPECT_EQ(code(table_request(bea, "add_robot", t, {{"seat", s}})), "ok");
    EXPECT_EQ(code(table_request(bea, "start", t)), "ok");
}

TEST(ProbeFixesTest, ACancelledMatchHasARecordThatSaysSo) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    const std::string t = create_table(ana)["table"];
    start_with_robots(ana, t);
    ASSERT_EQ(code(table_request(ana, "propose_cancel", t)), "ok");  // the only human: cancelled at once
    event_of(ana, "match_cancelled");
    json record = table_request(ana, "get_record", t);
    ASSERT_EQ(code(record), "ok");  // was match_running
    EXPECT_EQ(record["record"]["cancelled"], true);
    EXPECT_FALSE(record["record"]["deals"].empty());
}

TEST(ProbeFixesTest, ASpectatorComingBackIsResumedLikeAPlayer) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    const std::string t = create_table(ana)["table"];
    ASSERT_EQ(code(sit_at(ana, t, 0)), "ok");
    std::string token;
    std::uint64_t seen = 0;
    {
        GameClient sam(server.port());
        token = sam.hello("Sam")["token"];
        ASSERT_EQ(code(table_request(sam, "watch", t)), "ok");
        seen = event_of(sam, "snapshot")["v"];
    }
    EXPECT_EQ(event_of(ana, "spectators")["count"], 1);
    EXPECT_EQ(event_of(ana, "spectators")["count"], 0);  // Sam's connection is gone
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(ana, "add_robot", t, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(ana, "start", t)), "ok");
    turn_of(ana, 0);

    GameClient back(server.port());  // with resume: exactly what Sam missed, as a spectator
    json hello{{"type", "hello"}, {"protocol", 1}, {"nickname", "Sam"}, {"token", token}, {"resume", {{t, seen}}}};
    ASSERT_EQ(code(back.request(hello)), "ok");
    json first = back.next_event();
    EXPECT_EQ(first["v"], seen + 1);  // the replay starts right after what Sam had
    EXPECT_NE(first["type"], "snapshot");
    EXPECT_EQ(code(table_request(back, "chat", t, {{"text", "back"}})), "ok");  // no second watch needed
    EXPECT_EQ(event_of(ana, "chat")["from"]["role"], "spectator");
}

}  // namespace probe_fixes_test
}  // namespace belote::testing
