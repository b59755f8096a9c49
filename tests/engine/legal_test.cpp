// docs/rules.md §1.5 legal-move sets: worked examples L1–L7 and each §9 play option in both settings.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/legal.hpp"
#include "test_support.hpp"

namespace belote {
namespace legal_test {
using testing::card;
using testing::cards;

Trick trick_of(Seat leader, const std::string& played) {
    Trick trick(leader, 4);
    std::istringstream in(played);
    for (std::string word; in >> word;) trick.add(card(word));
    return trick;
}

CardSet legal(const std::string& hand, const std::string& played, Suit trump, PlayRules rules = {}) {
    return legal_cards(cards(hand), trick_of(0, played), Contract::suit(trump), rules, true);
}

TEST(LegalCards, AnyCardMayBeLed) { EXPECT_EQ(legal("JH QH AS 7C", "", Suit::Hearts), cards("JH QH AS 7C")); }

TEST(LegalCards, L1MustOvertakeOnTrumpLead) { EXPECT_EQ(legal("JH QH AS 7C", "9H", Suit::Hearts), cards("JH")); }

TEST(LegalCards, L1TrickWinnerAndPoints) {
    Trick trick = trick_of(0, "9H JH 8H 7H");
    EXPECT_EQ(trick.winner(Contract::suit(Suit::Hearts)), 1);
    EXPECT_EQ(trick.points(Contract::suit(Suit::Hearts)), 34);
}

TEST(LegalCards, L2MustOvertrumpAnOpponent) { EXPECT_EQ(legal("JS 8S AC TH", "AD TS", Suit::Spades), cards("JS")); }

TEST(LegalCards, L3MustUndertrumpWhenUnableToOvertrump) {
    EXPECT_EQ(legal("QS 8S AC TH", "AD TS", Suit::Spades), cards("QS 8S"));
}

TEST(LegalCards, L3WithoutUndertrumpObligationAnyCard) {
    PlayRules rules;
    rules.must_undertrump = false;
    EXPECT_EQ(legal("QS 8S AC TH", "AD TS", Suit::Spades, rules), cards("QS 8S AC TH"));
}

TEST(LegalCards, L4PartnerWinningExemptsFromTrumping) {
    EXPECT_EQ(legal("9S 7S KC TH", "AD 8D", Suit::Spades), cards("9S 7S KC TH"));
}

TEST(LegalCards, L4WithoutPartnerExemptionMustTrump) {
    PlayRules rules;
    rules.partner_winning_exemption = false;
    EXPECT_EQ(legal("9S 7S KC TH", "AD 8D", Suit::Spades, rules), cards("9S 7S"));
}

TEST(LegalCards, L6aTrumpLedPartnerWinningMustStillFollowTrump) {
    EXPECT_EQ(legal("9S 8S AH", "JS 7S", Suit::Spades), cards("9S 8S"));
}

TEST(LegalCards, L6bMustOvertakeEvenThePartner) { EXPECT_EQ(legal("9S KS AD", "TS 7S", Suit::Spades), cards("9S")); }

TEST(LegalCards, L6bWithoutOvertakingPartnerAnyTrump) {
    PlayRules rules;
    rules.trump_lead_overtake_partner = false;
    EXPECT_EQ(legal("9S KS AD", "TS 7S", Suit::Spades, rules), cards("9S KS"));
}

TEST(LegalCards, TrumpLedOpponentWinningMustOvertakeWhateverTheOption) {
    PlayRules rules;
    rules.trump_lead_overtake_partner = false;
    // P0 leads 7S and P1, an opponent of P2, wins with TS: the option only concerns a winning partner.
    EXPECT_EQ(legal("9S KS AD", "7S TS", Suit::Spades, rules), cards("9S"));
}

TEST(LegalCards, L7MustFollowNeedNotBeatMayNotRuff) {
    EXPECT_EQ(legal("AC 7C 9H", "TC", Suit::Hearts), cards("AC 7C"));
}

TEST(LegalCards, VoidInTrumpLedDiscardsFreely) { EXPECT_EQ(legal("AC 7D KH", "JS", Suit::Spades), cards("AC 7D KH")); }

TEST(LegalCards, VoidWithoutTrumpsDiscardsFreely) {
    EXPECT_EQ(legal("AC 7C KH", "AD TD", Suit::Spades), cards("AC 7C KH"));
}

TEST(LegalCards, MustTrumpWhenOpponentWinsWithPlainCard) {
    EXPECT_EQ(legal("7S KS AC", "7D AD", Suit::Spades), cards("7S KS"));
}

// Partner (seat 1 of the trick = P1) ruffed with KS; P3 is void in diamonds.
TEST(LegalCards, PartnerWinningWithTrumpRestrictionNoneAllowsAnyCard) {
    Trick trick = trick_of(0, "7D KS 8D");
    EXPECT_EQ(legal_cards(cards("QS AS 7C"), trick, Contract::suit(Suit::Spades), {}, true), cards("QS AS 7C"));
}

TEST(LegalCards, NoUndertrumpIfCanOvertrump) {
    PlayRules rules;
    rules.partner_winning_trump_restriction = PartnerWinningTrumpRestriction::NoUndertrumpIfCanOvertrump;
    Trick trick = trick_of(0, "7D KS 8D");
    auto contract = Contract::suit(Suit::Spades);
    EXPECT_EQ(legal_cards(cards("QS AS 7C"), trick, contract, rules, true), cards("AS 7C"));
    EXPECT_EQ(legal_cards(cards("QS 7C"), trick, contract, rules, true), cards("QS 7C"));
}

TEST(LegalCards, NoUndertrumpUnlessOnlyTrumps) {
    PlayRules rules;
    rules.partner_winning_trump_restriction = PartnerWinningTrumpRestriction::NoUndertrumpUnlessOnlyTrumps;
    Trick trick = trick_of(0, "7D KS 8D");
    auto contract = Contract::suit(Suit::Spades);
    EXPECT_EQ(legal_cards(cards("QS AS 7C"), trick, contract, rules, true), cards("AS 7C"));
    EXPECT_EQ(legal_cards(cards("QS 7C"), trick, contract, rules, true), cards("7C"));
    EXPECT_EQ(legal_cards(cards("QS 8S"), trick, contract, rules, true), cards("QS 8S"));
}

TEST(LegalCards, RestrictionsIgnoredWhenTrickHoldsNoTrump) {
    PlayRules rules;
    rules.partner_winning_trump_restriction = PartnerWinningTrumpRestriction::NoUndertrumpUnlessOnlyTrumps;
    EXPECT_EQ(legal("9S 7S KC TH", "AD 8D", Suit::Spades, rules), cards("9S 7S KC TH"));
}

TEST(LegalCards, NoPartnerRulesAtTwoPlayers) {
    // Two players: the leader is never a partner, so a void follower must trump.
    Trick trick(0, 2);
    trick.add(card("AD"));
    EXPECT_EQ(legal_cards(cards("9S KC"), trick, Contract::suit(Suit::Spades), {}, false), cards("9S"));
}

TEST(TrickWinner, W1LowTrumpWins) {
    Trick trick = trick_of(0, "AS TS 7H KS");
    EXPECT_EQ(trick.winner(Contract::suit(Suit::Hearts)), 2);
    EXPECT_EQ(trick.points(Contract::suit(Suit::Hearts)), 25);
}

TEST(TrickWinner, OffSuitNeverWins) {
    Trick trick = trick_of(1, "8C AD AH 9C");
    EXPECT_EQ(trick.winner(Contract::suit(Suit::Spades)), 0);  // 9C, played by seat 0 (4th card from seat 1)
}

}  // namespace legal_test
}  // namespace belote
