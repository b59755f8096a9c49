// protocol::replay_view_json: the replay viewer's data, checked against the match it replays for
// every variant (hands, tricks, scores), and for a record that stops in the middle of a deal.

#include "protocol/replay_view.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/robot.hpp"
#include "protocol/record.hpp"

namespace belote::protocol {
namespace replay_view_test {

using nlohmann::json;

/// A robot match of `variant` to 301 from `seed`; its record, stopped after `max_actions` actions
/// (and marked cancelled) when that is fewer than the match needs.
GameRecord robot_record(Variant variant, std::uint64_t seed, std::size_t max_actions = SIZE_MAX) {
    MatchOptions options;
    options.variant = variant;
    options.target = 301;
    Match match(options, seed);
    Rng rng(seed * 7 + 1);
    match.start();
    std::vector<RecordedAction> actions;
    while (!match.finished() && actions.size() < max_actions) {
        Seat s = *match.to_act();
        Action a = robot_decide(match.view(Observer::of_seat(s)), rng);
        EXPECT_TRUE(match.apply(s, a).ok());
        actions.push_back({s, a});
    }
    GameRecord record = make_record(match, actions);
    record.cancelled = !match.finished();
    return record;
}

TEST(ReplayViewTest, EveryDealShowsItsHandsAuctionContractAndTricksAsTheReplayScoresThem) {
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
        const int seats = seat_count(v);
        const std::size_t hand = v == Variant::Decouverte ? 16 : 8;
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            SCOPED_TRACE(std::string(to_string(v)) + " seed " + std::to_string(seed));
            GameRecord record = robot_record(v, seed);
            json view = replay_view_json(record);
            // Everything `belote replay` says, with the details added.
            json plain = replay_json(record, replay(record));
            EXPECT_EQ(view["totals"], plain["totals"]);
            EXPECT_EQ(view["winner"], plain["winner"]);
            EXPECT_EQ(view["finished"], true);
            ASSERT_EQ(view["deals"].size(), plain["deals"].size());
            std::size_t plays = 0;
            for (std::size_t i = 0; i < view["deals"].size(); ++i) {
                const json& deal = view["deals"][i];
                for (const auto& [key, value] : plain["deals"][i].items()) EXPECT_EQ(deal[key], value) << key;
                ASSERT_EQ(deal["hands"].size(), static_cast<std::size_t>(seats));
                if (deal.value("thrown_in", false)) {
                    EXPECT_TRUE(deal["contract"].is_null());
                    EXPECT_TRUE(deal["tricks"].empty());
                    continue;
                }
                std::set<std::string> dealt, played;
                for (const json& h : deal["hands"]) {
                    EXPECT_EQ(h.size(), hand);
                    for (const json& c : h) dealt.insert(c.get<std::string>());
                }
                EXPECT_EQ(dealt.size(), hand * seats);
                EXPECT_EQ(deal["tricks"].size(), v == Variant::Decouverte ? 16u : 8u);
                int points = 0;
                for (const json& t : deal["tricks"]) {
                    ASSERT_EQ(t["cards"].size(), static_cast<std::size_t>(seats));
                    EXPECT_EQ(t["leader"], t["cards"][0]["seat"]);
                    for (const json& c : t["cards"]) {
                        const std::string card = c["card"];
                        EXPECT_TRUE(played.insert(card).second) << card;
                        // The card was in its player's hand when the play began.
                        const json& own = deal["hands"][c["seat"].get<int>()];
                        EXPECT_NE(std::find(own.begin(), own.end(), card), own.end()) << card;
                    }
                    points += t["points"].get<int>();
                    ++plays;
                }
                EXPECT_EQ(played, dealt);
                if (seats == 4) {
                    EXPECT_EQ(deal["contract"]["taker"].get<int>() % 2, deal["score"]["takers"]);
                }
                // The tricks' points are the deal's card points (the last trick's bonus apart).
                const json& score = deal["score"];
                int card_points = 0;
                for (int side = 0; side < seats && side < 2; ++side)
                    card_points += score["card_points"][side].get<int>();
                EXPECT_EQ(points, card_points);
            }
            EXPECT_GT(plays, 0u);
        }
    }
}

TEST(ReplayViewTest, ARecordThatStopsInADealEndsWithThatDealUnfinished) {
    GameRecord record = robot_record(Variant::Classic, 4, 20);  // the auction and some cards of deal 1
    json view = replay_view_json(record);
    EXPECT_EQ(view["cancelled"], true);
    EXPECT_EQ(view["finished"], false);
    ASSERT_GE(view["deals"].size(), 1u);
    const json& last = view["deals"].back();
    EXPECT_EQ(last["unfinished"], true);
    EXPECT_FALSE(last.contains("score"));
    EXPECT_FALSE(last.contains("totals"));
    ASSERT_FALSE(last["tricks"].empty());
    const json& trick = last["tricks"].back();
    if (trick["cards"].size() < 4) {
        EXPECT_FALSE(trick.contains("winner"));  // stopped inside the trick
        EXPECT_FALSE(trick.contains("points"));
    }
}

TEST(ReplayViewTest, AThrownInDealShowsTheCardsDealtAndTheFourPasses) {
    int thrown_in = 0;
    for (std::uint64_t seed = 1; seed <= 30 && thrown_in == 0; ++seed) {
        json view = replay_view_json(robot_record(Variant::Coinche, seed));
        for (const json& deal : view["deals"]) {
            if (!deal.value("thrown_in", false)) continue;
            ++thrown_in;
            EXPECT_TRUE(deal["turn_up"].is_null());  // coinche: no turn-up
            for (const json& h : deal["hands"]) EXPECT_EQ(h.size(), 8u);
            EXPECT_EQ(deal["auction"].size(), 4u);
            for (const json& call : deal["auction"]) EXPECT_EQ(call["call"], "pass");
        }
    }
    EXPECT_GT(thrown_in, 0);
}

}  // namespace replay_view_test
}  // namespace belote::protocol
