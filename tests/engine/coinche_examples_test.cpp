// docs/rules.md §10 Coinche examples: X4 (auction), L9 and W3 (SA/TA play), K1–K14 (scoring).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/coinche_auction.hpp"
#include "engine/coinche_scoring.hpp"
#include "engine/legal.hpp"
#include "test_cards.hpp"
#include "test_support.hpp"

namespace belote {
namespace coinche_examples_test {
using test::C;
using test::S;

using testing::has;

TEST(CoincheExamples, X4_AuctionWithContreAndSurcontre) {
    CoincheAuction auction(0, CoincheRules{});
    const Contract hearts = Contract::suit(Suit::Hearts), spades = Contract::suit(Suit::Spades);
    ASSERT_EQ(auction.to_act(), 0);
    EXPECT_FALSE(has(auction.legal(), Action::contre()));  // nothing to contre yet
    auction.apply(Action::bid(80, hearts));
    ASSERT_EQ(auction.to_act(), 1);
    auction.apply(Action::bid(90, spades));
    ASSERT_EQ(auction.to_act(), 2);
    EXPECT_TRUE(has(auction.legal(), Action::contre()));  // P2 could have contred P1's 90♠
    auction.apply(Action::pass());
    ASSERT_EQ(auction.to_act(), 3);
    EXPECT_FALSE(has(auction.legal(), Action::contre()));  // P3 is P1's partner
    auction.apply(Action::pass());
    ASSERT_EQ(auction.to_act(), 0);
    auto p0 = auction.legal();
    EXPECT_TRUE(has(p0, Action::bid(100, hearts)));
    EXPECT_FALSE(has(p0, Action::bid(90, hearts)));
    EXPECT_TRUE(has(p0, Action::bid(capot_bid_value, Contract::all_trump())));
    auction.apply(Action::bid(110, hearts));
    ASSERT_EQ(auction.to_act(), 1);
    auction.apply(Action::contre());
    ASSERT_EQ(auction.to_act(), 2);  // contracted side, after the doubler
    EXPECT_EQ(auction.legal(), (std::vector<Action>{Action::pass(), Action::surcontre()}));
    auction.apply(Action::pass());
    ASSERT_EQ(auction.to_act(), 0);  // P3, the doubler's partner, is skipped
    auction.apply(Action::surcontre());
    ASSERT_TRUE(auction.finished());
    ASSERT_FALSE(auction.thrown_in());
    EXPECT_EQ(*auction.bid(), (CoincheBid{0, 110, hearts}));
    EXPECT_EQ(auction.contre_level(), 2);
}

TEST(CoincheAuctionRules, FourPassesThrowIn_ThreePassesEnd_CapotNotDoublableEnds) {
    CoincheAuction none(0, CoincheRules{});
    for (int i = 0; i < 4; ++i) none.apply(Action::pass());
    EXPECT_TRUE(none.thrown_in());

    CoincheAuction three(2, CoincheRules{});
    three.apply(Action::pass());                              // P2
    three.apply(Action::bid(80, Contract::no_trump()));       // P3
    for (int i = 0; i < 2; ++i) three.apply(Action::pass());  // P0, P1
    EXPECT_FALSE(three.finished());
    three.apply(Action::pass());  // P2
    EXPECT_TRUE(three.finished());
    EXPECT_EQ(three.bid()->seat, 3);

    CoincheRules no_double;
    no_double.capot_doublable = false;
    CoincheAuction capot(0, no_double);
    capot.apply(Action::bid(capot_bid_value, Contract::suit(Suit::Clubs)));
    EXPECT_TRUE(capot.finished());

    CoincheAuction capot_default(0, CoincheRules{});
    capot_default.apply(Action::bid(capot_bid_value, Contract::suit(Suit::Clubs)));
    auto p1 = capot_default.legal();
    EXPECT_EQ(p1, (std::vector<Action>{Action::pass(), Action::contre()}));

    CoincheRules no_sa_ta;
    no_sa_ta.sa_ta = false;
    CoincheAuction suits_only(0, no_sa_ta);
    EXPECT_FALSE(has(suits_only.legal(), Action::bid(80, Contract::no_trump())));
    EXPECT_TRUE(has(suits_only.legal(), Action::bid(80, Contract::suit(Suit::Diamonds))));
}

TEST(CoincheExamples, L9_NoTrumpFollowSuitNoObligationToBeat) {
    Trick trick(0, 4);
    trick.add(C("KD"));
    PlayRules rules;
    EXPECT_EQ(legal_cards(S({"AD", "7D", "AS"}), trick, Contract::no_trump(), rules, true), S({"AD", "7D"}));
    EXPECT_EQ(legal_cards(S({"AS", "TC"}), trick, Contract::no_trump(), rules, true), S({"AS", "TC"}));
}

TEST(CoincheExamples, W3_AllTrumpLedSuitRanksAsTrump) {
    Trick trick(0, 4);
    for (auto c : {"TD", "9D", "JS", "AD"}) trick.add(C(c));
    EXPECT_EQ(trick.winner(Contract::all_trump()), 1);
    EXPECT_EQ(trick.points(Contract::all_trump()), 34);
}

// `takers_cards` / `defenders_cards` include the last-trick bonus, as in the §10 examples.
DealTally tally_of(int takers_cards, int defenders_cards, int takers_tricks = 5) {
    DealTally t;
    t.takers = 0;
    t.tricks = {takers_tricks, 8 - takers_tricks};
    bool capot = takers_tricks == 8 || takers_tricks == 0;
    int bonus = capot ? 100 : 10;
    t.last_trick_winner = takers_cards >= defenders_cards ? 0 : 1;
    t.card_points = {takers_cards, defenders_cards};
    t.card_points[t.last_trick_winner] -= bonus;
    return t;
}

TEST(CoincheExamples, K1_MadeScoresPointsPlusBid) {
    DealScore s = score_coinche_deal(tally_of(110, 52), {0, 100, Contract::suit(Suit::Hearts)}, 0, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Made);
    EXPECT_EQ(s.score, (std::array<int, 2>{210, 52}));
}

TEST(CoincheExamples, K3_FailedGives162PlusBid) {
    DealScore s = score_coinche_deal(tally_of(95, 67), {0, 100, Contract::suit(Suit::Hearts)}, 0, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 262}));
}

