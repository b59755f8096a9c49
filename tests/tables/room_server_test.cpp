// The card room through the real protocol (docs/room.md): registered players on distinct loopback
// addresses (127.0.0.2, 127.0.0.3, ...) play competitive matches with a stake; the exact chips (house
// 10%), XP, levels and counts land in the store with the match, in match_ended and in `profile`;
// a start nobody can cover is refused naming who; one IP twice, a guest, practice and a cancel move
// exactly what the rules say.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <memory>

#include "platform/rating.hpp"
#include "server/store/memory_store.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/commit_and_wait.hpp"
#include "tests/support/inspected_store.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace room_server_test {

struct Player {
    std::unique_ptr<GameClient> client;
    std::string id;
    std::string token;    ///< of its session (to come back with)
    std::string address;  ///< where it connects from
    std::string name;
};

/// A player connected from `address`: a guest, or registered as `name` when `registered`.
Player join(ClockedServer& server, const std::string& address, const std::string& name, bool registered = true) {
    Player p{std::make_unique<GameClient>(server.port(), 10s, address), "", "", address, name};
    json hello = p.client->hello(name);
    p.id = hello["player"]["id"];
    p.token = hello.value("token", "");
    if (registered) {
        json r = p.client->request({{"type", "register"}, {"username", name}, {"password", "correct horse 1"}});
        EXPECT_EQ(r["type"], "ok") << r;
        p.token = r.value("token", "");
    }
    return p;
}

/// `p` connects again from its address with its token (its seats come back); returns the hello reply.
json come_back(ClockedServer& server, Player& p) {
    p.client = std::make_unique<GameClient>(server.port(), 10s, p.address);
    return p.client->hello(p.name, p.token);
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

/// The next turn of `seat` with its legal actions on `c`; null when the match ends or is cancelled first.
json turn_for(GameClient& c, int seat) {
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) return e;
        if (e["type"] == "match_ended" || e["type"] == "match_cancelled") return nullptr;
    }
}

/// Plays every seat (its first legal action other than a pass) until the match ends (a seat whose player is null, or
/// whose client is gone, is the robot's); `seen` sees every event seat 0 gets. Returns match_ended
/// (or match_cancelled) as seat 0 saw it.
json play_out(
    std::vector<Player*> players, const std::string& table,
    const std::function<void(const json&)>& seen = [](const json&) {}) {
    auto& lead = *players[0]->client;
    for (;;) {
        json e = lead.next_event();
        if (std::getenv("BELOTE_TEST_TRACE")) std::fprintf(stderr, "lead: %s\n", e.dump().substr(0, 200).c_str());
        seen(e);
        if (e["type"] == "match_ended" || e["type"] == "match_cancelled") return e;
        if (e["type"] != "turn") continue;
        const int seat = e["seat"];
        if (seat != 0 && (!players[seat] || !players[seat]->client)) continue;
        if (seat == 0 && !e.contains("legal")) continue;  // the robot plays it
        json turn = seat == 0 ? e : turn_for(*players[seat]->client, seat);
        if (turn.is_null()) continue;  // the match ended or was cancelled first: seat 0 hears it next
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
        if (r.value("code", "") == "match_over") continue;  // cancelled meanwhile (seat 0 hears it next)
        EXPECT_EQ(r["type"], "ok") << r;
    }
}

json result_of(const json& ended, int seat) { return ended["results"][seat]; }

/// Plays a match at `table` (already started) to its end with `gone` leaving at once: its seat's reclaim
/// window runs out (the clock moves 180 s once its disconnection shows) and a robot plays it to the end.
/// `players[seat]` must be null or hold `gone`; returns match_ended as seat 0 saw it.
json play_with_abandon(ClockedServer& server, std::vector<Player*> players, const std::string& table, Player& gone) {
    int seat = -1;
    for (std::size_t s = 0; s < players.size(); ++s)
        if (players[s] == &gone) seat = static_cast<int>(s);
    gone.client.reset();
    return play_out(players, table, [&](const json& e) {
        if (e["type"] == "seat_status" && e["seat"] == seat && e["status"] == "disconnected")
            server.clock().advance(std::chrono::seconds(180));
    });
}

/// The next `n` replies `c` receives (to requests sent without waiting), by id; events read meanwhile are dropped.
std::map<std::string, json> replies(GameClient& c, std::size_t n) {
    std::map<std::string, json> out;
    while (out.size() < n) {
        json m = c.next();
        if (m.contains("id") && (m["type"] == "ok" || m["type"] == "error")) out[m["id"].get<std::string>()] = m;
    }
    return out;
}

