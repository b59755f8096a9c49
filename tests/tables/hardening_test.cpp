// The rest of the outside probe's findings (issue 18), each checked against the real server over
// real WebSockets: a long absence comes back as a snapshot, bounded request ids and pre-hello
// traffic, connections and tables per address, waiting tables, a paged lobby, nicknames and chat
// checked by Unicode category.

#include <gtest/gtest.h>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace hardening_test {

/// Ana leaves seat 1 at Bea's table, Bea (the chief) then causes `missed` events in all; Ana comes
/// back with `resume` and must get the hello reply, then the table (a replay or a snapshot).
json come_back_after(ClockedServer& server, int missed) {
    GameClient bea(server.port());
    bea.hello("Bea");
    const std::string t = create_table(bea)["table"];
    EXPECT_EQ(code(sit_at(bea, t, 0)), "ok");
    std::string token;
    std::uint64_t seen = 0;
    {
        GameClient ana(server.port());
        token = ana.hello("Ana")["token"];
        EXPECT_EQ(code(sit_at(ana, t, 1)), "ok");
        seen = event_of(ana, "snapshot")["v"];
    }
    EXPECT_EQ(event_of(bea, "seat_status", 1)["v"], seen + 1);  // Ana's connection is gone
    for (int i = 1; i < missed; ++i)                            // each one event (seat_changed)
        EXPECT_EQ(code(table_request(bea, i % 2 ? "add_robot" : "remove_robot", t, {{"seat", 2}})), "ok");

    GameClient ana(server.port());
    json hello{{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{t, seen}}}};
    EXPECT_EQ(code(ana.request(hello)), "ok");  // the reply always arrives
    json first = ana.next_event();
    // Ana's return is one more event (her seat is back), sent like the missed ones.
    if (first["type"] == "snapshot") {
        EXPECT_EQ(first["v"], seen + missed + 1);
    }
    return first;
}

TEST(HardeningTest, ComingBackAfterTheWholeHistoryGetsASnapshotNotAClose) {
    ClockedServer server;                       // --max-send-queue 256: replaying all 512 used to close with 4008
    json first = come_back_after(server, 511);  // with her return: the 512 events the history holds
    EXPECT_EQ(first["type"], "snapshot");
}

TEST(HardeningTest, ComingBackAfterAFewEventsGetsThemReplayed) {
    ClockedServer server;  // up to a quarter of --max-send-queue (64, her return included) is replayed
    json first = come_back_after(server, 63);
    EXPECT_EQ(first["type"], "seat_status");
}

TEST(HardeningTest, AReplayLargerThanAQuarterOfTheSendQueueIsASnapshot) {
    ClockedServer server;
    json first = come_back_after(server, 64);
    EXPECT_EQ(first["type"], "snapshot");
}

TEST(HardeningTest, ARequestIdIsAnIntegerOrAStringOfAtMost64Characters) {
    ClockedServer server;
    GameClient c(server.port());
    const std::string longest(64, 'x');  // 64 characters of two bytes each are accepted as well
    std::string accented;
    for (int i = 0; i < 64; ++i) accented += "\u00e9";
    EXPECT_EQ(c.request({{"type", "hello"}, {"id", longest}, {"protocol", 1}, {"nickname", "Ana"}})["id"], longest);
    EXPECT_EQ(c.request({{"type", "list_tables"}, {"id", accented}})["id"], accented);
    c.send({{"type", "list_tables"}, {"id", longest + "x"}});  // was remembered, up to ~64 KB
    json refused = c.next();
    EXPECT_EQ(code(refused), "bad_message");
    EXPECT_TRUE(refused["id"].is_null());
    EXPECT_EQ(refused["message"], "field 'id' must be an integer or a string of at most 64 characters");
}

TEST(HardeningTest, BeforeHelloOnlyHelloIsAcceptedAndNoIdIsRemembered) {
    ClockedServer server;
    GameClient c(server.port());
    json refused = c.request({{"type", "list_tables"}, {"id", "x"}});
    EXPECT_EQ(code(refused), "not_authenticated");
    EXPECT_EQ(refused["message"], "only hello or login is accepted before hello");
    c.hello("Ana");
    // The id was not remembered: it is a new request now (it used to get not_authenticated again).
    EXPECT_EQ(code(c.request({{"type", "list_tables"}, {"id", "x"}})), "ok");
}

