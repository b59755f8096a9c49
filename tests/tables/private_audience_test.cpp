// Private tables (invitation codes), spectators (public view only) and table chat.

#include <gtest/gtest.h>

#include <regex>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace private_audience_test {

TEST(PrivateTableTest, UnlistedAndSittingOrWatchingNeedsTheCurrentInvitation) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port()), c(server.port());
    a.hello("Ana");
    b.hello("Bo");
    c.hello("Cy");
    json created = create_table(a, {{"private", true}});
    ASSERT_EQ(code(created), "ok") << created;
    std::string t = created["table"], invite = created["invite"];
    EXPECT_TRUE(std::regex_match(invite, std::regex("[0-9a-f]{32}"))) << invite;  // 128 bits, CSPRNG
    EXPECT_EQ(code(create_table(a)), "ok");  // a public one, to show the listing is filtered
    json tables = b.request({{"type", "list_tables"}})["tables"];
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_NE(tables[0]["table"], t);

    EXPECT_EQ(code(sit_at(b, t, 1)), "bad_invite");
    EXPECT_EQ(code(sit_at(b, t, 1, "0123456789abcdef0123456789abcdef")), "bad_invite");
    EXPECT_EQ(code(table_request(c, "watch", t)), "bad_invite");
    ASSERT_EQ(code(sit_at(a, t, 0, invite)), "ok");
    EXPECT_EQ(event_of(a, "snapshot")["invite"], invite);  // the chief can share it
    ASSERT_EQ(code(sit_at(b, t, 1, invite)), "ok");
    EXPECT_FALSE(event_of(b, "snapshot").contains("invite"));  // only the chief's snapshot has it

    EXPECT_EQ(code(table_request(b, "renew_invite", t)), "not_chief");
    json renewed = table_request(a, "renew_invite", t);
    ASSERT_EQ(code(renewed), "ok");
    std::string fresh = renewed["invite"];
    EXPECT_NE(fresh, invite);
    EXPECT_EQ(code(sit_at(c, t, 2, invite)), "bad_invite");
    EXPECT_EQ(code(table_request(c, "watch", t, {{"invite", invite}})), "bad_invite");
    EXPECT_EQ(code(table_request(c, "watch", t, {{"invite", fresh}})), "ok");
}

TEST(SpectatorTest, SeesPublicInformationOnlyCannotActAndPlayersSeeTheCount) {
    ClockedServer server;
    GameClient a(server.port()), s(server.port());
    a.hello("Ana");
    s.hello("Sam");
    std::string t = create_table(a)["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    for (int seat = 1; seat < 4; ++seat) ASSERT_EQ(code(table_request(a, "add_robot", t, {{"seat", seat}})), "ok");
    ASSERT_EQ(code(table_request(s, "watch", t)), "ok");
    json snapshot = event_of(s, "snapshot");
    EXPECT_EQ(snapshot["view"]["seat"], nullptr);
    EXPECT_FALSE(snapshot["view"].contains("hand"));
    EXPECT_EQ(snapshot["spectators"], 1);
    EXPECT_EQ(event_of(a, "spectators")["count"], 1);

    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    json deal = event_of(s, "deal_started");
    EXPECT_FALSE(deal.contains("hand")) << deal;
    json turn = event_of(s, "turn");
    EXPECT_FALSE(turn.contains("legal")) << turn;
    EXPECT_EQ(code(table_request(s, "pass", t)), "not_seated");
    EXPECT_EQ(code(table_request(s, "propose_cancel", t)), "not_seated");
    EXPECT_EQ(code(table_request(s, "set_options", t, {{"options", json::object()}})), "not_chief");
}

TEST(SpectatorTest, RefusedWhenTheTableDoesNotAllowSpectators) {
    ClockedServer server;
    GameClient a(server.port()), s(server.port());
    a.hello("Ana");
    s.hello("Sam");
    std::string t = create_table(a, {{"spectators", false}})["table"];
    EXPECT_EQ(code(table_request(s, "watch", t)), "spectators_not_allowed");
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    ASSERT_EQ(code(table_request(a, "set_options", t, {{"options", {{"spectators", true}}}})), "ok");
    EXPECT_EQ(code(table_request(s, "watch", t)), "ok");
}

TEST(ChatTest, DeliveredWithNameAndRoleBoundedInLengthAndRate) {
    ClockedServer server;
    GameClient a(server.port()), s(server.port()), x(server.port());
    a.hello("Ana");
    s.hello("Sam");
    x.hello("Xavier");
    std::string t = create_table(a)["table"];
    ASSERT_EQ(code(sit_at(a, t, 1)), "ok");
    ASSERT_EQ(code(table_request(s, "watch", t)), "ok");
    EXPECT_EQ(code(table_request(x, "chat", t, {{"text", "hi"}})), "not_at_table");

    ASSERT_EQ(code(table_request(s, "chat", t, {{"text", "<b>olá</b>"}})), "ok");
    json e = event_of(a, "chat");
    EXPECT_EQ(e["text"], "<b>olá</b>");  // plain text, passed as is: the client escapes it
    EXPECT_EQ(e["from"]["name"], "Sam");
    EXPECT_EQ(e["from"]["role"], "spectator");
    EXPECT_EQ(e["from"]["seat"], nullptr);
    ASSERT_EQ(code(table_request(a, "chat", t, {{"text", "bom jogo"}})), "ok");
    e = event_of(s, "chat");
    if (e["from"]["name"] == "Sam") e = event_of(s, "chat");  // its own message comes first
    EXPECT_EQ(e["from"]["role"], "player");
    EXPECT_EQ(e["from"]["seat"], 1);

    // A quick-chat phrase: its key, and its English wording for clients that do not know it.
    ASSERT_EQ(code(table_request(a, "chat", t, {{"phrase", "thanks"}})), "ok");
    e = event_of(s, "chat");
    EXPECT_EQ(e["phrase"], "thanks");
    EXPECT_EQ(e["text"], "Thanks");
    EXPECT_EQ(e["from"]["seat"], 1);

    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", std::string(301, 'a')}})), "bad_chat");
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", ""}})), "bad_chat");
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", "line\nbreak"}})), "bad_chat");
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", std::string(300, 'a')}})), "ok");
    // 5 messages per 10 s per connection: a sent 3 accepted ones (the refused ones do not count).
    for (int i = 0; i < 2; ++i) EXPECT_EQ(code(table_request(a, "chat", t, {{"text", "m"}})), "ok");
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", "m"}})), "rate_limited");
    EXPECT_EQ(code(table_request(s, "chat", t, {{"text", "m"}})), "ok");  // per connection
    server.clock().advance(std::chrono::seconds(10));
    EXPECT_EQ(code(table_request(a, "chat", t, {{"text", "again"}})), "ok");
}

}  // namespace private_audience_test
}  // namespace belote::testing
