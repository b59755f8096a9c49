// docs/rules.md §2.6–2.7 deal scores (worked examples S1–S4, S7) and §8 match end (M1).
#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "engine/scoring.hpp"

namespace belote {
namespace scoring_test {

// A non-capot tally: `takers_cards` card points (no bonus) for team 0, the rest for team 1.
DealTally tally(int takers_cards, Team last_trick, std::array<int, 2> belote = {0, 0}) {
    DealTally t;
    t.takers = 0;
    t.card_points = {takers_cards, 152 - takers_cards};
    t.tricks = {4, 4};
    t.last_trick_winner = last_trick;
    t.belote = belote;
    return t;
}

TEST(ClassicScoring, S1Made) {
    DealScore s = score_classic_deal(tally(90, 0), 0, {});
    EXPECT_EQ(s.outcome, DealOutcome::Made);
    EXPECT_EQ(s.score, (std::array<int, 2>{100, 62}));
    EXPECT_EQ(s.last_trick, (std::array<int, 2>{10, 0}));
}

TEST(ClassicScoring, S1ReversedFails) {
    DealScore s = score_classic_deal(tally(52, 0), 0, {});  // takers 62, defenders 100
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 162}));
}

TEST(ClassicScoring, S2FailedWithBeloteKeepsBelote) {
    DealScore s = score_classic_deal(tally(70, 1, {20, 0}), 0, {});  // 70 + 20 = 90 vs 92
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{20, 162}));
}

TEST(ClassicScoring, S3BeloteMakesTheContract) {
    DealScore s = score_classic_deal(tally(72, 1, {20, 0}), 0, {});  // 72 + 20 = 92 vs 80 + 10 = 90
    EXPECT_EQ(s.outcome, DealOutcome::Made);
    EXPECT_EQ(s.score, (std::array<int, 2>{92, 90}));
}

TEST(ClassicScoring, S4CapotWithBelote) {
    DealTally t = tally(152, 0, {20, 0});
    t.tricks = {8, 0};
    DealScore s = score_classic_deal(t, 0, {});
    EXPECT_TRUE(s.capot);
    EXPECT_EQ(s.last_trick, (std::array<int, 2>{100, 0}));
    EXPECT_EQ(s.score, (std::array<int, 2>{272, 0}));
}

TEST(ClassicScoring, DefendersCapotKeepTakersBelote) {
    DealTally t = tally(0, 1, {20, 0});
    t.tricks = {0, 8};
    DealScore s = score_classic_deal(t, 0, {});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{20, 252}));
}

TEST(ClassicScoring, S7LitigeThenMadeDeal) {
    DealScore first = score_classic_deal(tally(71, 0), 0, {});  // 81 / 81
    EXPECT_EQ(first.outcome, DealOutcome::Litige);
    EXPECT_EQ(first.score, (std::array<int, 2>{0, 81}));
    EXPECT_EQ(first.escrow_after, 81);

    DealScore second = score_classic_deal(tally(100, 0), first.escrow_after, {});  // made 110 / 52
    EXPECT_EQ(second.score, (std::array<int, 2>{191, 52}));
    EXPECT_EQ(second.escrow_awarded, (std::array<int, 2>{81, 0}));
    EXPECT_EQ(second.escrow_after, 0);
}

TEST(ClassicScoring, S7LitigeThenFailedDealGoesToDefenders) {
    DealScore second = score_classic_deal(tally(60, 1), 81, {});  // failed 60 / 102
    EXPECT_EQ(second.score, (std::array<int, 2>{0, 243}));
}

TEST(ClassicScoring, RepeatedLitigesAccumulate) {
    DealScore first = score_classic_deal(tally(71, 0), 0, {});
    DealScore second = score_classic_deal(tally(61, 0, {20, 0}), first.escrow_after, {});  // 91 / 91
    EXPECT_EQ(second.outcome, DealOutcome::Litige);
    EXPECT_EQ(second.escrow_after, 81 + 91);
}

TEST(ClassicScoring, LitigeEscrowWithoutBeloteOption) {
    RuleOptions rules;
    rules.litige_escrow_includes_belote = false;
    DealScore s = score_classic_deal(tally(61, 0, {20, 0}), 0, rules);  // 71 + 20 = 91 vs 91
    EXPECT_EQ(s.outcome, DealOutcome::Litige);
    EXPECT_EQ(s.score, (std::array<int, 2>{20, 91}));
    EXPECT_EQ(s.escrow_added, 71);
}

TEST(MatchEnd, M1) {
    EXPECT_EQ(match_winner({1012, 987}, 1000), 0);
    EXPECT_EQ(match_winner({1012, 1040}, 1000), 1);
    EXPECT_EQ(match_winner({1030, 1030}, 1000), std::nullopt);
    EXPECT_EQ(match_winner({1030 + 62, 1030 + 100}, 1000), 1);
}

TEST(MatchEnd, NobodyAtTargetContinues) {
    EXPECT_EQ(match_winner({300, 200}, 301), std::nullopt);
    EXPECT_EQ(match_winner({301, 200}, 301), 0);
}

}  // namespace scoring_test
}  // namespace belote