TEST(CoincheExamples, K5_FailedContre) {
    DealScore s = score_coinche_deal(tally_of(92, 70), {0, 100, Contract::suit(Suit::Hearts)}, 1, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.multiplier, 2);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 524}));
}

TEST(CoincheExamples, K7_CapotBidMade) {
    CoincheBid capot{0, capot_bid_value, Contract::suit(Suit::Spades)};
    DealTally t = tally_of(252, 0, 8);
    EXPECT_EQ(score_coinche_deal(t, capot, 0, 0, RuleOptions{}).score, (std::array<int, 2>{502, 0}));
    t.belote = {20, 0};
    EXPECT_EQ(score_coinche_deal(t, capot, 0, 0, RuleOptions{}).score, (std::array<int, 2>{522, 0}));
}

TEST(CoincheExamples, K8_CapotBidFailed) {
    CoincheBid capot{0, capot_bid_value, Contract::suit(Suit::Spades)};
    DealScore s = score_coinche_deal(tally_of(140, 22, 7), capot, 0, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 412}));
}

TEST(CoincheExamples, K9_LitigeWhenUndoubled) {
    DealTally t = tally_of(81, 81, 4);
    DealScore s = score_coinche_deal(t, {0, 80, Contract::suit(Suit::Clubs)}, 0, 0, RuleOptions{});
    EXPECT_EQ(s.outcome, DealOutcome::Litige);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 81}));
    EXPECT_EQ(s.escrow_added, 81);
    EXPECT_EQ(s.escrow_after, 81);
    // Doubled, the same tie is a failure (§4.4).
    EXPECT_EQ(score_coinche_deal(t, {0, 80, Contract::suit(Suit::Clubs)}, 1, 0, RuleOptions{}).outcome,
              DealOutcome::Failed);
    // The escrow goes to the winners of the next decisive deal.
    DealScore next =
        score_coinche_deal(tally_of(110, 52), {0, 100, Contract::suit(Suit::Hearts)}, 0, 81, RuleOptions{});
    EXPECT_EQ(next.score, (std::array<int, 2>{291, 52}));
}

