// The card room through the real protocol (docs/room.md): registered players on distinct loopback
// addresses (127.0.0.2, 127.0.0.3, ...) play competitive matches with a stake; the exact chips (house
// 10%), XP, levels and counts land in the store with the match, in match_ended and in `profile`;
// a start nobody can cover is refused naming who; one IP twice, a guest, practice and a cancel move
// exactly what the rules say.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>

#include "platform/rating.hpp"
#include "server/store/memory_store.hpp"
#include "tests/server/game_client.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace {

struct Player {
    std::unique_ptr<GameClient> client;
    std::string id;
};

/// A player connected from `address`: a guest, or registered as `name` when `registered`.
Player join(ClockedServer& server, const std::string& address, const std::string& name, bool registered = true) {
    Player p{std::make_unique<GameClient>(server.port(), 10s, address), ""};
    json hello = p.client->hello(name);
    p.id = hello["player"]["id"];
    if (registered) {
        json r = p.client->request({{"type", "register"}, {"username", name}, {"password", "correct horse 1"}});
        EXPECT_EQ(r["type"], "ok") << r;
    }
    return p;
}

std::int64_t chips(store::Store& store, const std::string& account) { return store.balance(account).value_or(-1); }

/// A competitive table of `variant` with `stake`, every player seated in order; returns its id.
std::string seated_table(std::vector<Player*> players, const std::string& variant, int stake, bool competitive = true) {
    json created = create_table(
        *players[0]->client, {{"variant", variant}, {"target", 301}, {"competitive", competitive}, {"stake", stake}});
    EXPECT_EQ(created["type"], "ok") << created;
    std::string table = created["table"];
    for (std::size_t s = 0; s < players.size(); ++s) {
        json r = sit_at(*players[s]->client, table, static_cast<int>(s));
        EXPECT_EQ(r["type"], "ok") << r;
    }
    return table;
}

/// Plays every seat (its first legal action other than a pass) until the match ends (a seat whose player is null, or
/// whose client is gone, is the robot's); `seen` sees every event seat 0 gets. Returns match_ended
/// as seat 0 saw it.
json play_out(
    std::vector<Player*> players, const std::string& table,
    const std::function<void(const json&)>& seen = [](const json&) {}) {
    auto& lead = *players[0]->client;
    for (;;) {
        json e = lead.next_event();
        if (std::getenv("BELOTE_TEST_TRACE")) std::fprintf(stderr, "lead: %s\n", e.dump().substr(0, 200).c_str());
        seen(e);
        if (e["type"] == "match_ended") return e;
        if (e["type"] != "turn") continue;
        const int seat = e["seat"];
        if (seat != 0 && (!players[seat] || !players[seat]->client)) continue;
        if (seat == 0 && !e.contains("legal")) continue;  // the robot plays it
        json turn = seat == 0 ? e : turn_of(*players[seat]->client, seat);
        // The first legal action that is not a pass (passing every deal would throw it in forever).
        json action = turn["legal"][0];
        for (const auto& a : turn["legal"])
            if (a["type"] != "pass") {
                action = a;
                break;
            }
        action["table"] = table;
        if (std::getenv("BELOTE_TEST_TRACE")) std::fprintf(stderr, "seat %d acts %s\n", seat, action.dump().c_str());
        json r = players[seat]->client->request(action);
        EXPECT_EQ(r["type"], "ok") << r;
    }
}

json result_of(const json& ended, int seat) { return ended["results"][seat]; }

