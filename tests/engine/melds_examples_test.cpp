// docs/rules.md §10 announcement examples (CL1): A1, A2, A4, A7, CA1.
#include <gtest/gtest.h>

#include "engine/melds.hpp"
#include "engine/scoring.hpp"
#include "test_cards.hpp"

namespace belote {
namespace melds_examples_test {
using test::S;

int total_points(const std::vector<Meld>& melds) {
    int sum = 0;
    for (const Meld& m : melds) sum += m.points;
    return sum;
}

TEST(MeldExamples, A1_CarreOfNinesBeatsQuinteAndCarriesTheTierce) {
    std::array<std::vector<Meld>, 4> melds;
    melds[0] = find_melds(S({"9S", "9H", "9D", "9C", "AC", "KC", "QC", "7D"}), MeldLongRun::Single100);
    ASSERT_EQ(melds[0].size(), 2u);
    EXPECT_EQ(melds[0][0].kind, MeldKind::Carre);
    EXPECT_EQ(melds[0][0].points, 150);
    EXPECT_EQ(melds[0][1].points, 20);
    EXPECT_EQ(melds[0][1].top, Rank::Ace);
    melds[1] = find_melds(S({"KS", "QS", "JS", "TS", "9S", "7H", "8D", "7C"}), MeldLongRun::Single100);
    ASSERT_EQ(melds[1].size(), 1u);
    EXPECT_EQ(melds[1][0].points, 100);
    MeldResolution r = resolve_melds(melds, Contract::suit(Suit::Hearts), 0, EqualMeldTiebreak::FirstInPlayOrder);
    ASSERT_TRUE(r.winner.has_value());
    EXPECT_EQ(*r.winner, 0);
    EXPECT_EQ(r.points[0], 170);
    EXPECT_EQ(r.points[1], 0);
}

TEST(MeldExamples, A2_HigherQuarteWins) {
    Contract hearts = Contract::suit(Suit::Hearts);
    auto kd = find_melds(S({"KD", "QD", "JD", "TD"}), MeldLongRun::Single100);
    auto qc = find_melds(S({"QC", "JC", "TC", "9C"}), MeldLongRun::Single100);
    ASSERT_EQ(kd.size(), 1u);
    ASSERT_EQ(qc.size(), 1u);
    EXPECT_EQ(kd[0].points, 50);
    EXPECT_GT(meld_key(kd[0], hearts), meld_key(qc[0], hearts));
    std::array<std::vector<Meld>, 4> melds{qc, kd, {}, {}};  // P0 clubs, P1 diamonds
    EXPECT_EQ(resolve_melds(melds, hearts, 0, EqualMeldTiebreak::FirstInPlayOrder).winner, std::optional<Team>(1));
}

TEST(MeldExamples, A4_EqualTiercesFirstInPlayOrderOrCancel) {
    Contract hearts = Contract::suit(Suit::Hearts);
    std::array<std::vector<Meld>, 4> melds;
    melds[1] = find_melds(S({"TC", "9C", "8C"}), MeldLongRun::Single100);
    melds[2] = find_melds(S({"TD", "9D", "8D"}), MeldLongRun::Single100);
    EXPECT_EQ(meld_key(melds[1][0], hearts), meld_key(melds[2][0], hearts));
    MeldResolution first = resolve_melds(melds, hearts, /*first_player=*/0, EqualMeldTiebreak::FirstInPlayOrder);
    EXPECT_EQ(first.winner, std::optional<Team>(1));  // P1 plays before P2 in trick 1
    EXPECT_EQ(first.points, (std::array<int, 2>{0, 20}));
    MeldResolution cancel = resolve_melds(melds, hearts, 0, EqualMeldTiebreak::Cancel);
    EXPECT_FALSE(cancel.winner.has_value());
    EXPECT_EQ(cancel.points, (std::array<int, 2>{0, 0}));
}

TEST(MeldExamples, A4b_TrumpSequenceBeatsEqualPlainSequence) {
    Contract clubs = Contract::suit(Suit::Clubs);
    auto trump = find_melds(S({"TC", "9C", "8C"}), MeldLongRun::Single100);
    auto plain = find_melds(S({"TD", "9D", "8D"}), MeldLongRun::Single100);
    EXPECT_GT(meld_key(trump[0], clubs), meld_key(plain[0], clubs));
    EXPECT_EQ(meld_key(trump[0], Contract::no_trump()), meld_key(plain[0], Contract::no_trump()));
}

TEST(MeldExamples, A7_OneCardOneCombination) {
    auto melds = find_melds(S({"JS", "JH", "JD", "JC", "KH", "QH", "TH", "9H"}), MeldLongRun::Single100);
    ASSERT_EQ(melds.size(), 1u);
    EXPECT_EQ(melds[0].kind, MeldKind::Carre);
    EXPECT_EQ(melds[0].top, Rank::Jack);
    EXPECT_EQ(total_points(melds), 200);
    // Belote (K♥+Q♥ with ♥ trump) is separate from the combinations: +20 on its own line.
    DealTally tally;
    tally.takers = 0;
    tally.card_points = {100, 52};
    tally.tricks = {6, 2};
    tally.last_trick_winner = 0;
    tally.melds = {200, 0};
    tally.belote = {20, 0};
    DealScore s = score_classic_deal(tally, 0, RuleOptions{});
    EXPECT_EQ(s.score[0], 110 + 200 + 20);
}

TEST(MeldExamples, CA1_MeldsAndBeloteCountInTheComparison) {
    DealTally tally;
    tally.takers = 0;
    tally.card_points = {76, 76};  // takers 86 with the last trick, defenders 76
    tally.tricks = {4, 4};
    tally.last_trick_winner = 0;
    tally.melds = {50, 0};
    tally.belote = {0, 20};
    DealScore s = score_classic_deal(tally, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Made);
    EXPECT_EQ(s.score, (std::array<int, 2>{136, 96}));
}

TEST(MeldScoring, FailedContractMeldsGoToDefendersOrStay) {
    DealTally tally;
    tally.takers = 0;
    tally.card_points = {50, 102};
    tally.tricks = {3, 5};
    tally.last_trick_winner = 1;
    tally.melds = {20, 0};
    DealScore s = score_classic_deal(tally, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 182}));
    RuleOptions kept;
    kept.melds.failed_contract = MeldTransfer::KeptByOwner;
    EXPECT_EQ(score_classic_deal(tally, 0, kept).score, (std::array<int, 2>{20, 162}));
}

