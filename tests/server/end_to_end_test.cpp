// THE end-to-end test: the real belote-server binary as a child process, two humans (seats 0 and
// 2) over real WebSockets and two robots (seats 1 and 3) play a whole match to 1000. Checks the
// score arithmetic, the event versions and that no client ever learns a card of another hand.

#include <gtest/gtest.h>

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

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
namespace {

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
void check_transcript(const Transcript& t, std::map<int, CardSet>& hands) {
    SCOPED_TRACE("seat " + std::to_string(t.seat));
    std::optional<std::uint64_t> last_v;
    std::array<int, 2> score_sum{0, 0};
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
            for (int team : {0, 1}) score_sum[team] += m["score"]["score"][team].get<int>();
            EXPECT_EQ(m["totals"], json(score_sum)) << m;
        }
        if (type == "match_ended") {
            ended = true;
            EXPECT_EQ(m["totals"], json(score_sum)) << m;
            EXPECT_TRUE(score_sum[0] >= 1000 || score_sum[1] >= 1000);
            EXPECT_EQ(m["winner"], score_sum[0] > score_sum[1] ? 0 : 1);
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

}  // namespace
}  // namespace belote::testing
