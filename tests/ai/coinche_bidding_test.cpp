// The Coinche ladder's natural calls (ai/bidding.hpp), on deals a tester played against expert robots
// (the decks of its game records, default Coinche rules): a contre read as defence in the doubler's
// hand (world_weights.hpp natural_contre), a suit of the robot's own bid with three of its cards, and
// no bidding war between partners.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "ai/budget.hpp"
#include "ai/levels.hpp"
#include "ai/world_weights.hpp"
#include "engine/deck.hpp"
#include "engine/match.hpp"
#include "engine/robot.hpp"

#include "robot_test_support.hpp"

namespace belote::ai {
namespace coinche_bidding_test {

using testing::cards;
using testing::coinche_view_of_hands;

/// A Coinche match to 1000 whose first deal is `deck` (top card first), dealt by `dealer`, after
/// `calls` (seat, action) in order; returns the view of the seat to act.
View coinche_view(const std::vector<std::string>& deck, Seat dealer,
                  const std::vector<std::pair<Seat, Action>>& calls) {
    MatchOptions options;
    options.variant = Variant::Coinche;
    options.target = 1000;
    Match match(options, 1);
    Deck d{};
    for (std::size_t i = 0; i < d.size(); ++i) d[i] = *parse_card(deck[i]);
    match.preset_deck(d);
    match.start(dealer);
    for (const auto& [seat, action] : calls) EXPECT_TRUE(match.apply(seat, action).ok());
    return match.view(Observer::of_seat(*match.to_act()));
}

/// The calls `params` makes in `view` under robot seeds 1..n.
std::vector<Action> calls_under_seeds(const View& view, const LevelParams& params, int n) {
    std::vector<Action> out;
    for (int seed = 1; seed <= n; ++seed) out.push_back(decide_with(view, params, Budget(RobotSettings{}), seed));
    return out;
}

int count_kind(const std::vector<Action>& calls, ActionKind kind) {
    int n = 0;
    for (const Action& a : calls) n += a.kind == kind;
    return n;
}

// Deal 2 of the tester's match: seat 2 (J 9 Q of clubs, A 10 of hearts, K J 8 of spades) opened 110
// clubs; seat 3 (A 10 8 of clubs, the ace of spades, A K Q 8 of diamonds) said contre.
const std::vector<std::string> surcontre_deck{"QS", "7S", "7C", "8S", "AH", "QC", "TC", "AC", "8C", "KH", "9H",
                                              "9D", "8H", "KC", "JS", "KS", "QD", "8D", "JD", "TD", "QH", "9S",
                                              "7H", "9C", "JC", "TH", "AD", "AS", "KD", "TS", "JH", "7D"};

/// Seat 2's view when it may surcontre: seat 1 passed, seat 2 bid 110 clubs, seat 3 said contre, seat
/// 0 passed.
View surcontre_view() {
    return coinche_view(surcontre_deck, 0,
                        {{1, Action::pass()},
                         {2, Action::bid(110, Contract::suit(Suit::Clubs))},
                         {3, Action::contre()},
                         {0, Action::pass()}});
}

TEST(CoincheBidding, AContreIsReadAsDefenceInTheDoublersHand) {
    const View v = surcontre_view();
    ASSERT_EQ(*v.observer.seat, 2);
    const CardSet defence = cards("AC TC 8C AS AD KD QD 8D");  // the ace of trumps and two outside aces
    const CardSet none = cards("7S 8S 9S 7H 8H 9H 7D 9D");     // no trump, no ace
    ASSERT_TRUE(natural_contre(defence, Contract::suit(Suit::Clubs)));
    ASSERT_FALSE(natural_contre(none, Contract::suit(Suit::Clubs)));
    EXPECT_DOUBLE_EQ(auction_likelihood(v, 3, defence, true), 1.0);
    EXPECT_DOUBLE_EQ(auction_likelihood(v, 3, none, true), 0.03);  // the floor: never ruled out
    EXPECT_DOUBLE_EQ(auction_likelihood(v, 3, none, false), 1.0);
}

TEST(CoincheBidding, ExpertDoesNotSurcontreAContreThatShowsTheTrumpsItLacks) {
    // The contract fails (59 card points to 93): surcontré, the defenders scored 1108.
    const View v = surcontre_view();
    LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    EXPECT_LE(count_kind(calls_under_seeds(v, expert, 20), ActionKind::Surcontre), 1);
    expert.bid.read_contre = false;  // the contre read as any hand: surcontre under 4 seeds of 20
    EXPECT_GE(count_kind(calls_under_seeds(v, expert, 20), ActionKind::Surcontre), 3);
}

TEST(CoincheBidding, ExpertBidsASuitOfItsOwnWithThreeOfItsCards) {
    // Deal 4 of another match: three passes, then seat 1 (J 10 of hearts, A K 10 8 of clubs, J 8 of
    // spades) opened 90 hearts and failed. Hearts is its best suit by the engine's estimate (the jack).
    const View v =
        coinche_view({"QC", "8D", "7H", "AS", "TS", "9H", "8H", "AD", "9S", "8S", "JH", "JS", "AH", "TD", "QS", "KD",
                      "9D", "JD", "TH", "8C", "QH", "7D", "KS", "QD", "7C", "JC", "9C", "KH", "7S", "TC", "KC", "AC"},
                     1, {{2, Action::pass()}, {3, Action::pass()}, {0, Action::pass()}});
    ASSERT_EQ(*v.observer.seat, 1);
    ASSERT_EQ(v.hand, cards("JH TH AC KC TC 8C JS 8S"));
    LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    int hearts = 0, clubs = 0;
    for (const Action& a : calls_under_seeds(v, expert, 20)) {
        hearts += a.kind == ActionKind::Bid && a.contract == Contract::suit(Suit::Hearts);
        clubs += a.kind == ActionKind::Bid && a.contract == Contract::suit(Suit::Clubs);
    }
    EXPECT_EQ(hearts, 0);
    EXPECT_GE(clubs, 5);        // its four clubs instead (7 seeds of 20), or a pass
    expert.bid.min_trumps = 0;  // without the rule: 80 hearts under 4 seeds of 20
    hearts = 0;
    for (const Action& a : calls_under_seeds(v, expert, 20))
        hearts += a.kind == ActionKind::Bid && a.contract == Contract::suit(Suit::Hearts);
    EXPECT_GE(hearts, 3);
}

// The deal of an expert auction (match seed 48) where seat 1 (J A 10 7 of spades, J A 10 of hearts,
// the 10 of clubs) opened 120 spades, its partner answered 130 clubs, it went back to 140 spades and
// the partner to 150 clubs.
const std::vector<std::string> war_deck{"TC", "TS", "JH", "9D", "KS", "QH", "8S", "KH", "JC", "TD", "7H",
                                        "QS", "TH", "AH", "KC", "QD", "9H", "9C", "KD", "AC", "AS", "7S",
                                        "JS", "JD", "AD", "QC", "8D", "8C", "7C", "9S", "8H", "7D"};

/// How many of `calls` bid `suit` as trumps.
int bids_in(const std::vector<Action>& calls, Suit suit) {
    int n = 0;
    for (const Action& a : calls) n += a.kind == ActionKind::Bid && a.contract == Contract::suit(suit);
    return n;
}

TEST(CoincheBidding, ExpertDoesNotBidItsOwnSuitAgainAfterItsPartnerAnsweredWithAnother) {
    // On the war's deal seat 1 opens 80 spades here, and its partner answers at 90.
    auto answered_with = [&](Suit partners) {
        return coinche_view(war_deck, 0,
                            {{1, Action::bid(80, Contract::suit(Suit::Spades))},
                             {2, Action::pass()},
                             {3, Action::bid(90, Contract::suit(partners))},
                             {0, Action::pass()}});
    };
    const View clubs = answered_with(Suit::Clubs);
    ASSERT_EQ(*clubs.observer.seat, 1);
    ASSERT_EQ(clubs.hand, cards("JS AS TS 7S JH AH TH TC"));
    LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    const std::vector<Action> calls = calls_under_seeds(clubs, expert, 20);
    EXPECT_EQ(bids_in(calls, Suit::Clubs) + count_kind(calls, ActionKind::Pass), 20);  // support, or a pass
    // Answered in hearts, which it holds (J A 10): the partner's suit is raised (15 seeds of 20).
    const std::vector<Action> over_hearts = calls_under_seeds(answered_with(Suit::Hearts), expert, 20);
    EXPECT_EQ(bids_in(over_hearts, Suit::Spades), 0);
    EXPECT_GE(bids_in(over_hearts, Suit::Hearts), 10);
    expert.bid.one_own_suit = false;  // without the rule: spades again under 20 seeds of 20, and 7
    EXPECT_GE(bids_in(calls_under_seeds(clubs, expert, 20), Suit::Spades), 15);
    EXPECT_GE(bids_in(calls_under_seeds(answered_with(Suit::Hearts), expert, 20), Suit::Spades), 4);
}

TEST(CoincheBidding, ExpertDoesNotBidItsOwnSuitAgainWhenAnOpponentOvercallsItsPartner) {
    // On the war's deal: 80 spades, its partner's 90 clubs, and seat 0 overcalls with 100 diamonds. The
    // partner's clubs are still the side's denomination: seat 1 raises them, passes or says contre.
    const View v = coinche_view(war_deck, 0,
                                {{1, Action::bid(80, Contract::suit(Suit::Spades))},
                                 {2, Action::pass()},
                                 {3, Action::bid(90, Contract::suit(Suit::Clubs))},
                                 {0, Action::bid(100, Contract::suit(Suit::Diamonds))}});
    ASSERT_EQ(*v.observer.seat, 1);
    LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    const std::vector<Action> calls = calls_under_seeds(v, expert, 20);
    EXPECT_EQ(bids_in(calls, Suit::Clubs) + count_kind(calls, ActionKind::Pass) + count_kind(calls, ActionKind::Contre),
              20);
    EXPECT_GE(bids_in(calls, Suit::Clubs), 10);  // 110 clubs under 16 seeds of 20, else a pass
    expert.bid.one_own_suit = false;             // without the rule: spades again under 16 seeds of 20
    EXPECT_GE(bids_in(calls_under_seeds(v, expert, 20), Suit::Spades), 10);
}

TEST(CoincheBidding, ExpertOpensAtWhatItsHandShowsNotAJumpAboveIt) {
    // Deal 1 of a tester's expert match: seat 3 (J 9 Q 7 of diamonds, 10 7 of spades, Q 7 of hearts, no
    // ace) opened 130 diamonds and failed with 69 card points. Its hand shows 81 by itself
    // (estimate_contract): a partner reads 130 as about 50 more than it holds.
    const View v = coinche_view_of_hands({cards("AS 8H JH KH AH 7C 8C KC"), cards("8S 9S KS TH KD TC QC AC"),
                                          cards("JS QS 9H 8D TD AD 9C JC"), cards("7S TS 7H QH 7D 9D JD QD")},
                                         2);
    ASSERT_EQ(*v.observer.seat, 3);
    ASSERT_EQ(estimate_contract(v.hand, Contract::suit(Suit::Diamonds)), 81);
    LevelParams expert = level_params(Level::Expert, Variant::Coinche);
    auto highest_bid = [&](const std::vector<Action>& calls) {
        int highest = 0;
        for (const Action& a : calls)
            if (a.kind == ActionKind::Bid) highest = std::max(highest, a.value);
        return highest;
    };
    ASSERT_GE(expert.bid.jump_slack, 0);
    EXPECT_LE(highest_bid(calls_under_seeds(v, expert, 20)), 81 + expert.bid.jump_slack);
    expert.bid.jump_slack = -1;  // without the rule: 120 or 130 under 14 seeds of 20
    EXPECT_GE(highest_bid(calls_under_seeds(v, expert, 20)), 120);
}

}  // namespace coinche_bidding_test
}  // namespace belote::ai
