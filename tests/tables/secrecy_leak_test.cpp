// Secrecy, checked end to end (docs/design.md invariant 2): many random matches with human seats, a
// spectator, disconnections (robot takeover), reconnections with and without a resume version.
// Every message each recipient receives is checked against what it may know at that moment:
// its own cards of the current deal and the cards made public so far — never another seat's
// hand, never a card of the deck not yet dealt. The hands given to the seats of one deal must
// also be disjoint (so a leak into a `hand` field cannot hide as "own cards").
// Plays every variant (three_player with 24 and with 32 cards).

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <set>

#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace secrecy_leak_test {

bool is_card(const json& j) {
    if (!j.is_string()) return false;
    const auto& s = j.get_ref<const std::string&>();
    return s.size() == 2 && std::string("789TJQKA").find(s[0]) != std::string::npos &&
           std::string("SHDC").find(s[1]) != std::string::npos;
}

void collect_cards(const json& j, std::set<std::string>& out) {
    if (is_card(j)) out.insert(j.get<std::string>());
    if (j.is_array() || j.is_object())
        for (const auto& item : j) collect_cards(item, out);
}

/// Everything one recipient (a seat, or the spectator) may know, updated message by message.
struct Knowledge {
    std::optional<int> seat;
    std::set<std::string> own;       ///< own cards of the current deal
    std::set<std::string> pub;       ///< public cards of the current deal
    std::set<std::string> prev_pub;  ///< public cards of the previous deal (last trick in a snapshot)
    std::string deal_key;            ///< identifies the current deal (for the disjointness check)
    int deal = -1;                   ///< current deal number
};

/// Hands given to each seat, per deal (global truth assembled from every seat's own messages).
using HandsByDeal = std::map<std::string, std::map<int, std::set<std::string>>>;

class LeakChecker {
public:
    void check(Knowledge& k, const json& m) {
        const std::string type = m.value("type", "");
        if (type == "ok" || type == "error") return;
        bool new_deal = type == "deal_started" || type == "match_started" ||
                        (type == "snapshot" && m["view"].value("deal", 0) != k.deal);
        if (new_deal) {
            k.prev_pub = std::move(k.pub);
            k.pub.clear();
            k.own.clear();
            k.deal_key.clear();
            if (type == "deal_started") {
                k.deal = m.value("deal", 0);
                k.deal_key = m.value("table", "") + "/" + std::to_string(k.deal) + "/" + m["dealer"].dump() + "/" +
                             m["turn_up"].dump();
            }
            if (type == "snapshot") k.deal = m["view"].value("deal", 0);
        }
        // Public cards this message makes known (documented public fields).
        if (m.contains("turn_up")) collect_cards(m["turn_up"], k.pub);
        if (type == "card_played" || type == "card_revealed") collect_cards(m["card"], k.pub);
        if (type == "trick_won") collect_cards(m["cards"], k.pub);
        if (type == "melds_shown" || type == "tableaux_dealt") collect_cards(m, k.pub);
        if (type == "snapshot") {
            const json& view = m["view"];
            for (const char* field : {"turn_up", "trick", "last_trick", "tricks", "tableaux", "shown_melds"})
                if (view.contains(field)) collect_cards(view[field], k.pub);
        }
        // Own cards.
        const json* hand = nullptr;
        if (m.contains("hand")) hand = &m["hand"];
        if (type == "snapshot" && m["view"].contains("hand")) hand = &m["view"]["hand"];
        // A seat's own melds name cards it held this deal, some of them played since.
        if (type == "snapshot" && k.seat && m["view"].contains("own_melds"))
            collect_cards(m["view"]["own_melds"], k.own);
        if (hand) {
            ASSERT_TRUE(k.seat) << "a spectator received a hand: " << m;
            std::set<std::string> cards;
            collect_cards(*hand, cards);
            k.own.insert(cards.begin(), cards.end());
            if (type != "snapshot" && !k.deal_key.empty()) register_hand(k, cards, m);
        }
        std::set<std::string> seen;
        collect_cards(m, seen);
        for (const auto& card : seen) {
            bool allowed = k.own.count(card) || k.pub.count(card) || (type == "snapshot" && k.prev_pub.count(card));
            ASSERT_TRUE(allowed) << "recipient " << (k.seat ? std::to_string(*k.seat) : "spectator") << " got " << card
                                 << " it may not know, in " << m;
        }
        ++checked;
    }

    std::size_t checked = 0;

private:
    void register_hand(const Knowledge& k, const std::set<std::string>& cards, const json& m) {
        auto& seats = hands_[k.deal_key];
        auto& mine = seats[*k.seat];
        mine.insert(cards.begin(), cards.end());
        for (const auto& [other, theirs] : seats) {
            if (other == *k.seat) continue;
            for (const auto& card : cards)
                ASSERT_FALSE(theirs.count(card))
                    << "seat " << *k.seat << " was given " << card << " of seat " << other << ": " << m;
        }
    }

    HandsByDeal hands_;
};

