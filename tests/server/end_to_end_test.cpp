// THE end-to-end test: the real belote-server binary as a child process, two humans (seats 0 and
// 2) over real WebSockets and two robots (seats 1 and 3) play a whole match to 1000; and a
// three_player table (docs/rules.md §7) of one human and two robots plays a match to 301. Checks the
// score arithmetic, the event versions and that no client ever learns a card of another hand.

#include <gtest/gtest.h>

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include "engine/card.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/server_process.hpp"

namespace belote::testing {
namespace end_to_end_test {

/// Every card string anywhere in a message.
void collect_cards(const json& j, std::vector<Card>& out) {
    if (j.is_string()) {
        if (auto c = parse_card(j.get<std::string>())) out.push_back(*c);
    } else if (j.is_structured()) {
        for (const auto& item : j) collect_cards(item, out);
    }
}

CardSet card_set(const json& list) {
    CardSet set;
    for (const auto& c : list) set.insert(*parse_card(c.get<std::string>()));
    return set;
}

/// Everything one human client received, in order, after its setup requests.
struct Transcript {
    int seat = 0;
    std::vector<json> messages;
};

/// Plays `seat` until match_ended: at each own `turn`, sends the first legal action.
Transcript play(GameClient& client, const std::string& table, int seat) {
    Transcript t{seat, {}};
    for (;;) {
        json m = client.next();
        t.messages.push_back(m);
        if (m["type"] == "error") ADD_FAILURE() << "error reply: " << m;
        if (m["type"] == "match_ended") return t;
        if (m["type"] == "turn" && m["seat"] == seat && m.contains("legal")) {
            json action = m["legal"].at(0);
            action["table"] = table;
            action["id"] = static_cast<int>(t.messages.size());
            client.send(action);
        }
    }
}

/// Checks one client's transcript; fills `hands` with its 8-card hand of each deal (by deal number).
/// `sides`: 2 (two teams) or 3 (three players, each for himself); `target`: the match's.
void check_transcript(const Transcript& t, std::map<int, CardSet>& hands, int sides = 2, int target = 1000) {
    SCOPED_TRACE("seat " + std::to_string(t.seat));
    std::optional<std::uint64_t> last_v;
    std::vector<int> score_sum(static_cast<std::size_t>(sides), 0);
    bool ended = false;
    int deal = 0;
    CardSet known_hand;  // this client's cards this deal, as the server told it
    CardSet revealed;    // public cards this deal: the turn-up and every card played
    CardSet played_by_me;
    CardSet played;  // every card played this deal
    std::set<int> dealt_numbers;

    for (const json& m : t.messages) {
        const std::string type = m["type"];
        if (type == "ok") continue;
        ASSERT_NE(type, "error") << m;
        ASSERT_FALSE(ended) << "message after match_ended: " << m;

        // Versions: every event after the snapshot is exactly +1.
        if (type == "snapshot") {
            if (last_v) {
                EXPECT_GE(m["v"].get<std::uint64_t>(), *last_v) << m;
            }
            last_v = m["v"].get<std::uint64_t>();
        } else {
            ASSERT_TRUE(last_v) << "event before the snapshot: " << m;
            EXPECT_EQ(m["v"].get<std::uint64_t>(), *last_v + 1) << m;
            last_v = m["v"].get<std::uint64_t>();
        }

        // What this client was told about its own hand (verified against its plays below).
        if (type == "deal_started") {
            deal = m["deal"];
            EXPECT_TRUE(dealt_numbers.insert(deal).second);
            known_hand = card_set(m.at("hand"));
            EXPECT_EQ(known_hand.size(), 5);
            EXPECT_EQ(m["hand_sizes"][t.seat], 5);
            revealed = CardSet{*parse_card(m["turn_up"].get<std::string>())};
            played_by_me = CardSet{};
            played = CardSet{};
        }
        if (type == "contract") {
            CardSet full = card_set(m.at("hand"));
            EXPECT_EQ(full.size(), 8);
            EXPECT_EQ(full & known_hand, known_hand) << "the 5 first cards are kept";
            known_hand = full;
            hands[deal] = full;
        }
        if (type == "card_played") {
            Card c = *parse_card(m["card"].get<std::string>());
            EXPECT_FALSE(played.contains(c)) << "card played twice: " << m;
            played.insert(c);
            revealed.insert(c);
            if (m["seat"] == t.seat) played_by_me.insert(c);
        }
        // "hand" and "legal" only where docs/protocol.md puts them for this recipient.
        if (m.contains("hand")) {
            EXPECT_TRUE(type == "deal_started" || type == "contract") << m;
        }
        if (m.contains("legal")) {
            EXPECT_TRUE(type == "turn" && m["seat"] == t.seat) << m;
        }
        if (type == "turn" && m["seat"] == t.seat) {
            EXPECT_TRUE(m.contains("legal")) << m;
        }

        // Secrecy: any card in the message is this client's own or already public.
        std::vector<Card> cards;
        collect_cards(m, cards);
        for (Card c : cards)
            EXPECT_TRUE(known_hand.contains(c) || revealed.contains(c))
                << "seat " << t.seat << " was sent " << to_string(c) << " before it was public: " << m;
        if (type == "turn" && m.contains("legal")) {
            for (const auto& a : m["legal"]) {
                if (!a.contains("card")) continue;
                Card c = *parse_card(a["card"].get<std::string>());
                EXPECT_TRUE(known_hand.contains(c) && !played_by_me.contains(c)) << m;
            }
        }

        if (type == "deal_scored") {
            // The hand the server told this client is exactly the cards this seat then played.
            EXPECT_EQ(played_by_me, known_hand) << "deal " << deal;
            ASSERT_EQ(m["score"]["score"].size(), score_sum.size()) << m;
            for (int side = 0; side < sides; ++side) score_sum[side] += m["score"]["score"][side].get<int>();
            EXPECT_EQ(m["totals"], json(score_sum)) << m;
        }
        if (type == "match_ended") {
            ended = true;
            EXPECT_EQ(m["totals"], json(score_sum)) << m;
            // §8: the winner reached the target with the strictly highest total.
            const int best = static_cast<int>(std::max_element(score_sum.begin(), score_sum.end()) - score_sum.begin());
            EXPECT_GE(score_sum[best], target);
            EXPECT_EQ(std::count(score_sum.begin(), score_sum.end(), score_sum[best]), 1);
            EXPECT_EQ(m["winner"], best);
        }
    }
    EXPECT_TRUE(ended);
}

TEST(EndToEndTest, TwoHumansAndTwoRobotsPlayAWholeMatchOnTheRealBinary) {
    TempDir data("e2e");
    ServerProcess server(data.path(), {"--robot-delay-ms", "0", "--log-level", "info"});
    ASSERT_NE(server.port(), 0);

    GameClient ana(server.port(), 20s), bo(server.port(), 20s);
    ASSERT_EQ(ana.hello("Ana")["type"], "ok");
    ASSERT_EQ(bo.hello("Bo")["type"], "ok");
    json created = ana.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 1000}});
    ASSERT_EQ(created["type"], "ok") << created;
    const std::string table = created["table"];
    ASSERT_EQ(ana.request({{"type", "sit"}, {"table", table}, {"seat", 0}})["type"], "ok");
    ASSERT_EQ(bo.request({{"type", "sit"}, {"table", table}, {"seat", 2}})["type"], "ok");
    ASSERT_EQ(ana.request({{"type", "add_robot"}, {"table", table}, {"seat", 1}})["type"], "ok");
    ASSERT_EQ(ana.request({{"type", "add_robot"}, {"table", table}, {"seat", 3}})["type"], "ok");  // the chief

    // Each client's transcript starts with what request() buffered (its snapshot, seat changes).
    auto run = [&](GameClient& client, int seat, bool starts) {
        std::vector<json> early;
        auto take_pending = [&] {
            for (auto& m : client.pending()) early.push_back(std::move(m).take_body());
            client.pending().clear();
        };
        take_pending();
        if (starts) {
            json r = client.request({{"type", "start"}, {"table", table}});
            EXPECT_EQ(r["type"], "ok") << r;
            take_pending();
        }
        Transcript t = play(client, table, seat);
        t.messages.insert(t.messages.begin(), early.begin(), early.end());
        return t;
    };
    auto bo_future = std::async(std::launch::async, [&] { return run(bo, 2, false); });
    Transcript ana_t = run(ana, 0, true);
    Transcript bo_t = bo_future.get();

    std::map<int, CardSet> ana_hands, bo_hands;
    check_transcript(ana_t, ana_hands);
    check_transcript(bo_t, bo_hands);
    ASSERT_FALSE(ana_hands.empty());
    EXPECT_EQ(ana_hands.size(), bo_hands.size());
    for (const auto& [deal, hand] : ana_hands) {
        ASSERT_TRUE(bo_hands.count(deal));
        EXPECT_TRUE((hand & bo_hands[deal]).empty()) << "deal " << deal;
    }
    EXPECT_EQ(ana_t.messages.back(), bo_t.messages.back());  // the same match_ended
    if (HasFailure()) ADD_FAILURE() << "server output:\n" << server.output().substr(0, 20000);
}