TEST(HardeningTest, AConnectionThatSaysNoHelloWithinTheDeadlineIsClosedWith4002) {
    ClockedServer server;  // --hello-timeout-s 10
    GameClient silent(server.port()), ana(server.port());
    ana.hello("Ana");
    // Its reply shows the server has the connection (and its deadline) before time moves.
    EXPECT_EQ(code(silent.request({{"type", "list_tables"}})), "not_authenticated");
    server.clock().advance(std::chrono::milliseconds(9'999));
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}})), "ok");
    server.clock().advance(std::chrono::milliseconds(1));
    EXPECT_EQ(silent.read_until_closed(), 4002);
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}})), "ok");  // who said hello stays
}

TEST(HardeningTest, AnAddressHoldsAtMostTheConfiguredNumberOfConnections) {
    Config config = ClockedServer::default_config();
    config.max_connections_per_address = 2;
    ClockedServer server(config);
    GameClient bea(server.port());
    bea.hello("Bea");
    const std::string t = create_table(bea)["table"];
    ASSERT_EQ(code(sit_at(bea, t, 0)), "ok");
    {
        GameClient ana(server.port());
        ana.hello("Ana");
        ASSERT_EQ(code(sit_at(ana, t, 1)), "ok");
        GameClient third(server.port());
        EXPECT_EQ(third.read_until_closed(), 4003);
    }
    event_of(bea, "seat_status", 1);  // Ana's connection is counted out before her table hears of it
    GameClient again(server.port());
    EXPECT_EQ(code(again.hello("Ana")), "ok");
}

/// The ids of a list_tables reply's tables.
std::vector<std::string> ids_of(const json& reply) {
    std::vector<std::string> ids;
    for (const auto& t : reply["tables"]) ids.push_back(t["table"]);
    return ids;
}

TEST(HardeningTest, TheLobbyComesInPagesFilteredByVariantAndFreeSeats) {
    ClockedServer server;
    GameClient ana(server.port()), bea(server.port());
    ana.hello("Ana");
    bea.hello("Bea");
    std::vector<std::string> made;  // in creation order: classic, coinche, classic, ...
    for (int i = 0; i < 7; ++i)
        made.push_back(create_table(i < 4 ? ana : bea, {{"variant", i % 2 ? "coinche" : "classic"}})["table"]);
    create_table(bea, {{"private", true}});  // never listed
    ASSERT_EQ(code(sit_at(ana, made[1], 0)), "ok");

    json all = ana.request({{"type", "list_tables"}});
    EXPECT_EQ(ids_of(all), made);
    EXPECT_TRUE(all["next"].is_null());
    json first = ana.request({{"type", "list_tables"}, {"page_size", 3}});
    EXPECT_EQ(ids_of(first), std::vector<std::string>(made.begin(), made.begin() + 3));
    ASSERT_TRUE(first["next"].is_string());
    json second = ana.request({{"type", "list_tables"}, {"page_size", 3}, {"cursor", first["next"]}});
    EXPECT_EQ(ids_of(second), std::vector<std::string>(made.begin() + 3, made.begin() + 6));
    json last = ana.request({{"type", "list_tables"}, {"page_size", 3}, {"cursor", second["next"]}});
    EXPECT_EQ(ids_of(last), std::vector<std::string>{made[6]});
    EXPECT_TRUE(last["next"].is_null());

    json coinche = ana.request({{"type", "list_tables"}, {"variant", "coinche"}});
    EXPECT_EQ(ids_of(coinche), (std::vector<std::string>{made[1], made[3], made[5]}));
    json empty_tables = ana.request({{"type", "list_tables"}, {"variant", "coinche"}, {"free_seats", 4}});
    EXPECT_EQ(ids_of(empty_tables), (std::vector<std::string>{made[3], made[5]}));  // Ana sits at made[1]
    json three = ana.request({{"type", "list_tables"}, {"variant", "coinche"}, {"free_seats", 3}, {"page_size", 1}});
    EXPECT_EQ(ids_of(three), std::vector<std::string>{made[1]});
    EXPECT_TRUE(three["next"].is_string());

    EXPECT_EQ(code(ana.request({{"type", "list_tables"}, {"page_size", 51}})), "bad_message");
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}, {"page_size", 0}})), "bad_message");
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}, {"cursor", "x1"}})), "bad_message");
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}, {"free_seats", 5}})), "bad_message");
    EXPECT_EQ(code(ana.request({{"type", "list_tables"}, {"variant", "whist"}})), "invalid_options");
}