TEST(CoincheExamples, K14_CapotContreMade) {
    CoincheBid capot{0, capot_bid_value, Contract::suit(Suit::Spades)};
    EXPECT_EQ(score_coinche_deal(tally_of(252, 0, 8), capot, 1, 0, RuleOptions{}).score, (std::array<int, 2>{1004, 0}));
}

TEST(CoincheScoring, EightyNeedsEightyTwoWithoutBonuses) {
    CoincheBid b80{0, 80, Contract::suit(Suit::Clubs)};
    EXPECT_EQ(score_coinche_deal(tally_of(82, 80), b80, 0, 0, RuleOptions{}).outcome, DealOutcome::Made);
    // §4.4: with reach_only and coinche_tie = fail, takers who reach 80 but tie the defenders 81-81
    // fail: defenders 162 + 80, takers nothing.
    RuleOptions reach_only;
    reach_only.coinche.success = CoincheSuccess::ReachOnly;
    reach_only.coinche.tie = CoincheTie::Fail;
    DealScore s = score_coinche_deal(tally_of(81, 81, 4), b80, 0, 0, reach_only);
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (std::array<int, 2>{0, 242}));
}

// Issue 17: the tie rules of §4.4 hold under coinche_success = reach_only too.
TEST(CoincheScoring, ReachOnlyTieIsLitigeUndoubledAndFailureDoubled) {
    CoincheBid b80{0, 80, Contract::suit(Suit::Hearts)};
    RuleOptions reach_only;
    reach_only.coinche.success = CoincheSuccess::ReachOnly;
    DealScore plain = score_coinche_deal(tally_of(81, 81, 4), b80, 0, 0, reach_only);
    EXPECT_EQ(plain.outcome, DealOutcome::Litige);
    EXPECT_EQ(plain.score, (std::array<int, 2>{0, 81}));
    EXPECT_EQ(plain.escrow_after, 81);
    DealScore contre = score_coinche_deal(tally_of(81, 81, 4), b80, 1, 0, reach_only);
    EXPECT_EQ(contre.outcome, DealOutcome::Failed);
    EXPECT_EQ(contre.score, (std::array<int, 2>{0, 2 * (162 + 80)}));
    DealScore surcontre = score_coinche_deal(tally_of(81, 81, 4), b80, 2, 0, reach_only);
    EXPECT_EQ(surcontre.outcome, DealOutcome::Failed);
    EXPECT_EQ(surcontre.score, (std::array<int, 2>{0, 4 * (162 + 80)}));
    // Reaching the bid without beating the defence is enough under reach_only (80 vs 82 on a bid of 80),
    // not under the default reach_and_beat.
    EXPECT_EQ(score_coinche_deal(tally_of(80, 82), b80, 0, 0, reach_only).score, (std::array<int, 2>{160, 82}));
    EXPECT_EQ(score_coinche_deal(tally_of(80, 82), b80, 0, 0, RuleOptions{}).score, (std::array<int, 2>{0, 242}));
}