/// `ms` (epoch ms) as the cool-down message writes it: the next whole minute, "2027-01-15 08:15 UTC".
std::string utc_minute(std::int64_t ms) {
    const std::time_t t = static_cast<std::time_t>((ms + 59'999) / 60'000 * 60);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
    return text;
}

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
    EXPECT_EQ(result_of(ended, winner), (json{{"seat", winner},
                                              {"chips", 80},
                                              {"xp", 20},
                                              {"rating", won_rating},
                                              {"why", nullptr},
                                              {"unrated", nullptr}}));
    EXPECT_EQ(result_of(ended, 1 - winner), (json{{"seat", 1 - winner},
                                                  {"chips", -100},
                                                  {"xp", 5},
                                                  {"rating", lost_rating},
                                                  {"why", nullptr},
                                                  {"unrated", nullptr}}));
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
    // A guest sits only at stake 0; then the chief raises it (the guest keeps the seat).
    auto table = seated_table({&ana, &gus}, "decouverte", 0);
    ASSERT_EQ(table_request(*ana.client, "set_options", table, {{"options", {{"stake", 1500}}}})["type"], "ok");
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
    EXPECT_EQ(
        result_of(ended, 1),
        (json{{"seat", 1}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "guest"}, {"unrated", nullptr}}));
    // Ana's XP counts, her rating does not move, and the result says why: a guest played.
    EXPECT_EQ(result_of(ended, 0), (json{{"seat", 0},
                                         {"chips", 0},
                                         {"xp", ana_won ? 20 : 5},
                                         {"rating", nullptr},
                                         {"why", nullptr},
                                         {"unrated", "guest"}}));
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
    EXPECT_EQ(
        result_of(ended, 0),
        (json{{"seat", 0}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "same_ip"}, {"unrated", nullptr}}));
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
    EXPECT_EQ(
        result_of(ended, 1),
        (json{
            {"seat", 1}, {"chips", -100}, {"xp", 0}, {"rating", nullptr}, {"why", "abandoned"}, {"unrated", nullptr}}));
    // A robot played a seat to the end: Ana's rating does not move, and her result says why.
    EXPECT_EQ(result_of(ended, 0), (json{{"seat", 0},
                                         {"chips", 80},
                                         {"xp", ended["winner"] == 0 ? 20 : 5},
                                         {"rating", nullptr},
                                         {"why", nullptr},
                                         {"unrated", "abandoned"}}));
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

// --- The tester's report on issue 13 (/tmp/review/report13.md) and the tests it found missing ---

TEST(RoomServerTest, ARobotTakeoverThatIsReclaimedInTimeCostsNothing) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    bea.client.reset();  // a lost connection: a robot plays Bea's seat
    bool away = false, back = false;
    json ended = play_out({&ana, &bea}, table, [&](const json& e) {
        if (e["type"] == "seat_status" && e["seat"] == 1 && e["status"] == "disconnected") {
            away = true;
            server.clock().advance(std::chrono::seconds(179));  // one second of the window left
        }
        // Bea comes back on Ana's turn (so that no decision of hers is pending): the seat is hers again.
        if (away && !back && e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            back = true;
            EXPECT_EQ(come_back(server, bea)["type"], "ok");
        }
    });
    ASSERT_TRUE(back);
    EXPECT_EQ(ended["abandoned"], json::array());
    const int winner = ended["winner"];
    const auto rated = platform::rate_match({platform::Rating{}, platform::Rating{}}, 0);
    EXPECT_EQ(result_of(ended, winner),
              (json{{"seat", winner},
                    {"chips", 80},
                    {"xp", 20},
                    {"rating", {{"before", 1500}, {"after", std::lround(rated[0].rating)}, {"provisional", true}}},
                    {"why", nullptr},
                    {"unrated", nullptr}}));
    EXPECT_EQ(result_of(ended, 1 - winner)["chips"], -100);
    EXPECT_EQ(result_of(ended, 1 - winner)["xp"], 5);
    EXPECT_EQ(result_of(ended, 1 - winner)["rating"]["after"], std::lround(rated[1].rating));
    EXPECT_EQ(chips(*store, "wallet:" + (winner == 1 ? bea.id : ana.id)), 1080);
    EXPECT_EQ(chips(*store, "wallet:" + (winner == 1 ? ana.id : bea.id)), 900);
    EXPECT_EQ(store->progress(bea.id), (store::Progress{winner == 1 ? 20 : 5, 1, winner == 1 ? 1 : 0, 0}));
    json profile = ana.client->request({{"type", "profile"}, {"player", bea.id}});
    EXPECT_EQ(profile["abandons"], 0);
    EXPECT_EQ(profile["ratings"]["decouverte"]["games"], 1);
}

