// Robot levels over real WebSockets: `add_robot` with a `level` seats a robot of that level (shown in
// seat_changed, the snapshot and the lobby), expert robots play a whole match whose game record
// replays without an illegal action, and a bad level is refused with the documented error.

#include <gtest/gtest.h>

#include "engine/record.hpp"
#include "protocol/record.hpp"
#include "tests/server/game_client.hpp"

namespace belote::testing {
namespace robot_levels_server_test {

TEST(RobotLevelsServerTest, ExpertRobotsPlayAWholeMatchWithLegalMoves) {
    GameServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json created = a.request({{"type", "create_table"}, {"variant", "coinche"}, {"target", 301}});
    ASSERT_EQ(created["type"], "ok") << created;
    const std::string t = created["table"];
    ASSERT_EQ(a.request({{"type", "sit"}, {"table", t}, {"seat", 0}})["type"], "ok");
    for (int s = 1; s < 4; ++s) {
        ASSERT_EQ(a.request({{"type", "add_robot"}, {"table", t}, {"seat", s}, {"level", "expert"}})["type"], "ok");
        json changed = a.next_event_of("seat_changed");
        EXPECT_EQ(changed["seat"], s);
        EXPECT_EQ(changed["player"]["robot"], true);
        EXPECT_EQ(changed["player"]["level"], "expert");
    }
    json listed = a.request({{"type", "list_tables"}})["tables"][0];
    EXPECT_EQ(listed["seats"][0]["player"].count("level"), 0u) << "a human has no level";
    for (int s = 1; s < 4; ++s) EXPECT_EQ(listed["seats"][s]["player"]["level"], "expert");
    ASSERT_EQ(a.request({{"type", "start"}, {"table", t}})["type"], "ok");

    json ended;
    for (;;) {
        json e = a.next_event();
        if (e["type"] == "match_ended") {
            ended = e;
            break;
        }
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json action = e["legal"][0];
            action["table"] = t;
            ASSERT_EQ(a.request(action)["type"], "ok");
        }
    }
    // The record holds every accepted action; replaying it through the engine checks each one.
    json reply = a.request({{"type", "get_record"}, {"table", t}});
    ASSERT_EQ(reply["type"], "ok") << reply;
    auto parsed = protocol::record_from_json(reply["record"]);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(parsed)) << std::get<std::string>(parsed);
    const GameRecord& record = std::get<GameRecord>(parsed);
    int by_robots = 0;
    for (const auto& action : record.actions) by_robots += action.seat != 0;
    EXPECT_GE(by_robots, 24) << "the robots played at least the cards of a whole deal";
    auto replayed = replay(record);
    EXPECT_FALSE(replayed.failure) << replayed.failure->reason;
    EXPECT_TRUE(replayed.finished);
    EXPECT_EQ(json(replayed.totals), ended["totals"]);
}

TEST(RobotLevelsServerTest, ABadLevelIsRefusedAndTheSeatStaysEmpty) {
    GameServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json created = a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 301}});
    const std::string t = created["table"];
    ASSERT_EQ(a.request({{"type", "sit"}, {"table", t}, {"seat", 0}})["type"], "ok");
    for (json level : {json("grandmaster"), json("EXPERT"), json(2)}) {
        json reply = a.request({{"type", "add_robot"}, {"table", t}, {"seat", 1}, {"level", level}});
        EXPECT_EQ(error_code_of(reply), "bad_message") << reply;
        EXPECT_NE(reply.value("message", "").find("'level'"), std::string::npos) << reply;
    }
    json listed = a.request({{"type", "list_tables"}})["tables"][0];
    EXPECT_TRUE(listed["seats"][1]["player"].is_null()) << listed;
    // Without a level: easy, as before levels existed.
    ASSERT_EQ(a.request({{"type", "add_robot"}, {"table", t}, {"seat", 1}})["type"], "ok");
    EXPECT_EQ(a.next_event_of("seat_changed")["player"]["level"], "easy");
}

}  // namespace robot_levels_server_test
}  // namespace belote::testing
