// Per-connection bounds: message rate (4029), duplicate request ids (answered again, applied
// once), tables per player (too_many_tables).

#include <gtest/gtest.h>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace bounds_test {

TEST(BoundsTest, MessageRateOverTheBurstClosesWith4029) {
    Config config = ClockedServer::default_config();
    config.msg_burst = 10;
    config.msg_rate = 5;
    ClockedServer server(config);
    GameClient a(server.port());
    a.hello("Ana");  // 1 message
    for (int i = 0; i < 9; ++i) EXPECT_EQ(code(a.request({{"type", "list_tables"}})), "ok");
    // The clock does not move: the bucket is empty. Refill 5/s: one second later, 5 more pass.
    server.clock().advance(std::chrono::seconds(1));
    for (int i = 0; i < 5; ++i) EXPECT_EQ(code(a.request({{"type", "list_tables"}})), "ok");
    a.send({{"type", "list_tables"}, {"id", 1}});
    EXPECT_EQ(a.read_until_closed(), 4029);
}

TEST(BoundsTest, DuplicateRequestIdIsAnsweredAgainAndNeverAppliedTwice) {
    ClockedServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json first = a.request({{"type", "create_table"}, {"id", "c-1"}, {"variant", "classic"}});
    ASSERT_EQ(code(first), "ok");
    json again = a.request({{"type", "create_table"}, {"id", "c-1"}, {"variant", "classic"}, {"target", 501}});
    EXPECT_EQ(again, first);  // same reply, same table
    EXPECT_EQ(a.request({{"type", "list_tables"}})["tables"].size(), 1u);

    std::string t = first["table"];
    json sat = a.request({{"type", "sit"}, {"id", 77}, {"table", t}, {"seat", 0}});
    ASSERT_EQ(code(sat), "ok");
    EXPECT_EQ(a.request({{"type", "sit"}, {"id", 77}, {"table", t}, {"seat", 1}}), sat);  // not already_seated
    // An error reply is remembered too.
    json bad = a.request({{"type", "sit"}, {"id", 78}, {"table", "t99"}, {"seat", 0}});
    EXPECT_EQ(code(bad), "no_such_table");
    EXPECT_EQ(a.request({{"type", "sit"}, {"id", 78}, {"table", t}, {"seat", 1}}), bad);
    // Seat 1 is still free: the duplicates were not applied.
    json tables = a.request({{"type", "list_tables"}})["tables"];
    EXPECT_EQ(tables[0]["seats"][1]["player"], nullptr);
    EXPECT_EQ(tables[0]["seats"][0]["player"]["name"], "Ana");
}

TEST(BoundsTest, TooManyTables) {
    Config config = ClockedServer::default_config();
    config.max_tables_per_player = 2;
    ClockedServer server(config);
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    EXPECT_EQ(code(create_table(a)), "ok");
    EXPECT_EQ(code(create_table(a)), "ok");
    EXPECT_EQ(code(create_table(a)), "too_many_tables");
    EXPECT_EQ(code(create_table(b)), "ok");  // per player
}

}  // namespace bounds_test
}  // namespace belote::testing