TEST(RoomServerTest, AFriendlyCancelWithAnAbandonerPassesWithoutTheRobotAndTheAbandonerForfeits) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    bea.client.reset();
    json proposed;
    json ended = play_out({&ana, &bea}, table, [&](const json& e) {
        if (e["type"] == "seat_status" && e["seat"] == 1 && e["status"] == "disconnected")
            server.clock().advance(std::chrono::seconds(180));
        if (e["type"] == "seat_status" && e["seat"] == 1 && e["status"] == "abandoned") {
            EXPECT_EQ(table_request(*ana.client, "propose_cancel", table)["type"], "ok");
        }
        if (e["type"] == "cancel_proposed") proposed = e;
    });
    // The robot that plays the abandoned seat does not vote: Ana is the only voter, and her proposal passes.
    EXPECT_EQ(proposed["voters"], json::array({0}));
    ASSERT_EQ(ended["type"], "match_cancelled") << ended;
    EXPECT_EQ(ended["stake"], 100);
    EXPECT_EQ(ended["unmoved"], nullptr);
    EXPECT_EQ(
        ended["results"],
        json::array(
            {json{
                 {"seat", 0}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "cancelled"}, {"unrated", nullptr}},
             json{{"seat", 1},
                  {"chips", -100},
                  {"xp", 0},
                  {"rating", nullptr},
                  {"why", "abandoned"},
                  {"unrated", nullptr}}}));
    // Who played and who abandoned, as in match_ended: Bea's seat was freed, her name stays (report13b #3).
    EXPECT_EQ(ended["abandoned"], json::array({1}));
    EXPECT_EQ(ended["players"],
              (json::array({json{{"name", "Ana"}, {"robot", false}}, json{{"name", "Bea"}, {"robot", false}}})));
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 1000);  // refunded
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 900);   // forfeited to the house
    EXPECT_EQ(chips(*store, "house"), 100);
    EXPECT_EQ(chips(*store, "escrow:" + table + "-1"), 0);
    EXPECT_EQ(store->progress(ana.id), store::Progress{});
    EXPECT_EQ(store->progress(bea.id), (store::Progress{0, 0, 0, 1}));
    // Bea, back, has no vote and may not propose: a robot plays her seat to the end of the match.
    come_back(server, bea);
}

TEST(RoomServerTest, AVoterWhoAbandonsWhileTheVoteIsOpenNoLongerCountsAndMayNotPropose) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player p0 = join(server, "127.0.0.2", "Ana"), p1 = join(server, "127.0.0.3", "Bea"),
           p2 = join(server, "127.0.0.4", "Cid"), p3 = join(server, "127.0.0.5", "Dan");
    std::vector<Player*> all{&p0, &p1, &p2, &p3};
    auto table = seated_table(all, "classic", 100);
    ASSERT_EQ(table_request(*p0.client, "start", table)["type"], "ok");
    p2.client.reset();  // Cid leaves: his seat is reserved for 180 s
    json proposed;
    bool asked = false;
    json ended = play_out(all, table, [&](const json& e) {
        if (!asked && e["type"] == "seat_status" && e["seat"] == 2 && e["status"] == "disconnected") {
            asked = true;
            server.clock().advance(std::chrono::seconds(170));
            // Ana proposes while Cid may still come back: every seated human votes, Cid too.
            EXPECT_EQ(table_request(*p0.client, "propose_cancel", table)["type"], "ok");
            EXPECT_EQ(table_request(*p1.client, "vote_cancel", table, {{"accept", true}})["type"], "ok");
            EXPECT_EQ(table_request(*p3.client, "vote_cancel", table, {{"accept", true}})["type"], "ok");
            // Cid's window runs out with the vote open: his vote no longer counts, the others all said yes.
            server.clock().advance(std::chrono::seconds(10));
        }
        if (e["type"] == "cancel_proposed") proposed = e;
    });
    EXPECT_EQ(proposed["voters"], json::array({0, 1, 2, 3}));
    ASSERT_EQ(ended["type"], "match_cancelled") << ended;
    for (int s : {0, 1, 3}) {
        EXPECT_EQ(result_of(ended, s)["chips"], 0) << s;
        EXPECT_EQ(result_of(ended, s)["why"], "cancelled") << s;
        EXPECT_EQ(chips(*store, "wallet:" + all[s]->id), 1000) << s;
    }
    EXPECT_EQ(result_of(ended, 2)["chips"], -100);
    EXPECT_EQ(result_of(ended, 2)["why"], "abandoned");
    EXPECT_EQ(chips(*store, "wallet:" + p2.id), 900);
    EXPECT_EQ(chips(*store, "house"), 100);
    EXPECT_EQ(store->progress(p2.id), (store::Progress{0, 0, 0, 1}));
}

TEST(RoomServerTest, AnAbandonerBackAtTheTableHasNoVote) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player p0 = join(server, "127.0.0.2", "Ana"), p1 = join(server, "127.0.0.3", "Bea"),
           p2 = join(server, "127.0.0.4", "Cid"), p3 = join(server, "127.0.0.5", "Dan");
    std::vector<Player*> all{&p0, &p1, &p2, &p3};
    auto table = seated_table(all, "classic", 10);
    ASSERT_EQ(table_request(*p0.client, "start", table)["type"], "ok");
    p2.client.reset();
    json refused, proposed;
    bool done = false;
    play_out({&p0, &p1, nullptr, &p3}, table, [&](const json& e) {
        if (e["type"] == "seat_status" && e["seat"] == 2 && e["status"] == "disconnected")
            server.clock().advance(std::chrono::seconds(180));
        if (!done && e["type"] == "seat_status" && e["seat"] == 2 && e["status"] == "abandoned") {
            done = true;
            come_back(server, p2);  // Cid is back: a robot still plays his seat to the end
            refused = table_request(*p2.client, "propose_cancel", table);
            EXPECT_EQ(table_request(*p0.client, "propose_cancel", table)["type"], "ok");
            EXPECT_EQ(table_request(*p2.client, "vote_cancel", table, {{"accept", false}})["code"], "not_seated");
            EXPECT_EQ(table_request(*p1.client, "vote_cancel", table, {{"accept", false}})["type"], "ok");
        }
        if (e["type"] == "cancel_proposed") proposed = e;
    });
    EXPECT_EQ(refused["code"], "not_seated") << refused;
    EXPECT_EQ(refused["message"], "your seat was abandoned: a robot plays it to the end of the match");
    EXPECT_EQ(proposed["voters"], json::array({0, 1, 3}));
}