TEST(RoomServerTest, TwoRegisteredPlayersPlayAStakedMatchAndTheHouseKeepsTenPercent) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);  // the starting balance
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 1000);
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    EXPECT_EQ(chips(*store, "escrow:" + table + "-1"), 200);
    json ended = play_out({&ana, &bea}, table);
    const int winner = ended["winner"];
    const auto& winner_id = winner == 0 ? ana.id : bea.id;
    const auto& loser_id = winner == 0 ? bea.id : ana.id;
    // Both new (1500, RD 350): Glicko-2 of one game each (platform/rating).
    const auto rated = platform::rate_match({platform::Rating{}, platform::Rating{}}, 0);
    const json won_rating{{"before", 1500}, {"after", std::lround(rated[0].rating)}, {"provisional", true}};
    const json lost_rating{{"before", 1500}, {"after", std::lround(rated[1].rating)}, {"provisional", true}};
    EXPECT_EQ(result_of(ended, winner),
              (json{{"seat", winner}, {"chips", 80}, {"xp", 20}, {"rating", won_rating}, {"why", nullptr}}));
    EXPECT_EQ(result_of(ended, 1 - winner),
              (json{{"seat", 1 - winner}, {"chips", -100}, {"xp", 5}, {"rating", lost_rating}, {"why", nullptr}}));
    EXPECT_EQ(ended["unmoved"], nullptr);
    EXPECT_EQ(chips(*store, "wallet:" + winner_id), 1080);
    EXPECT_EQ(chips(*store, "wallet:" + loser_id), 900);
    EXPECT_EQ(chips(*store, "house"), 20);
    EXPECT_EQ(chips(*store, "escrow:" + table + "-1"), 0);
    EXPECT_EQ(store->progress(winner_id), (store::Progress{20, 1, 1, 0}));
    EXPECT_EQ(store->progress(loser_id), (store::Progress{5, 1, 0, 0}));

    json profile = ana.client->request({{"type", "profile"}, {"username", "bea"}});
    ASSERT_EQ(profile["type"], "ok") << profile;
    EXPECT_EQ(profile["player"], bea.id);
    EXPECT_EQ(profile["name"], "Bea");
    EXPECT_EQ(profile["xp"], winner == 1 ? 20 : 5);
    EXPECT_EQ(profile["level"], 1);
    EXPECT_EQ(profile["next_level_xp"], 50);
    EXPECT_EQ(profile["chips"], winner == 1 ? 1080 : 900);
    EXPECT_EQ(profile["games"], 1);
    EXPECT_EQ(profile["wins"], winner == 1 ? 1 : 0);
    EXPECT_EQ(profile["abandons"], 0);
    ASSERT_EQ(profile["recent"].size(), 1u);
    EXPECT_EQ(profile["recent"][0]["match"], table + "-1");
    EXPECT_EQ(profile["recent"][0]["result"], winner == 1 ? "won" : "lost");
    json own = bea.client->request({{"type", "profile"}});
    EXPECT_EQ(own["player"], bea.id);
}

TEST(RoomServerTest, AStartNobodyCanCoverIsRefusedNamingWhoAndMovesNothing) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), gus = join(server, "127.0.0.3", "Gus", false);
    auto table = seated_table({&ana, &gus}, "decouverte", 1500);
    json refused = table_request(*ana.client, "start", table);
    EXPECT_EQ(refused["type"], "error");
    EXPECT_EQ(refused["code"], "cannot_stake");
    EXPECT_EQ(refused["message"], "cannot cover the stake of 1500 chips: Ana has 1000, Gus is a guest");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);
    EXPECT_EQ(store->ledger().size(), 1u);  // Ana's starting balance only
}

TEST(RoomServerTest, AGuestAtAFreeCompetitiveTableEarnsNothing) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), gus = join(server, "127.0.0.3", "Gus", false);
    auto table = seated_table({&ana, &gus}, "decouverte", 0);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, &gus}, table);
    const bool ana_won = ended["winner"] == 0;
    EXPECT_EQ(result_of(ended, 0)["xp"], ana_won ? 20 : 5);
    EXPECT_EQ(result_of(ended, 1), (json{{"seat", 1}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "guest"}}));
    EXPECT_EQ(result_of(ended, 0)["rating"], nullptr);  // a guest at the table: not rated
    EXPECT_EQ(store->progress(gus.id), store::Progress{});
    EXPECT_EQ(chips(*store, "wallet:" + gus.id), -1);  // a guest has no wallet
}

