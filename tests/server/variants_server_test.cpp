// Tables of every variant over real WebSockets: rule options at creation, 2 seats for Découverte,
// a whole match against robots, and the game record (get_record) that replays to the same result.

#include <gtest/gtest.h>

#include <set>

#include "protocol/record.hpp"
#include "tests/server/game_client.hpp"

namespace belote::testing {
namespace variants_server_test {

struct VariantCase {
    const char* variant;
    int seats;
    json rules;
};

/// Names the case in test output (gtest would print its bytes, padding included).
void PrintTo(const VariantCase& c, std::ostream* out) { *out << c.variant; }

class VariantTableTest : public ::testing::TestWithParam<VariantCase> {};

TEST_P(VariantTableTest, AWholeMatchAgainstRobotsAndItsRecord) {
    const VariantCase& vc = GetParam();
    GameServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json created = a.request({{"type", "create_table"}, {"variant", vc.variant}, {"target", 301}, {"rules", vc.rules}});
    ASSERT_EQ(created["type"], "ok") << created;
    const std::string t = created["table"];
    json listed = a.request({{"type", "list_tables"}})["tables"][0];
    EXPECT_EQ(listed["variant"], vc.variant);
    EXPECT_EQ(listed["seats"].size(), static_cast<std::size_t>(vc.seats));

    EXPECT_EQ(a.request({{"type", "sit"}, {"table", t}, {"seat", 0}})["type"], "ok");
    EXPECT_EQ(error_code_of(a.request({{"type", "add_robot"}, {"table", t}, {"seat", vc.seats}})), "bad_seat");
    for (int s = 1; s < vc.seats; ++s)
        EXPECT_EQ(a.request({{"type", "add_robot"}, {"table", t}, {"seat", s}})["type"], "ok");
    EXPECT_EQ(error_code_of(a.request({{"type", "get_record"}, {"table", t}})), "not_started");
    EXPECT_EQ(a.request({{"type", "start"}, {"table", t}})["type"], "ok");
    EXPECT_EQ(error_code_of(a.request({{"type", "get_record"}, {"table", t}})), "match_running");

    json ended;
    std::set<std::string> types;
    for (;;) {
        json e = a.next_event();
        types.insert(e["type"].get<std::string>());
        if (e["type"] == "match_started") {
            for (auto it = vc.rules.begin(); it != vc.rules.end(); ++it) EXPECT_EQ(e["rules"][it.key()], it.value());
        }
        if (e["type"] == "match_ended") {
            ended = e;
            break;
        }
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json action = e["legal"][0];
            action["table"] = t;
            EXPECT_EQ(a.request(action)["type"], "ok");
        }
    }
    if (std::string(vc.variant) == "decouverte") {
        EXPECT_TRUE(types.count("tableaux_dealt"));
        EXPECT_TRUE(types.count("card_revealed"));
    }
    json reply = a.request({{"type", "get_record"}, {"table", t}});
    ASSERT_EQ(reply["type"], "ok") << reply;
    const json& record = reply["record"];
    EXPECT_EQ(record["variant"], vc.variant);
    for (auto it = vc.rules.begin(); it != vc.rules.end(); ++it) EXPECT_EQ(record["rules"][it.key()], it.value());

    auto parsed = protocol::record_from_json(record);
    ASSERT_TRUE(std::holds_alternative<belote::GameRecord>(parsed)) << std::get<std::string>(parsed);
    auto replayed = belote::replay(std::get<belote::GameRecord>(parsed));
    EXPECT_FALSE(replayed.failure) << replayed.failure->reason;
    EXPECT_TRUE(replayed.finished);
    EXPECT_EQ(json(replayed.totals), ended["totals"]);
    EXPECT_EQ(json(*replayed.winner), ended["winner"]);
}

INSTANTIATE_TEST_SUITE_P(
    EveryVariant, VariantTableTest,
    ::testing::Values(VariantCase{"classic", 4, json::parse(R"({"must_undertrump":false})")},
                      VariantCase{"classic_announcements", 4, json::parse(R"({"equal_meld_tiebreak":"cancel"})")},
                      VariantCase{"coinche", 4, json::parse(R"({"surcontre_multiplier":3,"coinche_tie":"fail"})")},
                      VariantCase{"decouverte", 2, json::parse(R"({"decouverte_reveal":"leader_immediately"})")}),
    [](const auto& info) { return std::string(info.param.variant); });

TEST(VariantTableTest, RefusedRuleOptionsAreNamed) {
    GameServer server;
    GameClient a(server.port());
    a.hello("Ana");
    json r = a.request({{"type", "create_table"}, {"variant", "decouverte"}, {"rules", {{"must_undertrump", false}}}});
    EXPECT_EQ(error_code_of(r), "invalid_options");
    EXPECT_EQ(r["message"], "rule option 'must_undertrump' does not apply to decouverte");
    r = a.request({{"type", "create_table"}, {"variant", "coinche"}, {"rules", {{"surcontre_multiplier", 5}}}});
    EXPECT_EQ(error_code_of(r), "invalid_options");
    EXPECT_EQ(r["message"], "rule option 'surcontre_multiplier' must be 4 or 3");
    EXPECT_EQ(error_code_of(a.request({{"type", "get_record"}, {"table", "t9"}})), "no_such_table");
}

}  // namespace variants_server_test
}  // namespace belote::testing
