// The match history (docs/protocol.md "history", "get_record" by match): a match that ended is in
// the store with its record; `history` lists the asking player's own matches, newest first, a page
// at a time; `get_record` by match gives the record and its replay, a private table's only to those
// who played it; a match still in progress is in neither.

#include <gtest/gtest.h>

#include <set>

#include "server/store/memory_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/inspected_store.hpp"
#include "tests/support/server_process.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace match_history_test {

constexpr std::int64_t t0 = 1'800'000'000'000;

/// What a client saw of one match, live.
struct Played {
    json ended;                   ///< the match_ended event
    std::vector<json> scored;     ///< every deal_scored event, in order
    std::vector<json> tricks;     ///< every trick_won event, in order
    std::vector<json> contracts;  ///< every contract event (the seat's own hand in it)
};

/// Plays seat `seat` of the running match at `table` with the first legal action each time, until
/// the match ends.
Played play_to_end(GameClient& c, const std::string& table, int seat) {
    Played out;
    for (;;) {
        json e = c.next_event();
        const std::string type = e.value("type", "");
        if (type == "deal_scored") out.scored.push_back(e);
        if (type == "trick_won") out.tricks.push_back(e);
        if (type == "contract") out.contracts.push_back(e);
        if (type == "match_ended") {
            out.ended = e;
            return out;
        }
        if (type == "turn" && e.value("seat", -1) == seat && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = table;
            EXPECT_EQ(code(c.request(act)), "ok") << act.dump();
        }
    }
}

/// Ana (`a`, hello already said) creates a classic table to 301 (`extra` options), sits in seat 0
/// with three robots and starts. Returns the table id.
std::string start_match(GameClient& a, json extra = json::object()) {
    json created = create_table(a, extra);
    const std::string table = created["table"];
    const std::string invite = extra.value("private", false) ? created.value("invite", "") : "";
    EXPECT_EQ(code(sit_at(a, table, 0, invite)), "ok");
    for (int s = 1; s < 4; ++s) EXPECT_EQ(code(table_request(a, "add_robot", table, {{"seat", s}})), "ok");
    EXPECT_EQ(code(table_request(a, "start", table)), "ok");
    return table;
}

json history(GameClient& c, json extra = json::object()) {
    json m{{"type", "history"}};
    m.update(extra);
    return c.request(m);
}

json match_record(GameClient& c, const std::string& match) {
    return c.request({{"type", "get_record"}, {"match", match}});
}

class MatchHistoryTest : public ::testing::Test {
protected:
    std::shared_ptr<store::Store> store = std::make_shared<store::MemoryStore>();
    ClockedServer server{ClockedServer::default_config(), store, t0};
};

TEST_F(MatchHistoryTest, AFinishedMatchIsInItsPlayersHistoryWithItsTotalsWinnerAndResult) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    server.clock().advance(std::chrono::minutes(1));
    Played played = play_to_end(a, table, 0);

    json reply = history(a);
    ASSERT_EQ(code(reply), "ok") << reply.dump();
    ASSERT_EQ(reply["matches"].size(), 1u) << reply.dump();
    EXPECT_TRUE(reply["next"].is_null());
    const json& m = reply["matches"][0];
    EXPECT_EQ(m["match"], table + "-1");
    EXPECT_EQ(m["table"], table);
    EXPECT_EQ(m["variant"], "classic");
    EXPECT_EQ(m["started"], t0);
    EXPECT_EQ(m["ended"], t0 + 60'000);
    EXPECT_EQ(m["cancelled"], false);
    EXPECT_EQ(m["seats"], json::parse(R"([{"seat":0,"name":"Ana","robot":false,"you":true},
        {"seat":1,"name":"Robot 1","robot":true,"you":false},{"seat":2,"name":"Robot 2","robot":true,"you":false},
        {"seat":3,"name":"Robot 3","robot":true,"you":false}])"));
    EXPECT_EQ(m["totals"], played.ended["totals"]);
    EXPECT_EQ(m["totals"], played.scored.back()["totals"]);
    EXPECT_EQ(m["winner"], played.ended["winner"]);
    EXPECT_EQ(m["result"], played.ended["winner"] == 0 ? "won" : "lost");
    const int winner = played.ended["winner"];
    EXPECT_GE(played.ended["totals"][winner].get<int>(), 301);
}