// Issue 17: failed_contract_melds applies to Coinche (§3.4 via §4.3). Takers 100♥ make 60 + a tierce
// (20) + belote (20) = 100 against 102: failed.
TEST(CoincheScoring, FailedContractMeldsToDefendersOrKept) {
    CoincheBid b100{0, 100, Contract::suit(Suit::Hearts)};
    DealTally t = tally_of(60, 102, 3);
    t.melds = {20, 0};
    t.belote = {20, 0};
    DealScore given = score_coinche_deal(t, b100, 0, 0, RuleOptions{});
    EXPECT_EQ(given.outcome, DealOutcome::Failed);
    EXPECT_EQ(given.score, (std::array<int, 2>{20, 162 + 100 + 20}));
    RuleOptions kept;
    kept.melds.failed_contract = MeldTransfer::KeptByOwner;
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, kept).score, (std::array<int, 2>{40, 262}));
    // Contré: the defenders' multiplied part is the same; the takers' tierce stays with them.
    EXPECT_EQ(score_coinche_deal(t, b100, 1, 0, kept).score, (std::array<int, 2>{40, 2 * 262}));
    EXPECT_EQ(score_coinche_deal(t, b100, 1, 0, RuleOptions{}).score, (std::array<int, 2>{20, 2 * 262 + 20}));
}

// Issue 17: capot_melds applies to Coinche. Takers 80♥ take all 8 tricks; defenders hold a carré of
// tens (100), the best combination.
TEST(CoincheScoring, CapotMeldsToCapotSideOrKept) {
    CoincheBid b80{0, 80, Contract::suit(Suit::Hearts)};
    DealTally t = tally_of(252, 0, 8);
    t.melds = {0, 100};
    EXPECT_EQ(score_coinche_deal(t, b80, 0, 0, RuleOptions{}).score, (std::array<int, 2>{252 + 80 + 100, 0}));
    RuleOptions kept;
    kept.melds.capot = MeldTransfer::KeptByOwner;
    EXPECT_EQ(score_coinche_deal(t, b80, 0, 0, kept).score, (std::array<int, 2>{332, 100}));
    // Defenders sweep an 80♥ whose takers hold the best combination (a quarte, 50).
    DealTally swept = tally_of(0, 252, 0);
    swept.melds = {50, 0};
    EXPECT_EQ(score_coinche_deal(swept, b80, 0, 0, RuleOptions{}).score, (std::array<int, 2>{0, 252 + 80 + 50}));
    EXPECT_EQ(score_coinche_deal(swept, b80, 0, 0, kept).score, (std::array<int, 2>{50, 332}));
}

TEST(CoincheScoring, SurcontreMultiplierAndBeloteKept) {
    CoincheBid b{0, 120, Contract::suit(Suit::Hearts)};
    DealTally t = tally_of(130, 32);
    t.belote = {0, 20};
    DealScore s = score_coinche_deal(t, b, 2, 0, RuleOptions{});
    EXPECT_EQ(s.score, (std::array<int, 2>{4 * (162 + 120), 20}));
    RuleOptions three;
    three.coinche.surcontre_multiplier = 3;
    EXPECT_EQ(score_coinche_deal(t, b, 2, 0, three).score[0], 3 * (162 + 120));
}

// §4.2 coinche_bid_ranking = denomination_order: ♣ < ♦ < ♥ < ♠ < SA < TA; the same value in a higher
// denomination outbids, a capot too.
TEST(CoincheBidRanking, DenominationOrderAllowsTheSameValueHigher) {
    CoincheRules ranked;
    ranked.bid_ranking = CoincheBidRanking::DenominationOrder;
    CoincheAuction a(0, ranked);
    a.apply(Action::bid(80, Contract::suit(Suit::Hearts)));
    auto p1 = a.legal();
    for (Contract higher : {Contract::suit(Suit::Spades), Contract::no_trump(), Contract::all_trump()})
        EXPECT_TRUE(has(p1, Action::bid(80, higher)));
    for (Suit lower : {Suit::Clubs, Suit::Diamonds, Suit::Hearts})
        EXPECT_FALSE(has(p1, Action::bid(80, Contract::suit(lower))));
    EXPECT_TRUE(has(p1, Action::bid(90, Contract::suit(Suit::Clubs))));
    EXPECT_EQ(p1.size(), 1u + 3 + 6 * 8 + 6 + 1);  // pass, three 80s, 90..160 and capot ×6, contre
    a.apply(Action::bid(capot_bid_value, Contract::suit(Suit::Spades)));
    auto p2 = a.legal();
    EXPECT_EQ(p2, (std::vector<Action>{Action::pass(), Action::bid(capot_bid_value, Contract::no_trump()),
                                       Action::bid(capot_bid_value, Contract::all_trump()), Action::contre()}));
    // value_only (default): after 80♥ no 80 bid at all.
    CoincheAuction plain(0, CoincheRules{});
    plain.apply(Action::bid(80, Contract::suit(Suit::Hearts)));
    for (const Action& bid : plain.legal()) EXPECT_TRUE(bid.kind != ActionKind::Bid || bid.value > 80);
}

