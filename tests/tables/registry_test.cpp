// Bounded registries (docs/design.md invariant 6): a table nobody is connected to leaves the lobby
// and memory after --idle-table-s, a guest with no connection and no table leaves memory after
// --guest-ttl-s (its account stays in the store), and ids are unguessable. Time moves with the ManualClock.

#include <gtest/gtest.h>

#include <regex>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace registry_test {

using std::chrono::seconds;

bool listed(GameClient& c, const std::string& table) {
    json reply = c.request({{"type", "list_tables"}});
    for (const auto& entry : reply["tables"])
        if (entry["table"] == table) return true;
    return false;
}

/// A request to `table` answered after everything posted to the table's strand before it: its error
/// code ("not_started" while the table exists, "no_such_table" once it is gone).
std::string settle(GameClient& c, const std::string& table) {
    json reply = table_request(c, "get_record", table);
    return reply.value("code", "ok");
}

Config short_lived(unsigned idle_table_s, unsigned guest_ttl_s) {
    Config config = ClockedServer::default_config();
    config.idle_table_s = idle_table_s;
    config.guest_ttl_s = guest_ttl_s;
    return config;
}

TEST(RegistryTest, ATableNobodyIsAtLeavesTheLobbyAfterTheGrace) {
    ClockedServer server(short_lived(600, 3600));
    GameClient ana(server.port()), bea(server.port());
    ana.hello("Ana");
    bea.hello("Bea");
    const std::string empty = create_table(ana)["table"];  // nobody ever sits
    const std::string kept = create_table(ana)["table"];   // Bea sits and stays connected
    EXPECT_EQ(sit_at(bea, kept, 0)["type"], "ok");

    server.clock().advance(seconds(599));
    EXPECT_EQ(settle(ana, empty), "not_started");
    EXPECT_TRUE(listed(ana, empty));
    server.clock().advance(seconds(2));
    settle(ana, empty);  // answered once the table has closed (or by the directory, without it)
    EXPECT_FALSE(listed(ana, empty));
    EXPECT_EQ(sit_at(ana, empty, 1)["code"], "no_such_table");
    EXPECT_TRUE(listed(ana, kept));  // someone is connected at it
}

TEST(RegistryTest, APlayerComingBackKeepsTheTable) {
    ClockedServer server(short_lived(600, 3600));
    GameClient ana(server.port());
    ana.hello("Ana");
    const std::string t = create_table(ana)["table"];
    std::string token;
    {
        GameClient bea(server.port());
        token = bea.hello("Bea")["token"];
        EXPECT_EQ(sit_at(bea, t, 1)["type"], "ok");
    }  // Bea's connection closes: nobody is connected at the table any more (Ana never sat)
    server.clock().advance(seconds(100));  // within the reclaim window: her seat is kept
    GameClient back(server.port());
    back.hello("Bea", token);
    EXPECT_EQ(event_of(back, "snapshot")["view"]["seat"], 1);
    server.clock().advance(seconds(599));
    EXPECT_EQ(settle(back, t), "not_started");
    EXPECT_TRUE(listed(back, t));
}

TEST(RegistryTest, AGuestForgottenFromMemoryComesBackFromTheStore) {
    ClockedServer server(short_lived(60, 120));
    auto guest = [&](const std::string& name) {
        GameClient c(server.port());
        json hello = c.hello(name);
        return std::make_pair(hello["token"].get<std::string>(), hello["player"]["id"].get<std::string>());
    };
    const auto [gus_token, gus_id] = guest("Gus");  // both leave at once
    const auto [hal_token, hal_id] = guest("Hal");
    server.clock().advance(seconds(119));
    GameClient hal(server.port());  // within the time: the same player, from memory (hellos sweep it)
    EXPECT_EQ(hal.hello("Hal", hal_token)["player"]["id"], hal_id);
    server.clock().advance(seconds(121));
    GameClient gus(server.port());
    json again = gus.hello("Gus2", gus_token);  // forgotten from memory, not from the store
    EXPECT_EQ(again["player"], json({{"id", gus_id}, {"nickname", "Gus"}, {"guest", true}}));
    EXPECT_EQ(again["token"], gus_token);
}

TEST(RegistryTest, IdsAreUnguessable) {
    ClockedServer server;
    GameClient ana(server.port());
    json hello = ana.hello("Ana");
    std::string a = create_table(ana)["table"], b = create_table(ana)["table"];
    const std::regex table_id("t[a-z2-7]{14}"), player_id("p[a-z2-7]{14}");
    EXPECT_TRUE(std::regex_match(a, table_id)) << a;
    EXPECT_TRUE(std::regex_match(b, table_id)) << b;
    EXPECT_NE(a, b);
    EXPECT_TRUE(std::regex_match(hello["player"]["id"].get<std::string>(), player_id));
}

}  // namespace registry_test
}  // namespace belote::testing