TEST_F(MatchHistoryTest, GetRecordByMatchGivesTheRecordAndAReplayOfWhatWasPlayed) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    Played played = play_to_end(a, table, 0);

    json reply = match_record(a, table + "-1");
    ASSERT_EQ(code(reply), "ok") << reply.dump().substr(0, 500);
    EXPECT_EQ(reply["match"], table + "-1");
    EXPECT_EQ(reply["result"], played.ended["winner"] == 0 ? "won" : "lost");
    EXPECT_EQ(reply["totals"], played.ended["totals"]);
    // The same record as the table's own get_record.
    json by_table = table_request(a, "get_record", table);
    ASSERT_EQ(code(by_table), "ok");
    EXPECT_EQ(reply["record"], by_table["record"]);

    const json& replay = reply["replay"];
    EXPECT_FALSE(replay.contains("error")) << replay["error"].dump();
    EXPECT_EQ(replay["finished"], true);
    EXPECT_EQ(replay["variant"], "classic");
    EXPECT_EQ(replay["target"], 301);
    EXPECT_EQ(replay["totals"], played.ended["totals"]);
    EXPECT_EQ(replay["winner"], played.ended["winner"]);

    // Deal by deal: the scores heard live; trick by trick: the tricks heard live.
    std::size_t scored = 0, trick = 0, contract = 0;
    for (const json& deal : replay["deals"]) {
        ASSERT_FALSE(deal.contains("unfinished"));
        ASSERT_EQ(deal["hands"].size(), 4u);
        if (deal.value("thrown_in", false)) {
            EXPECT_TRUE(deal["contract"].is_null());
            EXPECT_EQ(deal["auction"].size(), 8u);  // everyone passed twice
            EXPECT_TRUE(deal["tricks"].empty());
            continue;
        }
        ASSERT_LT(scored, played.scored.size());
        EXPECT_EQ(deal["deal"], played.scored[scored]["deal"]);
        EXPECT_EQ(deal["score"], played.scored[scored]["score"]);
        EXPECT_EQ(deal["totals"], played.scored[scored]["totals"]);
        ++scored;
        // Hands: 8 cards each, 32 distinct; Ana's is the one her `contract` event gave her.
        std::set<std::string> cards;
        for (const json& hand : deal["hands"]) {
            EXPECT_EQ(hand.size(), 8u);
            for (const json& c : hand) cards.insert(c.get<std::string>());
        }
        EXPECT_EQ(cards.size(), 32u);
        ASSERT_LT(contract, played.contracts.size());
        EXPECT_EQ(deal["hands"][0], played.contracts[contract]["hand"]);
        EXPECT_EQ(deal["contract"]["taker"], played.contracts[contract]["taker"]);
        EXPECT_EQ(deal["contract"]["trump"], played.contracts[contract]["trump"]);
        ++contract;
        EXPECT_EQ(deal["turn_up"].is_string(), true);
        ASSERT_EQ(deal["tricks"].size(), 8u);
        std::set<std::string> played_cards;
        for (const json& t : deal["tricks"]) {
            ASSERT_LT(trick, played.tricks.size());
            const json& live = played.tricks[trick++];
            EXPECT_EQ(t["trick"], live["trick"]);
            EXPECT_EQ(t["winner"], live["winner"]);
            EXPECT_EQ(t["points"], live["points"]);
            EXPECT_EQ(t["leader"], live["cards"][0]["seat"]);
            ASSERT_EQ(t["cards"].size(), 4u);
            for (int k = 0; k < 4; ++k) {
                EXPECT_EQ(t["cards"][k]["seat"], live["cards"][k]["seat"]);
                EXPECT_EQ(t["cards"][k]["card"], live["cards"][k]["card"]);
                played_cards.insert(t["cards"][k]["card"].get<std::string>());
            }
        }
        EXPECT_EQ(played_cards, cards);  // every card dealt is played once
    }
    EXPECT_EQ(scored, played.scored.size());
    EXPECT_EQ(trick, played.tricks.size());
}

