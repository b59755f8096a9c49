// A restart brings every table back from the store (docs/design.md invariant 8): the second server
// replays the first one's journal through the engine, so the table is at the version its people
// last saw, with the same seats and the same match; who does not come back within the grace is
// replaced by a robot, as if the connection had just been lost.

#include <gtest/gtest.h>

#include "server/store/memory_store.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace recovery_test {

/// What the first server's players last saw.
struct BeforeRestart {
    std::string table;
    std::uint64_t v = 0;  ///< of the turn notice where seat 0 must act
    json hand;
};

/// Ana (`a`) at seat 0 with three robots plays `moves` of her decisions, then stops at her next
/// turn (still connected: the server then dies under her).
BeforeRestart play_then_stop(GameClient& a, int moves) {
    a.hello("Ana");
    BeforeRestart out;
    out.table = create_table(a, {{"target", 1000}})["table"];
    EXPECT_EQ(code(sit_at(a, out.table, 0)), "ok");
    for (int s = 1; s < 4; ++s) EXPECT_EQ(code(table_request(a, "add_robot", out.table, {{"seat", s}})), "ok");
    EXPECT_EQ(code(table_request(a, "start", out.table)), "ok");
    for (int done = 0;;) {
        json e = a.next_event();
        if (e.value("type", "") == "deal_started" || e.value("type", "") == "contract")
            out.hand = e.value("hand", json());
        if (e.value("type", "") != "turn" || e.value("seat", -1) != 0 || !e.contains("legal")) continue;
        if (done == moves) {
            out.v = e["v"];
            return out;
        }
        json act = e["legal"][0];
        act["table"] = out.table;
        EXPECT_EQ(code(a.request(act)), "ok");
        ++done;
    }
}

TEST(RecoveryTest, ATableComesBackAtTheVersionItsPeopleSawAndRobotsReplaceWhoDoesNotReturn) {
    auto store = std::make_shared<store::MemoryStore>();
    Config config = ClockedServer::default_config();
    config.return_grace_s = 30;
    BeforeRestart before;
    {
        ClockedServer first(config, store);
        GameClient a(first.port());
        before = play_then_stop(a, 3);
        first.stop();
    }
    ClockedServer second(config, store);
    GameClient w(second.port());
    w.hello("Watcher");
    ASSERT_EQ(code(table_request(w, "watch", before.table)), "ok");
    json snapshot = w.next_event_of("snapshot");
    // Nothing after what Ana saw, nothing lost before it: the one notice since is the spectator
    // count of the watcher's own arrival.
    EXPECT_EQ(snapshot["v"], before.v + 1);
    EXPECT_EQ(snapshot["state"], "playing");
    EXPECT_EQ(snapshot["seats"][0]["player"]["name"], "Ana");
    EXPECT_EQ(snapshot["view"]["to_act"], 0) << snapshot.dump();

    // Within the grace nothing moves: seat 0 is Ana's decision. Past it, her robot plays.
    second.clock().advance(std::chrono::seconds(29));
    second.clock().advance(std::chrono::seconds(1));
    json status = event_of(w, "seat_status", 0);
    EXPECT_EQ(status["v"], before.v + 2);
    EXPECT_EQ(status["status"], "disconnected");
    EXPECT_EQ(status["robot_playing"], true);
    for (;;) {
        json e = w.next_event();
        ASSERT_GT(e["v"].get<std::uint64_t>(), before.v + 2);
        if ((e["type"] == "auction_call" || e["type"] == "card_played") && e["seat"] == 0) break;
    }
}

TEST(RecoveryTest, ATableNobodySatAtComesBackWithItsOptions) {
    auto store = std::make_shared<store::MemoryStore>();
    std::string table;
    {
        ClockedServer first(ClockedServer::default_config(), store);
        GameClient a(first.port());
        a.hello("Ana");
        table = create_table(a, {{"variant", "coinche"}, {"target", 501}, {"turn_time", 30}})["table"];
    }
    ClockedServer second(ClockedServer::default_config(), store);
    GameClient w(second.port());
    w.hello("Bo");
    json lobby = w.request({{"type", "list_tables"}});
    ASSERT_EQ(lobby["tables"].size(), 1u) << lobby.dump();
    EXPECT_EQ(lobby["tables"][0]["table"], table);
    EXPECT_EQ(lobby["tables"][0]["options"]["variant"], "coinche");
    EXPECT_EQ(lobby["tables"][0]["options"]["target"], 501);
    EXPECT_EQ(lobby["tables"][0]["options"]["turn_time"], 30);
    EXPECT_EQ(code(sit_at(w, table, 2)), "ok");
}

}  // namespace recovery_test
}  // namespace belote::testing

namespace belote::testing {
namespace recovery_test {

TEST(RecoveryTest, APlayerBackAfterARestartGetsTheRecordAndStartsTheNextMatch) {
    auto store = std::make_shared<store::MemoryStore>();
    Config config = ClockedServer::default_config();
    std::string table, token;
    std::uint64_t seen = 0;
    {
        ClockedServer first(config, store);
        GameClient a(first.port());
        token = a.hello("Ana")["token"];
        table = create_table(a, {{"target", 301}})["table"];
        ASSERT_EQ(code(sit_at(a, table, 0)), "ok");
        for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(a, "add_robot", table, {{"seat", s}})), "ok");
        ASSERT_EQ(code(table_request(a, "start", table)), "ok");
        for (;;) {
            json e = a.next_event();
            if (e.contains("v")) seen = e["v"];
            if (e.value("type", "") == "match_ended") break;
            if (e.value("type", "") == "turn" && e.value("seat", -1) == 0 && e.contains("legal")) {
                json act = e["legal"][0];
                act["table"] = table;
                ASSERT_EQ(code(a.request(act)), "ok");
            }
        }
        first.stop();
    }
    ClockedServer second(config, store);
    GameClient a(second.port());
    json hello = a.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump();
    EXPECT_EQ(code(table_request(a, "get_record", table)), "ok");
    EXPECT_EQ(code(table_request(a, "start", table)), "ok");
    EXPECT_EQ(event_of(a, "match_started")["v"], seen + 1);
}

}  // namespace recovery_test
}  // namespace belote::testing