TEST(RoomServerTest, TwoPlayersOnOneAddressMoveNoChipsAndNoXpAndTheMatchSaysWhy) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.2", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, &bea}, table);
    EXPECT_EQ(ended["unmoved"], "same_ip");
    EXPECT_EQ(result_of(ended, 0),
              (json{{"seat", 0}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "same_ip"}}));
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 1000);
    EXPECT_EQ(store->match(table + "-1")->unmoved, "same_ip");
    EXPECT_EQ(store->progress(ana.id), store::Progress{});
}

TEST(RoomServerTest, APracticeMatchMovesNothing) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 100, false);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, &bea}, table);
    EXPECT_EQ(ended["unmoved"], "practice");
    EXPECT_EQ(result_of(ended, 1)["why"], "practice");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);
    EXPECT_EQ(store->match(table + "-1")->unmoved, "practice");
    EXPECT_EQ(store->progress(bea.id), store::Progress{});
}

TEST(RoomServerTest, AFriendlyCancelRefundsEveryStake) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 250);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 750);
    ASSERT_EQ(table_request(*ana.client, "propose_cancel", table)["type"], "ok");
    ASSERT_EQ(table_request(*bea.client, "vote_cancel", table, {{"accept", true}})["type"], "ok");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 1000);
    EXPECT_EQ(chips(*store, "escrow:" + table + "-1"), 0);
    EXPECT_EQ(chips(*store, "house"), -1);  // never touched
    EXPECT_EQ(store->progress(ana.id), store::Progress{});
}

TEST(RoomServerTest, PartnersShareAnOddPotAndTheSpareChipGoesToTheLowerSeat) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player p0 = join(server, "127.0.0.2", "Ana"), p1 = join(server, "127.0.0.3", "Bea"),
           p2 = join(server, "127.0.0.4", "Cid"), p3 = join(server, "127.0.0.5", "Dan");
    std::vector<Player*> all{&p0, &p1, &p2, &p3};
    auto table = seated_table(all, "classic", 3);
    ASSERT_EQ(table_request(*p0.client, "start", table)["type"], "ok");
    json ended = play_out(all, table);
    const int team = ended["winner"];  // seats team and team + 2
    // 12 pot, house 1, 11 left: 6 to the lower seat of the winning pair, 5 to its partner.
    EXPECT_EQ(result_of(ended, team)["chips"], 3);
    EXPECT_EQ(result_of(ended, team + 2)["chips"], 2);
    EXPECT_EQ(result_of(ended, 1 - team)["chips"], -3);
    EXPECT_EQ(result_of(ended, 3 - team)["chips"], -3);
    EXPECT_EQ(result_of(ended, team)["xp"], 20);
    EXPECT_EQ(result_of(ended, team + 2)["xp"], 20);
    EXPECT_EQ(result_of(ended, 1 - team)["xp"], 5);
    EXPECT_EQ(chips(*store, "wallet:" + all[team]->id), 1003);
    EXPECT_EQ(chips(*store, "wallet:" + all[team + 2]->id), 1002);
    EXPECT_EQ(chips(*store, "wallet:" + all[1 - team]->id), 997);
    EXPECT_EQ(chips(*store, "house"), 1);
}

TEST(RoomServerTest, AThreeSeatWinnerTakesThirtyXpAndThePotLessTheHouse) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player p0 = join(server, "127.0.0.2", "Ana"), p1 = join(server, "127.0.0.3", "Bea"),
           p2 = join(server, "127.0.0.4", "Cid");
    std::vector<Player*> all{&p0, &p1, &p2};
    auto table = seated_table(all, "three_player", 50);
    ASSERT_EQ(table_request(*p0.client, "start", table)["type"], "ok");
    json ended = play_out(all, table);
    const int winner = ended["winner"];
    for (int s = 0; s < 3; ++s) {
        EXPECT_EQ(result_of(ended, s)["chips"], s == winner ? 85 : -50);
        EXPECT_EQ(result_of(ended, s)["xp"], s == winner ? 30 : 5);
        EXPECT_EQ(chips(*store, "wallet:" + all[s]->id), s == winner ? 1085 : 950);
    }
    EXPECT_EQ(chips(*store, "house"), 15);
}