TEST(RoomServerTest, WhenEveryoneAbandonsTheRobotsFinishAndTheHouseKeepsThePot) {
    auto store = std::make_shared<store::MemoryStore>();
    auto config = ClockedServer::default_config();
    // The robots play the whole match in one burst once both seats are abandoned: more than the
    // default 256 messages may wait for Wu's connection.
    config.max_send_queue = 4096;
    ClockedServer server(config, store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    Player wu = join(server, "127.0.0.9", "Wu", false);
    auto table = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*wu.client, "watch", table)["type"], "ok");
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    ana.client.reset();
    bea.client.reset();
    int disconnected = 0;
    json ended;
    for (;;) {  // Wu watches: nobody is left to vote, the robots play both seats to the end
        json e = wu.client->next_event();
        if (e["type"] == "seat_status" && e["status"] == "disconnected" && ++disconnected == 2)
            server.clock().advance(std::chrono::seconds(180));
        if (e["type"] == "match_ended") {
            ended = e;
            break;
        }
    }
    EXPECT_EQ(ended["abandoned"], json::array({0, 1}));
    for (int s = 0; s < 2; ++s)
        EXPECT_EQ(result_of(ended, s), (json{{"seat", s},
                                             {"chips", -100},
                                             {"xp", 0},
                                             {"rating", nullptr},
                                             {"why", "abandoned"},
                                             {"unrated", nullptr}}));
    EXPECT_EQ(chips(*store, "house"), 200);
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 900);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 900);
    EXPECT_EQ(store->progress(ana.id), (store::Progress{0, 1, 0, 1}));
    EXPECT_EQ(store->progress(bea.id), (store::Progress{0, 1, 0, 1}));
}

TEST(RoomServerTest, APartnerWhoAbandonsLeavesTheWholeWinningShareToTheOtherPartner) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player p0 = join(server, "127.0.0.2", "Ana"), p1 = join(server, "127.0.0.3", "Bea"),
           p2 = join(server, "127.0.0.4", "Cid"), p3 = join(server, "127.0.0.5", "Dan");
    std::vector<Player*> all{&p0, &p1, &p2, &p3};
    auto table = seated_table(all, "classic", 100);
    ASSERT_EQ(table_request(*p0.client, "start", table)["type"], "ok");
    json ended = play_with_abandon(server, all, table, p2);  // Cid, Ana's partner, leaves for good
    EXPECT_EQ(ended["abandoned"], json::array({2}));
    const int team = ended["winner"];
    // Cid: his stake stays in the pot, no XP, an abandon.
    EXPECT_EQ(
        result_of(ended, 2),
        (json{
            {"seat", 2}, {"chips", -100}, {"xp", 0}, {"rating", nullptr}, {"why", "abandoned"}, {"unrated", nullptr}}));
    EXPECT_EQ(store->progress(p2.id), (store::Progress{0, 1, 0, 1}));
    EXPECT_EQ(chips(*store, "house"), 40);
    if (team == 0) {  // Ana collects the whole 360 of the 400 pot: +260
        EXPECT_EQ(result_of(ended, 0)["chips"], 260);
        EXPECT_EQ(result_of(ended, 0)["xp"], 20);
        EXPECT_EQ(chips(*store, "wallet:" + p0.id), 1260);
        for (int s : {1, 3}) {
            EXPECT_EQ(result_of(ended, s)["chips"], -100);
            EXPECT_EQ(result_of(ended, s)["xp"], 5);
            EXPECT_EQ(chips(*store, "wallet:" + all[s]->id), 900);
        }
    } else {  // the opponents share it as usual; Ana loses her stake and earns a loser's 5 XP
        EXPECT_EQ(result_of(ended, 0)["chips"], -100);
        EXPECT_EQ(result_of(ended, 0)["xp"], 5);
        EXPECT_EQ(chips(*store, "wallet:" + p0.id), 900);
        for (int s : {1, 3}) {
            EXPECT_EQ(result_of(ended, s)["chips"], 80);
            EXPECT_EQ(result_of(ended, s)["xp"], 20);
            EXPECT_EQ(chips(*store, "wallet:" + all[s]->id), 1080);
        }
    }
    for (int s : {0, 1, 3}) EXPECT_EQ(result_of(ended, s)["unrated"], "abandoned") << s;
}

