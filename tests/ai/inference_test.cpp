// Inference of hard constraints from a seat's view, exact uniform sampling of the consistent worlds
// (against brute-force enumeration), the deal value function (against docs/rules.md §10 examples), and
// the view fields the robots read (engine/view.hpp: tricks of the deal, the turn-up after the auction).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "ai/deal_value.hpp"
#include "ai/knowledge.hpp"
#include "ai/world_sampler.hpp"
#include "ai/world_weights.hpp"
#include "engine/match.hpp"

#include "robot_test_support.hpp"

namespace belote::ai {
namespace inference_test {

Card card(const std::string& text) { return *parse_card(text); }
using testing::cards;
Trick trick_of(Seat leader, const std::string& played) {
    Trick t(leader, 4);
    std::istringstream in(played);
    for (std::string w; in >> w;) t.add(card(w));
    return t;
}

// A play-phase view of seat 0 under `trump` with the given completed tricks.
View play_view(Suit trump, std::vector<Trick> tricks, CardSet hand) {
    View v;
    v.observer = Observer::of_seat(0);
    v.phase = Phase::Play;
    v.contract = Contract::suit(trump);
    v.taker = 0;
    v.tricks = std::move(tricks);
    v.tricks_played = static_cast<int>(v.tricks.size());
    v.trick = Trick(0, 4);
    v.hand = hand;
    for (int s = 0; s < 4; ++s) v.hand_sizes[s] = 8 - v.tricks_played;
    return v;
}

TEST(Knowledge, NotFollowingShowsAVoidAndNotTrumpingShowsNoTrumps) {
    // Spades trump. Seat 0 leads AD; seat 1 (opponent winning) discards 7C: void in diamonds and in
    // trumps. Seat 3 ruffs with 9S: void in diamonds only.
    View v = play_view(Suit::Spades, {trick_of(0, "AD 7C 8D 9S")}, cards("JS AS KS AH TH 7H 8H"));
    Knowledge k = infer_knowledge(v);
    EXPECT_EQ(k.excluded[1] & CardSet::of_suit(Suit::Diamonds), CardSet::of_suit(Suit::Diamonds));
    EXPECT_EQ(k.excluded[1] & CardSet::of_suit(Suit::Spades), CardSet::of_suit(Suit::Spades));
    EXPECT_EQ(k.excluded[3] & CardSet::of_suit(Suit::Diamonds), CardSet::of_suit(Suit::Diamonds));
    EXPECT_FALSE(k.excluded[3].contains(card("QS")));
    ASSERT_EQ(k.discards.size(), 1u);
    EXPECT_EQ(k.discards[0].seat, 1);
}

TEST(Knowledge, UndertrumpingShowsNoHigherTrump) {
    // Hearts led by seat 0, seat 1 ruffs with TS, seat 2 (void) undertrumps 7S: it holds none of the
    // trumps above the ten (J, 9, A).
    View v = play_view(Suit::Spades, {trick_of(0, "KH TS 7S QH")}, cards("AH 7H 8H 9H 7D 8D 9D"));
    Knowledge k = infer_knowledge(v);
    EXPECT_TRUE(k.excluded[2].contains(card("JS")));
    EXPECT_TRUE(k.excluded[2].contains(card("9S")));
    EXPECT_TRUE(k.excluded[2].contains(card("AS")));
    EXPECT_FALSE(k.excluded[2].contains(card("KS")));
}

TEST(Knowledge, NotOvertakingOnATrumpLeadShowsNoHigherTrump) {
    // Hearts trump, QH led: seat 1's 8H shows no J, 9, A, 10 or K of hearts; after seat 2's AH,
    // seat 3's 7H shows no J or 9 (above the ace) but says nothing of the ten.
    View v = play_view(Suit::Hearts, {trick_of(0, "QH 8H AH 7H")}, cards("JS AS KS 7C 8C 9C TC"));
    Knowledge k = infer_knowledge(v);
    for (const char* c : {"JH", "9H", "TH", "KH"}) EXPECT_TRUE(k.excluded[1].contains(card(c))) << c;
    EXPECT_TRUE(k.excluded[3].contains(card("9H")));
    EXPECT_FALSE(k.excluded[3].contains(card("TH")));
}

TEST(Knowledge, BeloteAnnouncedShowsTheOtherHonour) {
    View v = play_view(Suit::Spades, {trick_of(0, "AD 7D KS 8D")}, cards("AS 7S AH TH 7H 8H 9H"));
    v.belote_by_suit[static_cast<int>(Suit::Spades)] = 2;
    Knowledge k = infer_knowledge(v);
    EXPECT_TRUE(k.holds[2].contains(card("QS")));
    // Without the announcement the same play shows that seat 2 does not hold the queen.
    v.belote_by_suit = {};
    k = infer_knowledge(v);
    EXPECT_FALSE(k.holds[2].contains(card("QS")));
    EXPECT_TRUE(k.excluded[2].contains(card("QS")));
}

TEST(Knowledge, TheTurnUpWentToTheTaker) {
    View v = play_view(Suit::Spades, {}, cards("AS 7S AH TH 7H 8H 9H 7C"));
    v.taker = 3;
    v.deal_turn_up = card("JS");
    Knowledge k = infer_knowledge(v);
    EXPECT_TRUE(k.holds[3].contains(card("JS")));
}

// Brute force: every assignment of `unknown` to seats 1..3 with the given sizes and exclusions.
std::map<std::array<std::uint32_t, 4>, int> enumerate(const std::vector<Card>& unknown, const Knowledge& k) {
    std::map<std::array<std::uint32_t, 4>, int> worlds;
    const int n = static_cast<int>(unknown.size());
    int total = 1;
    for (int i = 0; i < n; ++i) total *= 3;
    for (int code = 0; code < total; ++code) {
        std::array<CardSet, 4> hands{k.own, k.holds[1], k.holds[2], k.holds[3]};
        int c = code;
        bool ok = true;
        for (int i = 0; i < n; ++i, c /= 3) {
            const Seat s = 1 + c % 3;
            if (k.excluded[s].contains(unknown[i])) ok = false;
            hands[s].insert(unknown[i]);
        }
        for (Seat s = 1; s < 4; ++s) ok = ok && hands[s].size() == k.hand_size[s];
        if (ok) worlds[{hands[0].bits(), hands[1].bits(), hands[2].bits(), hands[3].bits()}] = 0;
    }
    return worlds;
}

TEST(WorldSampler, CountsAndSamplesEveryConsistentWorldUniformly) {
    Knowledge k;
    k.me = 0;
    k.own = cards("JS 9S");
    k.played = CardSet::full() - cards("JS 9S AS TS KS QS 8S 7S JH 9H AH");
    k.holds[2] = cards("AH");
    k.hand_size = {2, 3, 3, 3};
    k.excluded[1] = cards("AS TS");  // e.g. shown by an earlier undertrump
    k.excluded[3] = cards("JH 9H");
    const std::vector<Card> unknown = to_vector(k.unknown());
    ASSERT_EQ(unknown.size(), 8u);
    auto worlds = enumerate(unknown, k);
    WorldSampler sampler(k);
    ASSERT_FALSE(sampler.relaxed());
    ASSERT_EQ(sampler.count(), worlds.size());
    Rng rng(3);
    const int draws = 40000;
    for (int i = 0; i < draws; ++i) {
        const World w = sampler.sample(rng);
        auto it = worlds.find({w[0].bits(), w[1].bits(), w[2].bits(), w[3].bits()});
        ASSERT_NE(it, worlds.end()) << "an inconsistent world was drawn";
        ++it->second;
    }
    // Uniform: every world's count within 5 standard deviations of draws / N (fixed seed: exact).
    const double expected = static_cast<double>(draws) / worlds.size();
    for (const auto& [world, seen] : worlds) EXPECT_NEAR(seen, expected, 5 * std::sqrt(expected));
}

TEST(WorldSampler, RelaxesContradictoryConstraints) {
    Knowledge k;
    k.me = 0;
    k.own = cards("JS");
    k.played = CardSet::full() - cards("JS 9S AS TS");
    k.hand_size = {1, 1, 1, 1};
    for (Seat s = 1; s < 4; ++s) k.excluded[s] = cards("9S");  // nobody may hold it: impossible
    WorldSampler sampler(k);
    EXPECT_TRUE(sampler.relaxed());
    EXPECT_EQ(sampler.count(), 6u);  // 3! deals once the constraint is dropped
}

TEST(WorldWeigher, ACardAPlainPlayerWouldNotHavePlayedWeighsItsWorldDown) {
    // Spades trump, seat 0 led 7H; seat 1 played KH, seat 2 8H, seat 3 AH. A plain player wins a
    // trick it cannot be sure of with its cheapest winning card, so seat 1 holding 9H too makes its KH
    // off-model; so does seat 2 holding TH (it would have won with it) under its 8H. Seat 3's AH is
    // the plain card (last to play, the richest winner); single legal cards are no evidence.
    const View v = play_view(Suit::Spades, {trick_of(0, "7H KH 8H AH")}, cards("JS AS KS QS 7C 8C 9C"));
    const Knowledge k = infer_knowledge(v);
    const CardSet me = cards("JS AS KS QS 7C 8C 9C");
    const World plain{me, cards("7S 8S 7D 8D 9D TC JC"), cards("9S TS TD JD QD QC KC"), cards("9H TH QH JH KD AD AC")};
    const World seat1_off{me, cards("7S 8S 9H 8D 9D TC JC"), cards("9S TS TD JD QD QC KC"),
                          cards("7D TH QH JH KD AD AC")};
    const World both_off{me, cards("7S 8S 9H 8D 9D TC JC"), cards("9S TS TH JD QD QC KC"),
                         cards("7D TD QH JH KD AD AC")};
    const WorldWeigher reads_play(v, k, 0.5);
    EXPECT_DOUBLE_EQ(reads_play.weight(seat1_off) / reads_play.weight(plain), 0.5);
    EXPECT_DOUBLE_EQ(reads_play.weight(both_off) / reads_play.weight(plain), 0.25);
    const WorldWeigher ignores_play(v, k);
    EXPECT_DOUBLE_EQ(ignores_play.weight(both_off), ignores_play.weight(plain));
}

TEST(DealValue, ClassicWorkedExamples) {
    DealStakes s;                                     // classic, takers team 0
    EXPECT_EQ(deal_value(s, 0, 100 - 62), 100 - 62);  // S1 made 100 / 62
    EXPECT_EQ(deal_value(s, 0, 62 - 100), -162);      // S1 reversed: failed, 0 / 162
    EXPECT_EQ(deal_value(s, 0, 252), 252);            // capot
    EXPECT_EQ(deal_value(s, 1, -252), -252);
    s.belote = {20, 0};
    EXPECT_EQ(deal_value(s, 0, 70 - 92), 20 - 162);  // S2: failed with belote, 20 / 162
    EXPECT_EQ(deal_value(s, 0, 72 - 90), 92 - 90);   // S3: belote makes the contract
    s.belote = {};
    EXPECT_EQ(deal_value(s, 1, 0), 81);  // litige: defenders score 81 now, the takers' 81 is escrowed
}

TEST(DealValue, CoincheWorkedExamples) {
    DealStakes s;
    s.variant = Variant::Coinche;
    s.bid = CoincheBid{0, 100, Contract::suit(Suit::Hearts)};
    EXPECT_EQ(deal_value(s, 0, 110 - 52), 210 - 52);  // K1
    EXPECT_EQ(deal_value(s, 0, 95 - 67), -262);       // K3 failed (95 < 100)
    s.contre_level = 1;
    EXPECT_EQ(deal_value(s, 0, 92 - 70), -524);  // K5
}

TEST(ViewForRobots, HoldsTheTricksOfTheDealAndTheTurnUp) {
    MatchOptions options;
    Match match(options, 11);
    match.start(0);
    std::vector<Trick> won;
    std::optional<Card> turn_up = match.view(Observer::spectator()).turn_up;
    ASSERT_TRUE(turn_up);
    Rng rng(1);
    // Random calls may throw the deal in; follow the turn-up of the deal being played.
    while (!match.finished() && match.history().empty() && match.view(Observer::spectator()).tricks_played < 5) {
        const Seat seat = *match.to_act();
        const View v = match.view(Observer::of_seat(seat));
        const ApplyResult r = match.apply(seat, v.legal[rng.below(v.legal.size())]);
        for (const Event& e : r.events) {
            if (auto* t = std::get_if<TrickWon>(&e)) won.push_back(t->trick);
            if (auto* d = std::get_if<DealStarted>(&e)) turn_up = d->turn_up;
        }
    }
    ASSERT_TRUE(match.history().empty());
    const View v = match.view(Observer::of_seat(1));
    ASSERT_EQ(v.tricks.size(), won.size());
    for (std::size_t i = 0; i < won.size(); ++i) {
        EXPECT_EQ(v.tricks[i].leader(), won[i].leader());
        EXPECT_EQ(v.tricks[i].cards(), won[i].cards());
    }
    EXPECT_EQ(v.deal_turn_up, turn_up);
}

}  // namespace inference_test
}  // namespace belote::ai
