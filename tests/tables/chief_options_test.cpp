// Table chief and options, robots by the chief, seating between matches (real WebSockets).

#include <gtest/gtest.h>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace chief_options_test {

TEST(ChiefOptionsTest, FirstToSitIsChiefAndOnlyTheChiefChangesOptions) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    std::string t = create_table(b)["table"];  // the creator is not chief until it sits first
    ASSERT_EQ(code(sit_at(a, t, 2)), "ok");
    json snapshot = event_of(a, "snapshot");
    EXPECT_EQ(snapshot["chief"], 2);
    EXPECT_EQ(snapshot["options"]["target"], 301);
    EXPECT_EQ(snapshot["options"]["turn_time"], 0);
    ASSERT_EQ(code(sit_at(b, t, 0)), "ok");
    EXPECT_EQ(event_of(b, "snapshot")["chief"], 2);

    EXPECT_EQ(code(table_request(b, "set_options", t, {{"options", {{"target", 501}}}})), "not_chief");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"turn_time", 3}}}})), "invalid_options");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"target", 777}}}})), "invalid_options");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"stake", -1}}}})), "invalid_options");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"variant", "nope"}}}})), "invalid_options");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"variant", "decouverte"}}}})),
              "invalid_options");  // 2 seats: the table has 4
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"variant", "coinche"}}}})), "ok");
    for (GameClient* c : {&a, &b}) EXPECT_EQ(event_of(*c, "table_options")["options"]["variant"], "coinche");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"variant", "classic"}}}})), "ok");
    for (GameClient* c : {&a, &b}) EXPECT_EQ(event_of(*c, "table_options")["options"]["variant"], "classic");
    json ok = table_request(a, "set_options", t,
                            {{"options", {{"target", 501}, {"turn_time", 20}, {"competitive", true}, {"stake", 50}}}});
    ASSERT_EQ(code(ok), "ok") << ok;
    for (GameClient* c : {&a, &b}) {
        json e = event_of(*c, "table_options");
        EXPECT_EQ(e["chief"], 2);
        EXPECT_EQ(e["options"]["target"], 501);
        EXPECT_EQ(e["options"]["turn_time"], 20);
        EXPECT_EQ(e["options"]["competitive"], true);
        EXPECT_EQ(e["options"]["stake"], 50);
        EXPECT_EQ(e["options"]["variant"], "classic");
    }
    // The lobby shows the options and the chief.
    json tables = a.request({{"type", "list_tables"}})["tables"];
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0]["options"]["stake"], 50);
    EXPECT_EQ(tables[0]["chief"], "Ana");
    EXPECT_EQ(tables[0]["target"], 501);

    // Robots: only the chief adds or removes them, only before the start.
    EXPECT_EQ(code(table_request(b, "add_robot", t, {{"seat", 1}})), "not_chief");
    EXPECT_EQ(code(table_request(a, "add_robot", t, {{"seat", 1}})), "ok");
    EXPECT_EQ(code(table_request(a, "remove_robot", t, {{"seat", 0}})), "not_a_robot");
    EXPECT_EQ(code(table_request(b, "remove_robot", t, {{"seat", 1}})), "not_chief");
    EXPECT_EQ(code(table_request(a, "remove_robot", t, {{"seat", 1}})), "ok");
    EXPECT_EQ(code(table_request(a, "start", t)), "seats_empty");
    EXPECT_EQ(code(table_request(a, "add_robot", t, {{"seat", 1}})), "ok");
    EXPECT_EQ(code(table_request(a, "add_robot", t, {{"seat", 3}})), "ok");

    EXPECT_EQ(code(table_request(b, "start", t)), "not_chief");
    // Guests and robots cannot cover a stake (docs/room.md "Who takes part"), though all share an address.
    EXPECT_EQ(code(table_request(a, "start", t)), "cannot_stake");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"stake", 0}}}})), "ok");
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    EXPECT_EQ(event_of(b, "match_started")["target"], 501);
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"target", 301}}}})), "match_in_progress");
    EXPECT_EQ(code(table_request(a, "remove_robot", t, {{"seat", 1}})), "match_in_progress");
    EXPECT_EQ(code(table_request(b, "stand", t)), "match_in_progress");
}

TEST(ChiefOptionsTest, WhenTheChiefStandsUpTheNextSeatedHumanBecomesChief) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port()), c(server.port());
    a.hello("Ana");
    b.hello("Bo");
    c.hello("Cy");
    json created = create_table(a);
    std::string t = created["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    ASSERT_EQ(code(sit_at(c, t, 3)), "ok");  // c sits before b: c is next in line
    ASSERT_EQ(code(sit_at(b, t, 1)), "ok");
    ASSERT_EQ(code(table_request(a, "stand", t)), "ok");
    EXPECT_EQ(event_of(b, "seat_changed", 0)["player"], nullptr);
    json told = event_of(b, "table_options");
    EXPECT_EQ(told["chief"], 3);
    EXPECT_FALSE(told.contains("invite")) << told;  // only the chief has the code
    // The new chief is given the invitation code with the news (its page can show the link).
    json mine = event_of(c, "table_options");
    EXPECT_EQ(mine["chief"], 3);
    EXPECT_EQ(mine["invite"], created["invite"]);
    EXPECT_EQ(code(table_request(b, "set_options", t, {{"options", {{"target", 1000}}}})), "not_chief");
    EXPECT_EQ(code(table_request(c, "set_options", t, {{"options", {{"target", 1000}}}})), "ok");
}

TEST(ChiefOptionsTest, BetweenMatchesPlayersStandAndSitAndTheChiefStartsTheNext) {
    ClockedServer server;
    GameClient a(server.port()), b(server.port());
    a.hello("Ana");
    b.hello("Bo");
    std::string t = create_table(a)["table"];
    ASSERT_EQ(code(sit_at(a, t, 0)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(a, "add_robot", t, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    // Seat 0 plays its first legal action until the end.
    for (;;) {
        json e = a.next_event();
        if (e["type"] == "match_ended") break;
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(code(a.request(act)), "ok");
        }
    }
    EXPECT_EQ(code(table_request(a, "remove_robot", t, {{"seat", 2}})), "ok");
    EXPECT_EQ(code(sit_at(b, t, 2)), "ok");
    EXPECT_EQ(code(table_request(a, "set_options", t, {{"options", {{"target", 501}}}})), "ok");
    EXPECT_EQ(code(table_request(b, "start", t)), "not_chief");
    ASSERT_EQ(code(table_request(a, "start", t)), "ok");
    json started = event_of(b, "match_started");
    EXPECT_EQ(started["target"], 501);
    EXPECT_EQ(event_of(b, "deal_started")["deal"], 1);
}

}  // namespace chief_options_test
}  // namespace belote::testing