TEST(MeldScoring, CapotTakesDefendersMeldsUnlessKept) {
    DealTally tally;
    tally.takers = 0;
    tally.card_points = {152, 0};
    tally.tricks = {8, 0};
    tally.last_trick_winner = 0;
    tally.melds = {0, 50};
    EXPECT_EQ(score_classic_deal(tally, 0, RuleOptions{}).score, (std::array<int, 2>{302, 0}));
    RuleOptions kept;
    kept.melds.capot = MeldTransfer::KeptByOwner;
    EXPECT_EQ(score_classic_deal(tally, 0, kept).score, (std::array<int, 2>{252, 50}));
}

TEST(MeldDetection, LongRunSingleOrSplit) {
    CardSet run8 = CardSet::of_suit(Suit::Spades);
    auto single = find_melds(run8, MeldLongRun::Single100);
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0].points, 100);
    EXPECT_EQ(single[0].top, Rank::Ace);
    auto split = find_melds(run8, MeldLongRun::Split);
    ASSERT_EQ(split.size(), 2u);
    EXPECT_EQ(split[0].points + split[1].points, 120);
    EXPECT_TRUE(find_melds(S({"8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"}), MeldLongRun::Single100).empty());
    // Carré-first: 8S 9S TS with a carré of 9s leaves no tierce.
    auto carre_first = find_melds(S({"9S", "9H", "9D", "9C", "8S", "TS"}), MeldLongRun::Single100);
    ASSERT_EQ(carre_first.size(), 1u);
    EXPECT_EQ(carre_first[0].kind, MeldKind::Carre);
}

}  // namespace melds_examples_test
}  // namespace belote
