// The robots at a three_player seat (docs/rules.md §7): the knowledge and the worlds of a seat at
// three (24 cards without the 7s and 8s, or 32 with 8 undealt cards that nobody sees), card play by
// the search at medium and above, and whole matches of robots at every level.

#include <gtest/gtest.h>

#include "ai/card_play.hpp"
#include "ai/knowledge.hpp"
#include "ai/robot.hpp"
#include "ai/world_sampler.hpp"
#include "engine/match.hpp"
#include "engine/robot.hpp"

namespace belote::ai {
namespace three_player_test {

MatchOptions three_player(ThreePlayerDeck deck) {
    MatchOptions options;
    options.variant = Variant::ThreePlayer;
    options.target = 301;
    options.rules.three_player.deck = deck;
    return options;
}

// Plays robots (the engine's seat filler) until `plays` cards of the first deal played are played.
Match match_in_play(const MatchOptions& options, std::uint64_t seed, int plays) {
    Match match(options, seed);
    match.start(0);
    Rng rng(seed);
    int played = 0;
    for (;;) {
        const Seat seat = *match.to_act();
        const View view = match.view(Observer::of_seat(seat));
        if (view.phase == Phase::Play && played++ == plays) return match;
        EXPECT_TRUE(match.apply(seat, robot_decide(view, rng)).ok());
    }
}

CardSet sevens_and_eights() {
    CardSet out;
    for (int su = 0; su < suit_count; ++su)
        for (Rank r : {Rank::Seven, Rank::Eight}) out.insert(Card(r, static_cast<Suit>(su)));
    return out;
}

// The real deal satisfies what the seat inferred (sound inference), and every world drawn is a deal
// of the cards the seat cannot see, consistent with it.
void expect_worlds_consistent(const Match& match, const View& view, const Knowledge& k, Rng& rng) {
    const Seat me = *view.observer.seat;
    for (Seat s = 0; s < 3; ++s) {
        EXPECT_TRUE((match.hand(s) & k.excluded[s]).empty()) << "seat " << s;
        EXPECT_EQ(match.hand(s) & k.holds[s], k.holds[s]) << "seat " << s;
    }
    const WorldSampler sampler(k);
    EXPECT_FALSE(sampler.relaxed());
    const CardSet in_play = CardSet::full() - k.out_of_play;
    for (int i = 0; i < 200; ++i) {
        const World world = sampler.sample(rng);
        CardSet dealt = k.played;
        for (Seat s = 0; s < 3; ++s) {
            EXPECT_EQ(world[s].size(), view.hand_sizes[s]) << "seat " << s;
            EXPECT_TRUE((world[s] & k.excluded[s]).empty()) << "seat " << s;
            EXPECT_TRUE((world[s] & dealt).empty()) << "seat " << s;
            dealt |= world[s];
        }
        EXPECT_EQ(world[me], view.hand);
        EXPECT_EQ(world[undealt_index].size(), k.undealt);
        EXPECT_TRUE((world[undealt_index] & dealt).empty());
        EXPECT_EQ(dealt | world[undealt_index], in_play);
    }
}

TEST(ThreePlayerWorlds, WithTwentyFourCardsTheSevensAndEightsAreNeverDealt) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Match match = match_in_play(three_player(ThreePlayerDeck::Cards24), seed, 7);  // trick 3
        const View view = match.view(Observer::of_seat(*match.to_act()));
        const Knowledge k = infer_knowledge(view);
        EXPECT_EQ(k.out_of_play, sevens_and_eights());
        EXPECT_EQ(k.undealt, 0);
        Rng rng(seed);
        expect_worlds_consistent(match, view, k, rng);
    }
}

TEST(ThreePlayerWorlds, WithThirtyTwoCardsTheEightUndealtCardsAreAmongTheUnknown) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Match match = match_in_play(three_player(ThreePlayerDeck::Cards32), seed, 10);  // trick 4
        const View view = match.view(Observer::of_seat(*match.to_act()));
        const Knowledge k = infer_knowledge(view);
        EXPECT_TRUE(k.out_of_play.empty());
        EXPECT_EQ(k.undealt, 8);
        Rng rng(seed);
        expect_worlds_consistent(match, view, k, rng);
    }
}

