// docs/rules.md §10 Découverte examples: D1 (reveal timing), D2 (hidden cards create no obligation), D4 (scoring).
#include <gtest/gtest.h>

#include "engine/decouverte_scoring.hpp"
#include "engine/legal.hpp"
#include "engine/tableau.hpp"
#include "test_cards.hpp"

namespace belote {
namespace decouverte_examples_test {
using test::C;
using test::S;

TEST(DecouverteExamples, D1_CardBeneathTurnsOnlyAfterTheTrick) {
    Tableau a;
    a.place_down(0, C("JH"));
    a.place_up(0, C("9C"));
    a.place_down(1, C("7S"));
    a.place_up(1, C("8S"));
    EXPECT_EQ(a.available(), S({"9C", "8S"}));
    int pile = a.play(C("9C"));  // A leads 9♣; B answers A♣ and wins
    EXPECT_EQ(pile, 0);
    EXPECT_EQ(a.available(), S({"8S"}));  // J♥ is still face down, unusable in this trick
    EXPECT_EQ(a.face_down(), S({"JH", "7S"}));
    TableauView during = a.view();
    EXPECT_FALSE(during[0].face_up.has_value());  // "a card is here", nothing more
    EXPECT_EQ(during[0].face_down, 1);
    auto revealed = a.reveal(pile, /*locked=*/false);  // both have played: now A turns it
    ASSERT_TRUE(revealed.has_value());
    EXPECT_EQ(*revealed, C("JH"));
    EXPECT_EQ(a.available(), S({"JH", "8S"}));  // available from the next trick (led by B)
    // leader_immediately: turned at once, but not playable before the trick ends.
    Tableau b;
    b.place_down(0, C("JH"));
    b.place_up(0, C("9C"));
    b.reveal(b.play(C("9C")), /*locked=*/true);
    EXPECT_EQ(b.available(), CardSet{});
    EXPECT_EQ(b.face_up(), S({"JH"}));
    b.unlock();
    EXPECT_EQ(b.available(), S({"JH"}));
}

TEST(DecouverteExamples, D2_HiddenCardsCreateNoObligation) {
    Tableau dealer;
    dealer.place_up(0, C("9H"));
    dealer.place_down(1, C("7C"));
    dealer.place_up(1, C("KD"));
    dealer.place_up(2, C("TS"));
    Trick trick(1, 2);
    trick.add(C("AC"));
    EXPECT_EQ(legal_cards(dealer.available(), trick, Contract::suit(Suit::Hearts), PlayRules{}, false), S({"9H"}));
}

DealTally de_tally(int declarer, int opponent, int declarer_tricks) {
    DealTally t;
    t.takers = 0;
    t.tricks = {declarer_tricks, 16 - declarer_tricks};
    bool capot = declarer_tricks == 16 || declarer_tricks == 0;
    t.last_trick_winner = declarer >= opponent ? 0 : 1;
    t.card_points = {declarer, opponent};
    t.card_points[t.last_trick_winner] -= capot ? 100 : 10;
    return t;
}

TEST(DecouverteExamples, D4_Scoring) {
    EXPECT_EQ(score_decouverte_deal(de_tally(81, 81, 8)).score, (std::array<int, 2>{0, 162}));
    EXPECT_EQ(score_decouverte_deal(de_tally(81, 81, 8)).outcome, DealOutcome::Failed);
    EXPECT_EQ(score_decouverte_deal(de_tally(82, 80, 8)).score, (std::array<int, 2>{82, 80}));
    EXPECT_EQ(score_decouverte_deal(de_tally(120, 42, 10)).score, (std::array<int, 2>{120, 42}));
    EXPECT_EQ(score_decouverte_deal(de_tally(252, 0, 16)).score, (std::array<int, 2>{252, 0}));
    EXPECT_EQ(score_decouverte_deal(de_tally(0, 252, 0)).score, (std::array<int, 2>{0, 252}));
}

TEST(DecouverteDeal, SeedOrderPutsIndicatorLastInDealersSecondRow) {
    Deck deck = ordered_deck();
    auto t = deal_tableaux(deck, DecouverteDealOrder::Seed);
    // Non-dealer: down 0-3 and 8-11, up 16-19 and 24-27; dealer: down 4-7, 12-15, up 20-23, 28-31.
    CardSet nd_up, d_up;
    for (int i : {16, 17, 18, 19, 24, 25, 26, 27}) nd_up.insert(deck[i]);
    for (int i : {20, 21, 22, 23, 28, 29, 30, 31}) d_up.insert(deck[i]);
    EXPECT_EQ(t[0].available(), nd_up);
    EXPECT_EQ(t[1].available(), d_up);
    EXPECT_EQ(t[1].view()[7].face_up, deck[31]);
    auto blog = deal_tableaux(deck, DecouverteDealOrder::Blog);
    CardSet nd_blog_up;
    for (int i : {8, 9, 10, 11, 24, 25, 26, 27}) nd_blog_up.insert(deck[i]);
    EXPECT_EQ(blog[0].available(), nd_blog_up);
}

}  // namespace decouverte_examples_test
}  // namespace belote