TEST_F(MatchHistoryTest, HistoryComesNewestFirstAPageAtATime) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    play_to_end(a, table, 0);
    for (int n = 2; n <= 3; ++n) {
        server.clock().advance(std::chrono::seconds(1));
        ASSERT_EQ(code(table_request(a, "start", table)), "ok");
        play_to_end(a, table, 0);
    }

    json first = history(a, {{"limit", 2}});
    ASSERT_EQ(code(first), "ok") << first.dump();
    ASSERT_EQ(first["matches"].size(), 2u);
    EXPECT_EQ(first["matches"][0]["match"], table + "-3");
    EXPECT_EQ(first["matches"][1]["match"], table + "-2");
    EXPECT_EQ(first["matches"][0]["started"], t0 + 2000);
    ASSERT_TRUE(first["next"].is_string()) << first.dump();

    json second = history(a, {{"limit", 2}, {"cursor", first["next"]}});
    ASSERT_EQ(code(second), "ok") << second.dump();
    ASSERT_EQ(second["matches"].size(), 1u);
    EXPECT_EQ(second["matches"][0]["match"], table + "-1");
    EXPECT_TRUE(second["next"].is_null());

    // The default page holds all three.
    EXPECT_EQ(history(a)["matches"].size(), 3u);
}

TEST_F(MatchHistoryTest, HistoryRefusesAnOutOfRangeLimitOrAForeignCursor) {
    GameClient a(server.port());
    a.hello("Ana");
    for (int limit : {0, 51, -1}) {
        json reply = history(a, {{"limit", limit}});
        EXPECT_EQ(code(reply), "bad_message");
        EXPECT_EQ(reply["message"], "field 'limit' must be within 1..50");
    }
    for (json cursor : {json("abc"), json(""), json("-4"), json(12)}) {
        json reply = history(a, {{"cursor", cursor}});
        EXPECT_EQ(code(reply), "bad_message") << cursor.dump();
    }
    EXPECT_EQ(history(a, {{"cursor", "abc"}})["message"], "field 'cursor' must be the 'next' of a history reply");
    json empty = history(a);
    EXPECT_EQ(empty["matches"], json::array());
    EXPECT_TRUE(empty["next"].is_null());
}

TEST_F(MatchHistoryTest, AMatchIsOnlyInTheHistoryOfThoseWhoPlayedIt) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    play_to_end(a, table, 0);
    GameClient b(server.port());
    b.hello("Bo");
    EXPECT_EQ(history(b)["matches"], json::array());
    // A public table's match: anyone may read its record; Bo did not play it.
    json reply = match_record(b, table + "-1");
    ASSERT_EQ(code(reply), "ok");
    EXPECT_TRUE(reply["result"].is_null());
    for (const json& seat : reply["seats"]) EXPECT_EQ(seat["you"], false);
}

TEST_F(MatchHistoryTest, APrivateTablesMatchIsRefusedToAStranger) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a, {{"private", true}});
    play_to_end(a, table, 0);
    GameClient b(server.port());
    b.hello("Bo");
    json refused = match_record(b, table + "-1");
    EXPECT_EQ(code(refused), "no_such_match");
    EXPECT_EQ(refused["message"], "no finished match '" + table + "-1'");
    // The same answer as for a match that does not exist.
    EXPECT_EQ(match_record(b, table + "-9")["message"], "no finished match '" + table + "-9'");
    EXPECT_EQ(code(match_record(a, table + "-1")), "ok");
    EXPECT_EQ(history(a)["matches"].size(), 1u);
}

TEST_F(MatchHistoryTest, AMatchInProgressIsNeitherInTheHistoryNorReadable) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    json turn = turn_of(a, 0);
    json act = turn["legal"][0];
    act["table"] = table;
    ASSERT_EQ(code(a.request(act)), "ok");
    EXPECT_EQ(history(a)["matches"], json::array());
    EXPECT_EQ(code(match_record(a, table + "-1")), "no_such_match");
    EXPECT_EQ(code(table_request(a, "get_record", table)), "match_running");
}