TEST(RoomServerTest, RepeatedAbandonsCloseCompetitiveTablesForAnEscalatingTimeThatSurvivesARestart) {
    auto store = std::make_shared<store::MemoryStore>();
    auto server = std::make_unique<ClockedServer>(ClockedServer::default_config(), store);
    Player ana = join(*server, "127.0.0.2", "Ana"), bea = join(*server, "127.0.0.3", "Bea");
    // Bea (seat 0) and Ana (seat 1) at a competitive table; Ana leaves the match for good.
    auto abandon = [&](const std::string& table) {
        ASSERT_EQ(table_request(*bea.client, "start", table)["type"], "ok");
        play_with_abandon(*server, {&bea, &ana}, table, ana);
        come_back(*server, ana);
    };
    auto competitive_table = [&](int stake = 0) {
        json created = create_table(*bea.client, {{"variant", "decouverte"}, {"competitive", true}, {"stake", stake}});
        std::string table = created["table"];
        EXPECT_EQ(sit_at(*bea.client, table, 0)["type"], "ok");
        return table;
    };
    auto t1 = competitive_table();
    ASSERT_EQ(sit_at(*ana.client, t1, 1)["type"], "ok");
    abandon(t1);
    auto t2 = competitive_table();
    ASSERT_EQ(sit_at(*ana.client, t2, 1)["type"], "ok");  // one abandon: no cool-down
    abandon(t2);
    // Two abandons within 7 days: 15 minutes from the last one, at every competitive table.
    auto t3 = competitive_table(10);
    json refused = sit_at(*ana.client, t3, 1);
    EXPECT_EQ(refused["code"], "cooling_down") << refused;
    const std::int64_t until2 = server->clock().now_ms() + 15 * 60'000;
    EXPECT_EQ(refused["until"], until2);
    EXPECT_EQ(refused["message"],
              "you abandoned 2 competitive matches in 7 days: you may sit at a competitive table "
              "again from " +
                  utc_minute(until2));
    json practice = create_table(*bea.client, {{"variant", "decouverte"}, {"competitive", false}});
    EXPECT_EQ(sit_at(*ana.client, practice["table"], 0)["type"], "ok");  // practice tables stay open
    server->clock().advance(std::chrono::minutes(15));
    ASSERT_EQ(sit_at(*ana.client, t3, 1)["type"], "ok");
    abandon(t3);
    // Three: one hour. The cool-down comes from the stored abandons, so a restart keeps it.
    const std::int64_t until3 = server->clock().now_ms() + 60 * 60'000;
    server->stop();
    server = std::make_unique<ClockedServer>(ClockedServer::default_config(), store, until3 - 60 * 60'000);
    come_back(*server, ana);
    come_back(*server, bea);
    auto t4 = competitive_table();
    refused = sit_at(*ana.client, t4, 1);
    EXPECT_EQ(refused["code"], "cooling_down") << refused;
    EXPECT_EQ(refused["until"], until3);
    EXPECT_EQ(refused["message"],
              "you abandoned 3 competitive matches in 7 days: you may sit at a competitive table "
              "again from " +
                  utc_minute(until3));
    server->clock().advance(std::chrono::minutes(59));
    EXPECT_EQ(sit_at(*ana.client, t4, 1)["code"], "cooling_down");
    server->clock().advance(std::chrono::minutes(1));
    EXPECT_EQ(sit_at(*ana.client, t4, 1)["type"], "ok");
    EXPECT_EQ(store->progress(ana.id).abandons, 3);
}

TEST(RoomServerTest, AGuestMayNotSitAtACompetitiveTableWithAStake) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), gus = join(server, "127.0.0.3", "Gus", false);
    auto staked = seated_table({&ana}, "decouverte", 100);
    json refused = sit_at(*gus.client, staked, 1);
    EXPECT_EQ(refused["code"], "cannot_stake") << refused;
    EXPECT_EQ(refused["message"],
              "a guest may sit at a competitive table only when its stake is 0: sign up to play for chips");
    json practice = create_table(*ana.client, {{"variant", "decouverte"}, {"competitive", false}, {"stake", 100}});
    EXPECT_EQ(sit_at(*gus.client, practice["table"], 1)["type"], "ok");  // practice moves nothing
}