// §4.4 coinche_melds_count / coinche_belote_counts = false: the contract is judged without those
// points, which are still scored. 100♥: takers 90 in cards + belote 20 against 72.
TEST(CoincheScoring, BeloteAndMeldsMayNotHelpMakeTheContract) {
    CoincheBid b100{0, 100, Contract::suit(Suit::Hearts)};
    DealTally t = tally_of(90, 72);
    t.belote = {20, 0};
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, RuleOptions{}).score, (std::array<int, 2>{210, 72}));
    RuleOptions no_belote;
    no_belote.coinche.belote_counts = false;
    DealScore failed = score_coinche_deal(t, b100, 0, 0, no_belote);
    EXPECT_EQ(failed.outcome, DealOutcome::Failed);
    EXPECT_EQ(failed.score, (std::array<int, 2>{20, 262}));
    t.belote = {0, 0};
    t.melds = {20, 0};  // a tierce instead of the belote
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, RuleOptions{}).outcome, DealOutcome::Made);
    RuleOptions no_melds;
    no_melds.coinche.melds_count = false;
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, no_melds).score, (std::array<int, 2>{0, 282}));
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, no_belote).outcome, DealOutcome::Made);  // melds still count
}

// §4.5 coinche_double_scope = whole_score: the winners' combinations and belote are multiplied too.
TEST(CoincheScoring, WholeScoreMultipliesCombinationsAndBelote) {
    CoincheBid b100{0, 100, Contract::suit(Suit::Hearts)};
    DealTally t = tally_of(110, 52);
    t.melds = {50, 0};
    t.belote = {20, 0};
    EXPECT_EQ(score_coinche_deal(t, b100, 1, 0, RuleOptions{}).score, (std::array<int, 2>{2 * 262 + 70, 0}));
    RuleOptions whole;
    whole.coinche.double_scope = CoincheDoubleScope::WholeScore;
    EXPECT_EQ(score_coinche_deal(t, b100, 1, 0, whole).score, (std::array<int, 2>{2 * (262 + 70), 0}));
    EXPECT_EQ(score_coinche_deal(t, b100, 2, 0, whole).score, (std::array<int, 2>{4 * (262 + 70), 0}));
    EXPECT_EQ(score_coinche_deal(t, b100, 0, 0, whole).score, (std::array<int, 2>{110 + 70 + 100, 52}));  // m = 1
}

// §2.7 litige_escrow_includes_belote = false in Coinche: 80♣, 71 + belote 20 = 91 against 91.
TEST(CoincheScoring, LitigeEscrowWithoutTheBelote) {
    CoincheBid b80{0, 80, Contract::suit(Suit::Clubs)};
    DealTally t = tally_of(71, 91, 4);
    t.belote = {20, 0};
    DealScore with = score_coinche_deal(t, b80, 0, 0, RuleOptions{});
    EXPECT_EQ(with.outcome, DealOutcome::Litige);
    EXPECT_EQ(with.score, (std::array<int, 2>{0, 91}));
    EXPECT_EQ(with.escrow_added, 91);
    RuleOptions without;
    without.litige_escrow_includes_belote = false;
    DealScore s = score_coinche_deal(t, b80, 0, 0, without);
    EXPECT_EQ(s.score, (std::array<int, 2>{20, 91}));
    EXPECT_EQ(s.escrow_added, 71);
}

}  // namespace coinche_examples_test
}  // namespace belote