TEST_F(MatchHistoryTest, ACancelledMatchShowsCancelledWithTheDealsPlayedSoFar) {
    GameClient a(server.port());
    a.hello("Ana");
    const std::string table = start_match(a);
    json turn = turn_of(a, 0);
    json act = turn["legal"][0];
    act["table"] = table;
    ASSERT_EQ(code(a.request(act)), "ok");
    ASSERT_EQ(code(table_request(a, "propose_cancel", table)), "ok");  // the only human: cancelled at once
    event_of(a, "match_cancelled");

    json reply = history(a);
    ASSERT_EQ(reply["matches"].size(), 1u) << reply.dump();
    const json& m = reply["matches"][0];
    EXPECT_EQ(m["cancelled"], true);
    EXPECT_EQ(m["result"], "cancelled");
    EXPECT_EQ(m["totals"], json::array({0, 0}));  // cancelled in the first deal: no deal finished
    EXPECT_TRUE(m["winner"].is_null());

    json record = match_record(a, table + "-1");
    ASSERT_EQ(code(record), "ok");
    EXPECT_EQ(record["record"]["cancelled"], true);
    EXPECT_EQ(record["replay"]["cancelled"], true);
    EXPECT_EQ(record["replay"]["finished"], false);
    ASSERT_EQ(record["replay"]["deals"].size(), 1u);
    const json& deal = record["replay"]["deals"][0];
    EXPECT_EQ(deal["unfinished"], true);
    EXPECT_EQ(deal["deal"], 1);
    EXPECT_FALSE(deal.contains("score"));
    EXPECT_FALSE(deal["auction"].empty());  // Ana's call at least
}

TEST_F(MatchHistoryTest, GetRecordTakesATableOrAMatchNotBoth) {
    GameClient a(server.port());
    a.hello("Ana");
    json both = a.request({{"type", "get_record"}, {"table", "t1"}, {"match", "t1-1"}});
    EXPECT_EQ(code(both), "bad_message");
    EXPECT_EQ(both["message"], "get_record takes 'table' or 'match', not both");
    json empty = match_record(a, "");
    EXPECT_EQ(code(empty), "bad_message");
    EXPECT_EQ(empty["message"], "field 'match' must be a match id of 1..64 characters");
    EXPECT_EQ(code(match_record(a, std::string(65, 'm'))), "bad_message");
    EXPECT_EQ(code(a.request({{"type", "get_record"}, {"match", 7}})), "bad_message");
}

TEST(MatchHistoryStoreTest, AStoreThatCannotBeReadIsStorageUnavailable) {
    auto store = std::make_shared<InspectedStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    GameClient a(server.port());
    a.hello("Ana");
    store->fail_match_reads(true);
    json h = history(a);
    EXPECT_EQ(code(h), "storage_unavailable");
    EXPECT_EQ(h["message"], "the match history cannot be read right now");
    EXPECT_EQ(code(match_record(a, "t1-1")), "storage_unavailable");
    store->fail_match_reads(false);
    EXPECT_EQ(code(history(a)), "ok");
}

TEST(MatchHistoryStoreTest, TheHistoryAndRecordsOutliveARestartOnAnSqliteFile) {
    TempDir dir("match-history");
    const std::string path = (dir.path() / "belote.db").string();
    std::string table, player;
    json before, record;
    {
        auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
        ClockedServer first(ClockedServer::default_config(), sqlite, t0);
        GameClient a(first.port());
        player = a.hello("Ana")["player"]["id"];
        table = start_match(a);
        play_to_end(a, table, 0);
        before = history(a);
        ASSERT_EQ(before["matches"].size(), 1u);
        record = match_record(a, table + "-1");
        ASSERT_EQ(code(record), "ok");
        first.stop();
    }
    auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
    ClockedServer second(ClockedServer::default_config(), sqlite, t0 + 3'600'000);
    GameClient b(second.port());
    b.hello("Bo");
    json again = match_record(b, table + "-1");  // a public table's match: anyone may read it
    ASSERT_EQ(code(again), "ok");
    EXPECT_EQ(again["record"], record["record"]);
    EXPECT_EQ(again["replay"], record["replay"]);
    EXPECT_EQ(again["totals"], before["matches"][0]["totals"]);
    store::HistoryPage page = sqlite->history(player, std::nullopt, 20);
    ASSERT_EQ(page.matches.size(), 1u);
    EXPECT_EQ(page.matches[0].id, table + "-1");
}

}  // namespace match_history_test
}  // namespace belote::testing