TEST(RoomServerTest, TheTableShowsWhoCannotCoverTheStakeBeforeTheStartAsSeatsAndTheStakeChange) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), gus = join(server, "127.0.0.3", "Gus", false);
    Player bea = join(server, "127.0.0.4", "Bea");
    auto table = seated_table({&ana, &gus}, "decouverte", 0);
    auto set_stake = [&](int stake) {
        ASSERT_EQ(table_request(*ana.client, "set_options", table, {{"options", {{"stake", stake}}}})["type"], "ok");
    };
    // The chief raises the stake with a guest seated: the guest stays, and the table says who cannot stake.
    set_stake(1500);
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"],
              json::parse(R"([{"seat":0,"why":"chips","chips":1000},{"seat":1,"why":"guest"}])"));
    set_stake(100);
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"], json::parse(R"([{"seat":1,"why":"guest"}])"));
    json refused = table_request(*ana.client, "start", table);
    EXPECT_EQ(refused["message"], "cannot cover the stake of 100 chips: Gus is a guest");
    ASSERT_EQ(table_request(*gus.client, "stand", table)["type"], "ok");
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"], json::array());
    ASSERT_EQ(table_request(*ana.client, "add_robot", table, {{"seat", 1}})["type"], "ok");
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"], json::parse(R"([{"seat":1,"why":"robot"}])"));
    // A snapshot says it too (here, to a spectator).
    ASSERT_EQ(table_request(*bea.client, "watch", table)["type"], "ok");
    EXPECT_EQ(event_of(*bea.client, "snapshot")["cannot_cover"], json::parse(R"([{"seat":1,"why":"robot"}])"));
    ASSERT_EQ(table_request(*ana.client, "remove_robot", table, {{"seat", 1}})["type"], "ok");
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"], json::array());
    ASSERT_EQ(sit_at(*bea.client, table, 1)["type"], "ok");  // registered, 1000 chips: she covers it
    EXPECT_EQ(event_of(*bea.client, "snapshot")["cannot_cover"], json::array());
}

// A guest who registers at the table is a registered player with his chips in the stake check at
// once, not a guest until someone re-sits or a start is tried (report13b #4).
TEST(RoomServerTest, AGuestWhoRegistersAtTheTableIsNoLongerShownAsAGuestInTheStakeCheck) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), gus = join(server, "127.0.0.3", "Gus", false);
    auto table = seated_table({&ana, &gus}, "decouverte", 0);
    json registered =
        gus.client->request({{"type", "register"}, {"username", "gus13"}, {"password", "correct horse 1"}});
    ASSERT_EQ(registered["type"], "ok") << registered;
    ASSERT_EQ(table_request(*ana.client, "set_options", table, {{"options", {{"stake", 1500}}}})["type"], "ok");
    EXPECT_EQ(event_of(*ana.client, "stake_check")["cannot_cover"],
              json::parse(R"([{"seat":0,"why":"chips","chips":1000},{"seat":1,"why":"chips","chips":1000}])"));
}

TEST(RoomServerTest, AStartRefusedForWantOfChipsShowsTheChipsTheServerJustRead) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea"),
           cid = join(server, "127.0.0.4", "Cid");
    auto first = seated_table({&ana, &bea}, "decouverte", 600);
    auto second = seated_table({&ana, &cid}, "decouverte", 600);
    EXPECT_EQ(event_of(*cid.client, "snapshot")["cannot_cover"], json::array());  // Ana had 1000 when she sat
    ASSERT_EQ(table_request(*ana.client, "start", first)["type"], "ok");
    json refused = table_request(*ana.client, "start", second);
    EXPECT_EQ(refused["message"], "cannot cover the stake of 600 chips: Ana has 400");
    EXPECT_EQ(event_of(*cid.client, "stake_check")["cannot_cover"],
              json::parse(R"([{"seat":0,"why":"chips","chips":400}])"));
}

TEST(RoomServerTest, TwoStartsAtOnceThatOneWalletCannotCoverBothAnswerCannotStakeNamingThePlayer) {
    auto store = std::make_shared<InspectedStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ja = join(server, "127.0.0.2", "jan"), ko = join(server, "127.0.0.3", "kos"),
           lu = join(server, "127.0.0.4", "lux");
    auto first = seated_table({&ja, &ko}, "decouverte", 600);
    auto second = seated_table({&ja, &lu}, "decouverte", 600);
    // Both starts read jan's 1000 chips before either is stored: the second stake overdraws the wallet.
    store->hold_commits(true);
    ja.client->send({{"type", "start"}, {"id", "a"}, {"table", first}});
    ja.client->send({{"type", "start"}, {"id", "b"}, {"table", second}});
    store->wait_held(2);
    store->hold_commits(false);
    auto answered = replies(*ja.client, 2);
    // The two tables commit on strands of their own: either start may reach the store first.
    const bool a_first = answered["a"]["type"] == "ok";
    const json& won = answered[a_first ? "a" : "b"];
    const json& lost = answered[a_first ? "b" : "a"];
    const std::string& started = a_first ? first : second;
    const std::string& undone = a_first ? second : first;
    Player& other = a_first ? lu : ko;  // the other player of the table whose start was undone
    EXPECT_EQ(won["type"], "ok") << won;
    EXPECT_EQ(lost["code"], "cannot_stake") << lost;
    EXPECT_EQ(lost["message"], "cannot cover the stake of 600 chips: jan has 400");
    EXPECT_EQ(chips(*store, "wallet:" + ja.id), 400);
    EXPECT_EQ(chips(*store, "escrow:" + started + "-1"), 1200);
    EXPECT_EQ(chips(*store, "escrow:" + undone + "-1"), -1);
    // The table whose start was undone is as it was, and usable: at a stake jan can cover, it starts.
    EXPECT_EQ(event_of(*other.client, "stake_check")["cannot_cover"],
              json::parse(R"([{"seat":0,"why":"chips","chips":400}])"));
    ASSERT_EQ(table_request(*ja.client, "set_options", undone, {{"options", {{"stake", 400}}}})["type"], "ok");
    ASSERT_EQ(table_request(*ja.client, "start", undone)["type"], "ok");
    EXPECT_EQ(event_of(*other.client, "match_started")["type"], "match_started");
    EXPECT_EQ(chips(*store, "wallet:" + ja.id), 0);
    EXPECT_EQ(chips(*store, "escrow:" + undone + "-1"), 800);
}