// At the first card of a deal the seat knows its hand and the turn-up (in the taker's hand, §7):
// the worlds are every split of the other cards, counted exactly.
TEST(ThreePlayerWorlds, AtTheFirstCardTheWorldsAreEverySplitOfTheUnseenCards) {
    int taker_elsewhere = 0, taker_here = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed)
        for (ThreePlayerDeck deck : {ThreePlayerDeck::Cards24, ThreePlayerDeck::Cards32}) {
            const Match match = match_in_play(three_player(deck), seed, 0);
            const View view = match.view(Observer::of_seat(*match.to_act()));
            const bool here = view.taker == view.observer.seat;
            const std::uint64_t expected = deck == ThreePlayerDeck::Cards24
                                               ? (here ? 12'870u /* C(16,8) */ : 6'435u /* C(15,7) */)
                                               : (here ? 9'465'511'770u /* 24!/(8!8!8!) */
                                                       : 3'155'170'590u /* 23!/(7!8!8!) */);
            EXPECT_EQ(WorldSampler(infer_knowledge(view)).count(), expected) << "seed " << seed;
            (here ? taker_here : taker_elsewhere) += 1;
        }
    EXPECT_GT(taker_here, 0);
    EXPECT_GT(taker_elsewhere, 0);
}

// The soft weights read the auction at three as at four (world_weights.hpp): resampled by them, the
// worlds of a seat that did not take give the taker more trumps than uniform worlds do.
TEST(ThreePlayerWorlds, ResampledWorldsGiveTheTakerMoreTrumpsThanUniformOnes) {
    PlayParams uniform;
    uniform.worlds = 64;
    PlayParams weighted = uniform;
    weighted.oversample = 8;
    double uniform_trumps = 0, weighted_trumps = 0;
    int worlds = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const Match match = match_in_play(three_player(ThreePlayerDeck::Cards32), seed, 0);
        const Seat taker = *match.view(Observer::spectator()).taker;
        const View view = match.view(Observer::of_seat((taker + 1) % 3));
        const Knowledge k = infer_knowledge(view);
        const CardSet trumps = CardSet::of_suit(view.contract->trump);
        Rng rng_u(seed), rng_w(seed);
        for (const World& w : draw_worlds(view, k, uniform, rng_u)) uniform_trumps += (w[taker] & trumps).size();
        for (const World& w : draw_worlds(view, k, weighted, rng_w)) weighted_trumps += (w[taker] & trumps).size();
        worlds += uniform.worlds;
    }
    uniform_trumps /= worlds;
    weighted_trumps /= worlds;
    EXPECT_GT(weighted_trumps, uniform_trumps + 0.4) << uniform_trumps << " " << weighted_trumps;
}

// Medium bids as the seat filler (the engine robot), hard and expert simulate their calls; from
// medium up the cards are searched: a match of robots at every level ends, every decision is legal,
// and the search chose other cards than the filler would have.
TEST(ThreePlayerRobots, TheSearchPlaysTheCardsTheFillerBidsAndAMatchEnds) {
    Match match(three_player(ThreePlayerDeck::Cards24), 17);
    match.start();
    const Level levels[3] = {Level::Expert, Level::Hard, Level::Medium};
    int plays = 0, other_cards = 0;
    for (int guard = 0; guard < 5000 && !match.finished(); ++guard) {
        const Seat seat = *match.to_act();
        const View view = match.view(Observer::of_seat(seat));
        const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(guard);
        RobotSettings settings;
        settings.level = levels[seat];
        settings.work_scale = 0.25;
        const Action chosen = decide(view, settings, seed);
        Rng rng(seed);
        const Action filler = view.legal.size() == 1 ? view.legal.front() : robot_decide(view, rng);
        if (view.phase == Phase::Auction) {
            if (levels[seat] == Level::Medium) {
                ASSERT_EQ(chosen, filler) << "seat " << seat;
            }
        } else {
            ++plays;
            other_cards += chosen != filler;
        }
        ASSERT_TRUE(match.apply(seat, chosen).ok()) << to_string(chosen);
    }
    EXPECT_TRUE(match.finished());
    EXPECT_EQ(match.totals().size(), 3);
    EXPECT_GT(plays, 24);
    EXPECT_GT(other_cards, plays / 10);
}

}  // namespace three_player_test
}  // namespace belote::ai
