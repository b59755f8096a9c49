// The levels' parameters that measurements chose (docs/robots.md, "Bidding").
#include <gtest/gtest.h>

#include "ai/levels.hpp"

namespace belote::ai {
namespace levels_test {

TEST(Levels, ClassicBiddingPlaysManyDealsOutGreedily) {
    for (Variant variant : {Variant::Classic, Variant::ClassicAnnouncements}) {
        const LevelParams hard = level_params(Level::Hard, variant, 1.0);
        const LevelParams expert = level_params(Level::Expert, variant, 1.0);
        EXPECT_EQ(hard.bid.worlds, 64);
        EXPECT_EQ(hard.bid.horizon, 0);
        EXPECT_EQ(expert.bid.worlds, 160);
        EXPECT_EQ(expert.bid.oversample, 16);
        EXPECT_EQ(expert.bid.horizon, 0);
        EXPECT_EQ(expert.bid.declarer_handicap, 0);
        EXPECT_EQ(level_params(Level::Expert, variant, 0.5).bid.worlds, 80);
    }
}

TEST(Levels, CoincheBiddingKeepsItsShortSearch) {
    const LevelParams hard = level_params(Level::Hard, Variant::Coinche, 1.0);
    const LevelParams expert = level_params(Level::Expert, Variant::Coinche, 1.0);
    EXPECT_EQ(hard.bid.worlds, 16);
    EXPECT_EQ(hard.bid.horizon, 1);
    EXPECT_EQ(expert.bid.worlds, 20);
    EXPECT_EQ(expert.bid.horizon, 2);
    EXPECT_EQ(expert.bid.declarer_handicap, 8);
}

TEST(Levels, ExpertReadsTheAuctionAndThePlayInClassicAndAtThree) {
    for (Variant variant : {Variant::Classic, Variant::ThreePlayer}) {
        const LevelParams expert = level_params(Level::Expert, variant, 1.0);
        EXPECT_EQ(expert.play.oversample, 4);
        EXPECT_DOUBLE_EQ(expert.play.off_model_play, 0.5);
    }
    EXPECT_EQ(level_params(Level::Hard, Variant::ThreePlayer, 1.0).play.oversample, 1);
    EXPECT_DOUBLE_EQ(level_params(Level::Expert, Variant::Coinche, 1.0).play.off_model_play, 1.0);
}

}  // namespace levels_test
}  // namespace belote::ai