TEST(RoomServerTest, AnAbandonerLosesTheStakeEarnsNothingAndIsCounted) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    bea.client.reset();  // gone for good
    json ended = play_out({&ana, &bea}, table, [&](const json& e) {
        if (e["type"] == "seat_status" && e["seat"] == 1 && e["status"] == "disconnected")
            server.clock().advance(std::chrono::seconds(180));  // the reclaim window runs out
    });
    EXPECT_EQ(ended["abandoned"], json::array({1}));
    // Bea's stake stays in the pot; Ana collects 180 whoever's side won (Bea's robot could win).
    EXPECT_EQ(result_of(ended, 1),
              (json{{"seat", 1}, {"chips", -100}, {"xp", 0}, {"rating", nullptr}, {"why", "abandoned"}}));
    EXPECT_EQ(result_of(ended, 0)["chips"], 80);
    EXPECT_EQ(result_of(ended, 0)["xp"], ended["winner"] == 0 ? 20 : 5);
    EXPECT_EQ(result_of(ended, 0)["rating"], nullptr);  // a robot played a seat to the end
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 900);
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1080);
    EXPECT_EQ(store->progress(bea.id), (store::Progress{0, 1, 0, 1}));
    json profile = ana.client->request({{"type", "profile"}, {"player", bea.id}});
    EXPECT_EQ(profile["abandons"], 1);
}

TEST(RoomServerTest, LeaderboardsRankByXpAndByRatingOverAllTimeAndThisWeek) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 10);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, &bea}, table);
    const int winner = ended["winner"];
    const auto& first = winner == 0 ? ana : bea;
    const auto& second = winner == 0 ? bea : ana;
    json xp = ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}});
    ASSERT_EQ(xp["type"], "ok") << xp;
    ASSERT_EQ(xp["rows"].size(), 2u);
    EXPECT_EQ(xp["rows"][0], (json{{"rank", 1},
                                   {"player", first.id},
                                   {"name", winner == 0 ? "Ana" : "Bea"},
                                   {"value", 20},
                                   {"games", 1},
                                   {"level", 1}}));
    EXPECT_EQ(xp["rows"][1]["player"], second.id);
    EXPECT_EQ(xp["rows"][1]["value"], 5);
    EXPECT_EQ(xp["next"], nullptr);
    json week = ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}, {"period", "week"}});
    EXPECT_EQ(week["rows"].size(), 2u);
    server.clock().advance(std::chrono::hours(24 * 8));  // a week later, nobody played
    week = ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}, {"period", "week"}});
    EXPECT_TRUE(week["rows"].empty());
    json rating =
        ana.client->request({{"type", "leaderboard"}, {"kind", "rating"}, {"variant", "decouverte"}, {"page", 0}});
    ASSERT_EQ(rating["rows"].size(), 2u);
    const auto rated = platform::rate_match({platform::Rating{}, platform::Rating{}}, 0);
    EXPECT_EQ(rating["rows"][0]["player"], first.id);
    EXPECT_EQ(rating["rows"][0]["value"], std::lround(rated[0].rating));
    EXPECT_EQ(rating["rows"][1]["value"], std::lround(rated[1].rating));
    json profile = ana.client->request({{"type", "profile"}, {"player", first.id}});
    EXPECT_EQ(profile["ratings"]["decouverte"]["rating"], std::lround(rated[0].rating));
    EXPECT_EQ(profile["ratings"]["decouverte"]["games"], 1);
    EXPECT_EQ(profile["ratings"]["decouverte"]["provisional"], true);

    auto code = [](const json& r) { return r.value("code", ""); };
    EXPECT_EQ(code(ana.client->request({{"type", "leaderboard"}, {"kind", "rating"}})), "bad_message");
    EXPECT_EQ(code(ana.client->request({{"type", "leaderboard"}, {"kind", "chips"}})), "bad_message");
    EXPECT_EQ(code(ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}, {"page", 500}})), "bad_message");
    EXPECT_EQ(code(ana.client->request({{"type", "profile"}, {"username", "nobody"}})), "no_such_player");
    EXPECT_EQ(code(ana.client->request({{"type", "profile"}, {"username", "x"}, {"player", "p1"}})), "bad_message");
}

}  // namespace
}  // namespace belote::testing