TEST(HardeningTest, TheLobbyFollowsTablesAsTheyChange) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    const std::string t = create_table(ana)["table"];
    json seats = ana.request({{"type", "list_tables"}})["tables"][0]["seats"];
    EXPECT_TRUE(seats[0]["player"].is_null());
    ASSERT_EQ(code(sit_at(ana, t, 0)), "ok");  // the reply comes once the lobby shows it
    json listed = ana.request({{"type", "list_tables"}})["tables"][0];
    EXPECT_EQ(listed["seats"][0]["player"]["name"], "Ana");
    EXPECT_EQ(listed["state"], "waiting");
}

TEST(HardeningTest, TablesAreLimitedPerAddressAsWellAsPerPlayer) {
    Config config = ClockedServer::default_config();
    config.max_tables_per_address = 3;
    ClockedServer server(config);
    GameClient ana(server.port()), bea(server.port());
    ana.hello("Ana");
    bea.hello("Bea");  // a new identity from the same address used to get 5 more tables
    EXPECT_EQ(code(create_table(ana)), "ok");
    EXPECT_EQ(code(create_table(ana)), "ok");
    EXPECT_EQ(code(create_table(bea)), "ok");
    json refused = create_table(bea);
    EXPECT_EQ(code(refused), "too_many_tables");
    EXPECT_EQ(refused["message"], "at most 3 unfinished tables per address");
}

TEST(HardeningTest, WaitingTablesAreCappedServerWide) {
    Config config = ClockedServer::default_config();
    config.max_waiting_tables = 2;
    ClockedServer server(config);
    GameClient ana(server.port()), bea(server.port());
    ana.hello("Ana");
    bea.hello("Bea");
    const std::string t = create_table(ana)["table"];
    EXPECT_EQ(code(create_table(bea)), "ok");
    json refused = create_table(bea);
    EXPECT_EQ(code(refused), "lobby_full");
    EXPECT_EQ(refused["message"], "the server already has 2 tables waiting for players: sit at one of them");
    ASSERT_EQ(code(sit_at(ana, t, 0)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(ana, "add_robot", t, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(ana, "start", t)), "ok");  // playing: no longer waiting
    EXPECT_EQ(code(create_table(bea)), "ok");
}

/// The UTF-8 of code point `cp`.
std::string utf8(char32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

json hello_as(GameClient& c, const std::string& nickname) {
    return c.request({{"type", "hello"}, {"protocol", 1}, {"nickname", nickname}});
}

TEST(HardeningTest, NicknamesRefuseInvisibleAndDirectionCharactersAndAreNormalized) {
    ClockedServer server;
    // The probe's list (U+061C, U+034F, U+1160, U+3164, U+2028), then one of each refused
    // category (Cc, Cf, Zl, Zp, Co, Cn) and the other Hangul fillers.
    for (char32_t cp : {0x061C, 0x034F, 0x1160, 0x3164, 0x2028, 0x0007, 0x200B, 0x202E, 0x2029, 0xE000, 0x0378, 0xF0000,
                        0x115F, 0xFFA0}) {
        GameClient c(server.port());
        json refused = hello_as(c, "An" + utf8(cp) + "a");
        EXPECT_EQ(code(refused), "bad_nickname") << std::hex << static_cast<std::uint32_t>(cp);
        EXPECT_EQ(code(hello_as(c, utf8(cp))), "bad_nickname") << std::hex << static_cast<std::uint32_t>(cp);
    }
    GameClient c(server.port());
    json hello = hello_as(c, "Jose" + utf8(0x0301) + " " + utf8(0x4E2D) + utf8(0x0627));  // e + combining acute
    ASSERT_EQ(code(hello), "ok");
    EXPECT_EQ(hello["player"]["nickname"], "Jos" + utf8(0x00E9) + " " + utf8(0x4E2D) + utf8(0x0627));  // NFC
}

TEST(HardeningTest, ChatRefusesBidiControlsLineSeparatorsAndZeroWidthSpaces) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    const std::string t = create_table(ana)["table"];
    ASSERT_EQ(code(sit_at(ana, t, 0)), "ok");
    for (char32_t cp : {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
                        0x2028, 0x2029, 0x200B, 0x2060, 0xFEFF}) {
        json refused = table_request(ana, "chat", t, {{"text", "abc" + utf8(cp) + "def"}});
        EXPECT_EQ(code(refused), "bad_chat") << std::hex << static_cast<std::uint32_t>(cp);
    }
    // Other scripts, emoji with a zero-width joiner: accepted.
    const std::string family = utf8(0x1F469) + utf8(0x200D) + utf8(0x1F467);
    EXPECT_EQ(code(table_request(ana, "chat", t, {{"text", utf8(0x0645) + utf8(0x0631) + " " + family}})), "ok");
}

}  // namespace hardening_test
}  // namespace belote::testing