TEST(RoomServerTest, LevelsAreShownNextToTheNamesOfRegisteredPlayersAtTheTableAndInTheLobby) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    Player gus = join(server, "127.0.0.4", "Gus", false);
    for (const auto* p : {&ana, &bea})  // 140 XP each: level 2 (50..149)
        ASSERT_EQ(commit_and_wait(*store, {store::PostProgress{{"seed:" + p->id, p->id, "", "classic", 140, 0, 0, 0,
                                                                server.clock().now_ms()}}}),
                  std::nullopt);
    auto table = seated_table({&ana, &bea}, "decouverte", 0);
    json snapshot = event_of(*bea.client, "snapshot");
    EXPECT_EQ(snapshot["seats"][0]["player"], (json{{"name", "Ana"}, {"robot", false}, {"level", 2}}));
    EXPECT_EQ(snapshot["seats"][1]["player"], (json{{"name", "Bea"}, {"robot", false}, {"level", 2}}));
    EXPECT_EQ(event_of(*ana.client, "seat_changed", 1)["player"],
              (json{{"name", "Bea"}, {"robot", false}, {"level", 2}}));
    json lobby = gus.client->request({{"type", "list_tables"}});
    ASSERT_EQ(lobby["tables"].size(), 1u);
    EXPECT_EQ(lobby["tables"][0]["seats"][0]["player"], (json{{"name", "Ana"}, {"robot", false}, {"level", 2}}));
    json practice = create_table(*gus.client, {{"variant", "decouverte"}});
    ASSERT_EQ(sit_at(*gus.client, practice["table"], 0)["type"], "ok");
    EXPECT_EQ(event_of(*gus.client, "snapshot")["seats"][0]["player"], (json{{"name", "Gus"}, {"robot", false}}));
    // The winner's 20 XP make 160: level 3, shown at once; the loser's 145 stay level 2.
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, &bea}, table);
    const int winner = ended["winner"];
    EXPECT_EQ(event_of(*ana.client, "seat_changed", winner)["player"],
              (json{{"name", winner == 0 ? "Ana" : "Bea"}, {"robot", false}, {"level", 3}}));
}

TEST(RoomServerTest, AMatchWithARobotSeatedFromTheStartMovesNoXpSoNoneCanBeFarmed) {
    auto store = std::make_shared<store::MemoryStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana");
    auto table = seated_table({&ana}, "decouverte", 0);
    ASSERT_EQ(table_request(*ana.client, "add_robot", table, {{"seat", 1}})["type"], "ok");
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    json ended = play_out({&ana, nullptr}, table);
    EXPECT_EQ(ended["unmoved"], "robot");
    for (int s = 0; s < 2; ++s)
        EXPECT_EQ(
            result_of(ended, s),
            (json{{"seat", s}, {"chips", 0}, {"xp", 0}, {"rating", nullptr}, {"why", "robot"}, {"unrated", nullptr}}));
    EXPECT_EQ(store->progress(ana.id), store::Progress{});
    EXPECT_EQ(store->match(table + "-1")->unmoved, "robot");
    EXPECT_TRUE(ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}})["rows"].empty());
}

TEST(RoomServerTest, StartingChipsAndTheDailyTopUpThroughTheServer) {
    auto store = std::make_shared<store::MemoryStore>();
    Config config = ClockedServer::default_config();
    config.starting_chips = 500;
    config.topup_floor = 100;
    ClockedServer server(config, store);
    Player ana = join(server, "127.0.0.2", "Ana"), bea = join(server, "127.0.0.3", "Bea");
    EXPECT_EQ(chips(*store, "wallet:" + ana.id), 500);  // --starting-chips
    EXPECT_EQ(ana.client->request({{"type", "profile"}})["chips"], 500);
    // Bea loses all 500 (she abandons), then signs in again the same day: topped up to the floor.
    auto table = seated_table({&ana, &bea}, "decouverte", 500);
    ASSERT_EQ(table_request(*ana.client, "start", table)["type"], "ok");
    play_with_abandon(server, {&ana, &bea}, table, bea);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 0);
    come_back(server, bea);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 100);
    const auto day = server.clock().now_ms() / 86'400'000;
    const auto ledger = store->ledger();
    EXPECT_EQ(std::count_if(ledger.begin(), ledger.end(),
                            [&](const store::LedgerEntry& e) {
                                return e.key == "topup:" + bea.id + ":" + std::to_string(day) && e.amount == 100 &&
                                       e.from == "source:topup";
                            }),
              1);
    // She loses those 100 too: no second top-up the same day, one the next day.
    auto again = seated_table({&ana, &bea}, "decouverte", 100);
    ASSERT_EQ(table_request(*ana.client, "start", again)["type"], "ok");
    play_with_abandon(server, {&ana, &bea}, again, bea);
    come_back(server, bea);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 0);
    EXPECT_EQ(bea.client->request({{"type", "profile"}})["chips"], 0);
    server.clock().advance(std::chrono::hours(24));
    come_back(server, bea);
    EXPECT_EQ(chips(*store, "wallet:" + bea.id), 100);
    EXPECT_EQ(chips(*store, "source:topup"), -200);
    EXPECT_EQ(chips(*store, "source:start"), -1000);
}

