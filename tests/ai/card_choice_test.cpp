// Choosing a card from its scores over the worlds (ai/card_choice.hpp): the best mean deal value,
// then the best card-point margin, then the card cheapest to give up; and the expert robot playing a
// Coinche deal already lost for its card points.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ai/budget.hpp"
#include "ai/card_choice.hpp"
#include "ai/levels.hpp"

#include "robot_test_support.hpp"

namespace belote::ai {
namespace card_choice_test {

using testing::cards;
using testing::coinche_view_of_hands;

const Contract hearts = Contract::suit(Suit::Hearts);
const Card ace_of_diamonds = Card(Rank::Ace, Suit::Diamonds);
const Card eight_of_diamonds = Card(Rank::Eight, Suit::Diamonds);

TEST(CardScores, TheHigherMeanValueWinsWhateverTheMargin) {
    CardScores scores(cards("AD 8D"));
    scores.add(ace_of_diamonds, 160, -40);
    scores.add(eight_of_diamonds, 170, -162);
    scores.end_world();
    EXPECT_EQ(scores.best(hearts), eight_of_diamonds);
}

TEST(CardScores, EqualValuesGoToTheHigherMeanMarginThenToTheCheaperCard) {
    CardScores scores(cards("AD 8D KD"));
    for (int world = 0; world < 3; ++world) {
        scores.add(ace_of_diamonds, 0, world == 0 ? 30 : -2);   // mean margin 26 / 3
        scores.add(eight_of_diamonds, 0, world == 0 ? 20 : 2);  // 24 / 3
        scores.add(Card(Rank::King, Suit::Diamonds), 0, 2);     // 6 / 3
        scores.end_world();
    }
    EXPECT_EQ(scores.best(hearts), ace_of_diamonds);

    CardScores tied(cards("AD 8D"));
    tied.add(ace_of_diamonds, -320, 12);
    tied.add(eight_of_diamonds, -320, 12);
    tied.end_world();
    EXPECT_EQ(tied.best(hearts), eight_of_diamonds);
}

// Seat 0 bids 160 hearts; seat 1's ace of clubs in trick 1 leaves the declarers at most 151 card
// points of 162 (no belote: the queen of hearts is seat 2's), so the contract is lost whatever is
// played next. In trick 7 seat 0 leads the ten of diamonds, seat 1 (no diamond, no trump) discards
// the ten of clubs, seat 2 follows with the nine; seat 3 holds the ace and the eight. Every card
// scores the same deal value. The ace takes the trick for the defence (31 card points, and the lead
// to the last trick); the eight gives both tens to the declarers and leaves the ace to fall under
// seat 0's last trump: a margin of -78 against -140 for seat 3's side.
TEST(ExpertCardPlay, PlaysALostCoincheDealForItsCardPoints) {
    auto play = [](Seat seat, const std::string& card) { return std::pair{seat, Action::play(*parse_card(card))}; };
    std::vector<std::pair<Seat, Action>> actions{
        {1, Action::pass()}, {2, Action::pass()}, {3, Action::pass()}, {0, Action::bid(160, hearts)},
        {1, Action::pass()}, {2, Action::pass()}, {3, Action::pass()},
    };
    // Tricks 1 to 6, each from its leader: seat 1 leads the first two, seat 0 (who wins trick 2) the rest.
    const std::vector<std::array<const char*, 4>> tricks{{"AC", "8C", "9C", "7C"}, {"7S", "JS", "TS", "7H"},
                                                         {"JH", "8S", "8H", "JC"}, {"9H", "9S", "QH", "JD"},
                                                         {"AH", "QC", "QS", "QD"}, {"TH", "KC", "KS", "KD"}};
    for (std::size_t t = 0; t < tricks.size(); ++t) {
        const Seat leader = t < 2 ? 1 : 0;
        for (int i = 0; i < 4; ++i) actions.push_back(play((leader + i) % 4, tricks[t][i]));
    }
    actions.push_back(play(0, "TD"));
    actions.push_back(play(1, "TC"));
    actions.push_back(play(2, "9D"));
    const View v = coinche_view_of_hands({cards("JH 9H AH TH KH 7H TD 7C"), cards("AC TC KC QC 7S 8S 9S AS"),
                                          cards("QH 8H 7D 9D JS QS KS 8C"), cards("AD 8D KD QD JD JC 9C TS")},
                                         0, actions);
    ASSERT_EQ(*v.observer.seat, 3);
    ASSERT_EQ(v.tricks_played, 6);
    ASSERT_EQ(v.hand, cards("AD 8D"));
    const LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        EXPECT_EQ(to_string(decide_with(v, expert, Budget(RobotSettings{}), seed)),
                  to_string(Action::play(ace_of_diamonds)))
            << "robot seed " << seed;
}

}  // namespace card_choice_test
}  // namespace belote::ai