TEST(EndToEndTest, OneHumanAndTwoRobotsPlayAThreePlayerMatchOnTheRealBinary) {
    TempDir data("e2e-three");
    ServerProcess server(data.path(), {"--robot-delay-ms", "0", "--log-level", "info"});
    ASSERT_NE(server.port(), 0);

    GameClient ana(server.port(), 20s);
    ASSERT_EQ(ana.hello("Ana")["type"], "ok");
    json created = ana.request({{"type", "create_table"}, {"variant", "three_player"}, {"target", 301}});
    ASSERT_EQ(created["type"], "ok") << created;
    const std::string table = created["table"];
    json refused = ana.request({{"type", "sit"}, {"table", table}, {"seat", 3}});
    EXPECT_EQ(refused["code"], "bad_seat") << refused;
    EXPECT_EQ(refused["message"], "seat must be 0..2");
    ASSERT_EQ(ana.request({{"type", "sit"}, {"table", table}, {"seat", 1}})["type"], "ok");
    ASSERT_EQ(ana.request({{"type", "add_robot"}, {"table", table}, {"seat", 0}, {"level", "expert"}})["type"], "ok");
    ASSERT_EQ(ana.request({{"type", "add_robot"}, {"table", table}, {"seat", 2}})["type"], "ok");

    // The lobby lists three seats, all taken.
    json listed = ana.request({{"type", "list_tables"}, {"variant", "three_player"}});
    ASSERT_EQ(listed["tables"].size(), 1u) << listed;
    EXPECT_EQ(listed["tables"][0]["seats"],
              json::parse(R"([{"seat":0,"player":{"name":"Robot 0","robot":true,"level":"expert"}},
                              {"seat":1,"player":{"name":"Ana","robot":false}},
                              {"seat":2,"player":{"name":"Robot 2","robot":true,"level":"easy"}}])"));
    EXPECT_EQ(ana.request({{"type", "list_tables"}, {"free_seats", 1}})["tables"], json::array());

    std::vector<json> early;
    for (auto& m : ana.pending()) early.push_back(std::move(m).take_body());
    ana.pending().clear();
    ASSERT_FALSE(early.empty());
    const json& snapshot = early.front();
    ASSERT_EQ(snapshot["type"], "snapshot") << snapshot;
    EXPECT_EQ(snapshot["variant"], "three_player");
    EXPECT_EQ(snapshot["seats"].size(), 3u);
    EXPECT_EQ(snapshot["presence"].size(), 3u);
    EXPECT_EQ(snapshot["view"]["hand_sizes"], json::parse("[0,0,0]"));
    EXPECT_EQ(snapshot["view"]["totals"], json::parse("[0,0,0]"));
    EXPECT_EQ(snapshot["view"]["tricks_won"], json::parse("[0,0,0]"));
    EXPECT_EQ(snapshot["chief"], 1);

    json started = ana.request({{"type", "start"}, {"table", table}});
    ASSERT_EQ(started["type"], "ok") << started;
    for (auto& m : ana.pending()) early.push_back(std::move(m).take_body());
    ana.pending().clear();
    Transcript t = play(ana, table, 1);
    t.messages.insert(t.messages.begin(), early.begin(), early.end());

    std::map<int, CardSet> hands;
    check_transcript(t, hands, 3, 301);
    ASSERT_FALSE(hands.empty());
    // Every message of the match speaks of three seats and three players' scores; no card of the
    // short pack's missing 7s and 8s is ever dealt (three_player_deck = 24).
    for (const json& m : t.messages) {
        if (m["type"] == "match_started") {
            EXPECT_EQ(m["rules"]["three_player_deck"], 24) << m;
        }
        if (m["type"] == "deal_started") {
            EXPECT_EQ(m["hand_sizes"], json::parse("[5,5,5,0]")) << m;
            EXPECT_FALSE(m["turn_up"].is_null()) << m;
        }
        if (m["type"] == "deal_scored") {
            for (const char* field : {"card_points", "last_trick", "belote", "score"})
                EXPECT_EQ(m["score"][field].size(), 3u) << m;
        }
        if (m["type"] == "seat_status") ADD_FAILURE() << "nobody left: " << m;
    }
    for (const auto& [deal, hand] : hands)
        for (Card c : hand) EXPECT_GE(c.rank(), Rank::Nine) << "deal " << deal << ": " << to_string(c);

    // The record replays: its deals have the 24 cards in play first.
    json record = ana.request({{"type", "get_record"}, {"table", table}});
    ASSERT_EQ(record["type"], "ok") << record;
    EXPECT_EQ(record["record"]["variant"], "three_player");
    EXPECT_EQ(record["record"]["deals"][0]["deck"].size(), 32u);
    if (HasFailure()) ADD_FAILURE() << "server output:\n" << server.output().substr(0, 20000);
}

}  // namespace end_to_end_test
}  // namespace belote::testing