TEST(RoomServerTest, AnXpLeaderboardTakesNoVariantAndAPeriodIsAllOrWeek) {
    ClockedServer server;
    Player ana = join(server, "127.0.0.2", "Ana");
    auto error = [&](json request) {
        request["type"] = "leaderboard";
        json r = ana.client->request(request);
        return r.value("code", "") + ": " + r.value("message", "");
    };
    EXPECT_EQ(error({{"kind", "xp"}, {"variant", "classic"}}),
              "bad_message: an XP leaderboard ranks every variant: 'variant' is for kind \"rating\" only");
    EXPECT_EQ(error({{"kind", "xp"}, {"period", nullptr}}), "bad_message: field 'period' must be \"all\" or \"week\"");
    EXPECT_EQ(error({{"kind", "rating"}, {"variant", "classic"}, {"period", nullptr}}),
              "bad_message: field 'period' must be \"all\" or \"week\"");
    EXPECT_EQ(ana.client->request({{"type", "leaderboard"}, {"kind", "xp"}, {"period", "week"}})["type"], "ok");
}

TEST(RoomServerTest, AUsernameIsOneNameWithoutRegardToCaseOrLookAlikes) {
    ClockedServer server;
    Player alice = join(server, "127.0.0.2", "alice13");
    Player watcher = join(server, "127.0.0.6", "Obs", false);
    // The same name as typed five ways: capitals, a Cyrillic a, a fullwidth a.
    for (const char* name : {"ALICE13", "alice13", "Alice13", "\u0430lice13", "\uff41lice13"}) {
        server.clock().advance(std::chrono::minutes(1));  // a login attempt per name key and minute
        json profile = watcher.client->request({{"type", "profile"}, {"username", name}});
        EXPECT_EQ(profile["player"], alice.id) << name << ": " << profile;
        GameClient other(server.port(), 10s, "127.0.0.3");
        json login =
            other.request({{"type", "login"}, {"protocol", 1}, {"username", name}, {"password", "correct horse 1"}});
        EXPECT_EQ(login["player"]["id"], alice.id) << name << ": " << login;
        GameClient guest(server.port(), 10s, "127.0.0.4");
        EXPECT_EQ(guest.hello(name)["code"], "nickname_taken") << name;
    }
    int guests = 0;
    for (const char* name : {"ALICE13", "Alice13", "\u0430lice13", "\uff41lice13"}) {
        server.clock().advance(std::chrono::minutes(1));
        GameClient guest(server.port(), 10s, "127.0.0.5");
        // A new nickname each time: the last guest's may still be held until the server sees it leave.
        ASSERT_EQ(guest.hello("someone" + std::to_string(++guests))["type"], "ok");
        json r = guest.request({{"type", "register"}, {"username", name}, {"password", "correct horse 1"}});
        EXPECT_EQ(r["code"], "username_taken") << name << ": " << r;
    }
}

TEST(RoomServerTest, ATableWhoseCreationCannotBeStoredIsRefusedAndForgottenAndTheNextOneIsCreated) {
    auto store = std::make_shared<InspectedStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    Player ana = join(server, "127.0.0.2", "Ana", false);
    // The disk fills between the server's health check and the table's write; the in-memory store
    // answers on the creating thread, inside the table directory's creation.
    store->fail_commits(true, false);
    json refused = create_table(*ana.client);
    EXPECT_EQ(refused["code"], "storage_unavailable") << refused;
    EXPECT_EQ(refused["message"], "the table could not be stored");
    store->fail_commits(false);
    EXPECT_EQ(ana.client->request({{"type", "list_tables"}})["tables"], json::array());
    json created = create_table(*ana.client);
    ASSERT_EQ(created["type"], "ok") << created;
    json listed = ana.client->request({{"type", "list_tables"}})["tables"];
    ASSERT_EQ(listed.size(), 1u) << listed;
    EXPECT_EQ(listed[0]["table"], created["table"]);
}

}  // namespace room_server_test
}  // namespace belote::testing
