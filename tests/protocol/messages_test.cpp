// protocol/messages.hpp: each notice rendered once per distinct view gives every recipient exactly
// the JSON of the reference encoder (event_json, projected for that recipient), for every event of
// robot matches of every variant; and the replies written directly parse back as expected.

#include "protocol/messages.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/match.hpp"
#include "engine/robot.hpp"
#include "protocol/event_json.hpp"

namespace belote::protocol {
namespace messages_test {

using nlohmann::json;

platform::Notice as_notice(const Event& event, std::optional<std::int64_t> deadline) {
    if (const auto* turn = std::get_if<TurnStarted>(&event)) return platform::TurnNotice{*turn, deadline};
    if (const auto* end = std::get_if<MatchEnded>(&event)) {
        // What the card room adds (docs/room.md): one seat rated, one that abandoned.
        platform::SeatOutcome won{0,
                                  "pa",
                                  4,
                                  20,
                                  true,
                                  false,
                                  platform::Unmoved::None,
                                  platform::Rating{},
                                  platform::Rating{1662.3, 290, 0.06, 1}};
        platform::SeatOutcome gone{1, "pb", -5, 0, false, true, platform::Unmoved::Abandoned, {}, {}};
        // Who played it, named as when it began (issue 14: the result outlives the seats).
        std::vector<platform::PlayerInfo> players{{"Ana", false, std::nullopt}, {"Robot 1", true, std::nullopt}};
        return platform::MatchEndNotice{*end, {1}, 5, true, {won, gone}, platform::Unmoved::None, players};
    }
    return event;
}

json expected(const Event& event, const Observer& observer, std::uint64_t v, std::optional<std::int64_t> deadline) {
    json out = event_json(event, observer, "tab", v);
    if (std::holds_alternative<TurnStarted>(event)) out["deadline"] = deadline ? json(*deadline) : json(nullptr);
    if (std::holds_alternative<MatchEnded>(event)) {
        out["abandoned"] = {1};
        out["stake"] = 5;
        out["competitive"] = true;
        out["unmoved"] = nullptr;
        out["results"] = json::array(
            {{{"seat", 0},
              {"chips", 4},
              {"xp", 20},
              {"rating", {{"before", 1500}, {"after", 1662}, {"provisional", true}}},
              {"why", nullptr},
              {"unrated", nullptr}},
             {{"seat", 1}, {"chips", -5}, {"xp", 0}, {"rating", nullptr}, {"why", "abandoned"}, {"unrated", nullptr}}});
        out["players"] = json::array({{{"name", "Ana"}, {"robot", false}}, {{"name", "Robot 1"}, {"robot", true}}});
    }
    return out;
}

TEST(MessagesTest, EveryRecipientGetsTheReferenceJsonOfEveryEvent) {
    int checked = 0;
    for (Variant variant : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            MatchOptions options;
            options.variant = variant;
            options.target = 301;
            Match match(options, seed);
            Rng rng(seed);
            std::uint64_t v = 0;
            auto check = [&](const std::vector<Event>& events) {
                for (const Event& event : events) {
                    ++v;
                    auto deadline = v % 2 ? std::optional<std::int64_t>(1'800'000'000'000 + v) : std::nullopt;
                    auto rendered = render_notice(as_notice(event, deadline), "tab", v, match.seats());
                    for (int seat = -1; seat < match.seats(); ++seat) {
                        Observer o = seat < 0 ? Observer::spectator() : Observer::of_seat(seat);
                        ASSERT_EQ(json::parse(rendered.for_observer(o.seat)), expected(event, o, v, deadline))
                            << "seat " << seat << ": " << rendered.for_observer(o.seat);
                        ++checked;
                    }
                }
            };
            check(match.start());
            while (!match.finished()) {
                Seat s = *match.to_act();
                auto result = match.apply(s, robot_decide(match.view(Observer::of_seat(s)), rng));
                ASSERT_TRUE(result.ok());
                check(result.events);
            }
        }
    }
    EXPECT_GT(checked, 10000);
}

TEST(MessagesTest, RepliesWrittenDirectly) {
    EXPECT_EQ(json::parse(ok_text(RequestId{std::int64_t{7}})), json::parse(R"({"type":"ok","id":7})"));
    EXPECT_EQ(json::parse(ok_text(RequestId{std::string("a\"\\\n\x01")})),
              json::parse(R"({"type":"ok","id":"a\"\\\n\u0001"})"));
    EXPECT_EQ(json::parse(ok_text(RequestId{})), json::parse(R"({"type":"ok","id":null})"));
    EXPECT_EQ(json::parse(error_text(RequestId{std::int64_t{-3}}, ErrorCode::NotYourTurn, "it is not your turn")),
              json::parse(R"({"type":"error","id":-3,"code":"not_your_turn","message":"it is not your turn"})"));
    // A refusal that says when it ends.
    EXPECT_EQ(
        json::parse(refusal_text(RequestId{std::int64_t{4}},
                                 platform::Refused{platform::TableRefusal::CoolingDown, "wait", 1'800'000'900'000})),
        json::parse(R"({"type":"error","id":4,"code":"cooling_down","message":"wait","until":1800000900000})"));
    EXPECT_EQ(json::parse(refusal_text(RequestId{std::int64_t{5}},
                                       platform::Refused{platform::TableRefusal::SeatTaken, "seat 1 is taken"})),
              json::parse(R"({"type":"error","id":5,"code":"seat_taken","message":"seat 1 is taken"})"));
}

TEST(MessagesTest, RoutingBetweenNodes) {
    EXPECT_EQ(json::parse(table_elsewhere_text(RequestId{std::int64_t{7}}, "t1", "/node/b/ws")),
              json::parse(R"({"type":"error","id":7,"code":"table_elsewhere","message":"table t1 is served by )"
                          R"(another server: reconnect there","table":"t1","url":"/node/b/ws"})"));
    EXPECT_EQ(json::parse(table_moved_text("t1")), json::parse(R"({"type":"table_moved","table":"t1"})"));
    EXPECT_EQ(json::parse(table_moved_text("t1", "wss://b.example.org/ws")),
              json::parse(R"({"type":"table_moved","table":"t1","url":"wss://b.example.org/ws"})"));
    // A published lobby row goes into another node's list_tables as it is, after its own rows.
    const std::string row = R"({"table":"t2","variant":"coinche","seats":[{"seat":0,"player":null},)"
                            R"({"seat":1,"player":{"name":"Bob","robot":false}}]})";
    EXPECT_EQ(json::parse(tables_text(RequestId{std::int64_t{3}}, {}, {row}, std::uint64_t{9})),
              json::parse(R"({"type":"ok","id":3,"tables":[)" + row + R"(],"next":"9"})"));
    const auto filter = parse_lobby_row(row);
    ASSERT_TRUE(filter);
    EXPECT_EQ(filter->variant, "coinche");
    EXPECT_EQ(filter->free_seats, 1);
    EXPECT_FALSE(parse_lobby_row("not json"));
    EXPECT_FALSE(parse_lobby_row(R"({"table":"t2"})"));
}

}  // namespace messages_test
}  // namespace belote::protocol