/// One random match on `variant` (with `rules`, docs/rules.md §9), every seat human.
void play_random_match(ClockedServer& server, const std::string& variant, const json& rules, std::mt19937& rng,
                       LeakChecker& checker) {
    struct Human {
        std::unique_ptr<GameClient> client;
        std::string token;
        std::uint64_t last_v = 0;
        Knowledge knowledge;
    };
    // Names of their own per match: a guest may not take the name of one still connected, and the
    // last match's clients may not be seen gone yet (docs/protocol.md "hello").
    static int matches = 0;
    const std::string tag = "m" + std::to_string(++matches);
    auto master = std::make_unique<GameClient>(server.port());
    master->hello("P0" + tag);
    json options{{"variant", variant}, {"target", 301}};
    if (!rules.empty()) options["rules"] = rules;
    json created = create_table(*master, options);
    ASSERT_EQ(created["type"], "ok") << created;
    std::string t = created["table"];
    std::vector<Human> humans(1);
    humans[0].client = std::move(master);

    GameClient spectator(server.port());
    spectator.hello("Spec" + tag);
    Knowledge spectator_knowledge;
    std::uint64_t spectator_v = 0;
    ASSERT_EQ(table_request(spectator, "watch", t)["type"], "ok");
    auto pull = [&](GameClient& c, Knowledge& k, std::uint64_t& last_v) {
        json m = c.next();
        checker.check(k, m);
        if (m.contains("v") && m.contains("table")) last_v = m["v"];
        return m;
    };

    // Seats: as many as the table has.
    ASSERT_EQ(sit_at(*humans[0].client, t, 0)["type"], "ok");
    humans[0].knowledge.seat = 0;
    json snapshot;
    do snapshot = pull(*humans[0].client, humans[0].knowledge, humans[0].last_v);
    while (snapshot["type"] != "snapshot");
    const int seats = static_cast<int>(snapshot["seats"].size());
    humans.resize(seats);
    for (int s = 1; s < seats; ++s) {
        humans[s].client = std::make_unique<GameClient>(server.port());
        humans[s].token = humans[s].client->hello("P" + std::to_string(s) + tag)["token"];
        humans[s].knowledge.seat = s;
        ASSERT_EQ(sit_at(*humans[s].client, t, s)["type"], "ok");
    }
    ASSERT_EQ(table_request(*humans[0].client, "start", t)["type"], "ok");

    auto act_from = [&](Human& h, const json& legal) {
        if (!legal.is_array() || legal.empty()) return;
        json action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        action["table"] = t;
        json reply = h.client->request(action);
        if (reply["type"] == "error") {  // a robot may have taken that decision, or ended the match (takeover race)
            EXPECT_TRUE(reply["code"] == "not_your_turn" || reply["code"] == "illegal_action" ||
                        reply["code"] == "match_over")
                << reply;
        }
    };

    constexpr int nobody = -1;
    int away = nobody;  // the seat currently disconnected (never seat 0)
    int events_since = 0, reconnect_after = 0;
    std::uint64_t final_v = 0;
    for (int guard = 0; guard < 200000; ++guard) {
        json e = pull(*humans[0].client, humans[0].knowledge, humans[0].last_v);
        const std::string type = e.value("type", "");
        if (type == "match_ended") {
            final_v = e["v"];
            break;
        }
        if (type == "turn") {
            int s = e["seat"];
            if (s == 0) {
                act_from(humans[0], e.value("legal", json::array()));
            } else if (away != s) {
                Human& h = humans[s];
                std::uint64_t target = e["v"];
                while (h.last_v < target) {
                    json m = pull(*h.client, h.knowledge, h.last_v);
                    if (!m.contains("v")) continue;
                    if (m["type"] == "turn" && m["v"] == target && m.contains("legal")) act_from(h, m["legal"]);
                    if (m["type"] == "snapshot" && m["view"]["to_act"] == s) act_from(h, m["view"]["legal"]);
                }
            }
        }
        // Disconnect and reconnect a random non-master seat now and then.
        ++events_since;
        if (away == nobody && seats > 1 && std::uniform_int_distribution<int>(0, 60)(rng) == 0) {
            away = std::uniform_int_distribution<int>(1, seats - 1)(rng);
            humans[away].client.reset();
            events_since = 0;
            reconnect_after = std::uniform_int_distribution<int>(3, 40)(rng);
        } else if (away != nobody && events_since >= reconnect_after) {
            Human& h = humans[away];
            h.client = std::make_unique<GameClient>(server.port());
            json hello{{"type", "hello"}, {"protocol", 1}, {"nickname", "P"}, {"token", h.token}};
            if (std::uniform_int_distribution<int>(0, 1)(rng)) hello["resume"] = {{t, h.last_v}};
            ASSERT_EQ(h.client->request(hello)["type"], "ok");
            away = nobody;
        }
        if (guard % 50 == 0)  // keep the spectator's backlog small
            while (spectator_v < humans[0].last_v) pull(spectator, spectator_knowledge, spectator_v);
    }
    ASSERT_GT(final_v, 0u) << "the match did not end";
    while (spectator_v < final_v) pull(spectator, spectator_knowledge, spectator_v);
    for (int s = 1; s < seats; ++s)
        if (humans[s].client)
            while (humans[s].last_v < final_v) pull(*humans[s].client, humans[s].knowledge, humans[s].last_v);
}

TEST(SecrecyLeakTest, RandomMatchesWithSpectatorsDisconnectionsAndReconnections) {
    ClockedServer server;
    LeakChecker checker;
    std::mt19937 rng(20261130);
    // Every variant; three_player also with the whole pack, whose 8 undealt cards nobody may see (§7).
    const std::vector<std::pair<std::string, json>> tables{
        {"classic", json::object()},      {"classic_announcements", json::object()},
        {"coinche", json::object()},      {"decouverte", json::object()},
        {"three_player", json::object()}, {"three_player", {{"three_player_deck", 32}}}};
    for (const auto& [variant, rules] : tables) {
        for (int match = 0; match < 6; ++match) {
            SCOPED_TRACE(variant + " " + rules.dump() + " match " + std::to_string(match));
            play_random_match(server, variant, rules, rng, checker);
            if (HasFatalFailure()) return;
        }
    }
    EXPECT_GT(checker.checked, 1000u);
}

}  // namespace secrecy_leak_test
}  // namespace belote::testing
