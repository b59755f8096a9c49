// docs/rules.md §2.2–2.5 through the Match state machine: worked examples X1 and X2, throw-in, refusals,
// belote-rebelote and determinism.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/match.hpp"
#include "engine/robot.hpp"
#include "test_support.hpp"

namespace belote {
namespace deal_test {
using testing::card;
using testing::cards;

CardSet deck_cards(const Deck& deck, int from, int to) {  // indices [from, to]
    CardSet set;
    for (int i = from; i <= to; ++i) set.insert(deck[i]);
    return set;
}

// Dealer 3, so seat 0 is the eldest (P0 of docs/rules.md).
Match classic_with_deck(const Deck& deck, MatchOptions options = {}) {
    Match match(options, 1);
    match.preset_deck(deck);
    match.start(3);
    return match;
}

void expect_ok(Match& match, Seat seat, const Action& action) {
    ApplyResult result = match.apply(seat, action);
    ASSERT_TRUE(result.ok()) << result.message;
}

TEST(ClassicDeal, X1DealIndicesAndCompletion) {
    Deck deck = ordered_deck();
    Match match = classic_with_deck(deck);
    EXPECT_EQ(match.hand(0), deck_cards(deck, 0, 2) | deck_cards(deck, 12, 13));
    EXPECT_EQ(match.hand(1), deck_cards(deck, 3, 5) | deck_cards(deck, 14, 15));
    EXPECT_EQ(match.hand(2), deck_cards(deck, 6, 8) | deck_cards(deck, 16, 17));
    EXPECT_EQ(match.hand(3), deck_cards(deck, 9, 11) | deck_cards(deck, 18, 19));
    EXPECT_EQ(match.view(Observer::spectator()).turn_up, deck[20]);

    expect_ok(match, 0, Action::pass());
    expect_ok(match, 1, Action::pass());
    expect_ok(match, 2, Action::take());
    EXPECT_EQ(match.hand(0), deck_cards(deck, 0, 2) | deck_cards(deck, 12, 13) | deck_cards(deck, 21, 23));
    EXPECT_EQ(match.hand(1), deck_cards(deck, 3, 5) | deck_cards(deck, 14, 15) | deck_cards(deck, 24, 26));
    EXPECT_EQ(match.hand(2),
              deck_cards(deck, 6, 8) | deck_cards(deck, 16, 17) | deck_cards(deck, 27, 28) | deck_cards(deck, 20, 20));
    EXPECT_EQ(match.hand(3), deck_cards(deck, 9, 11) | deck_cards(deck, 18, 19) | deck_cards(deck, 29, 31));
    EXPECT_EQ(match.contract(), Contract::suit(deck[20].suit()));
    EXPECT_EQ(match.to_act(), 0);  // the eldest leads whoever took
}

TEST(ClassicDeal, TwoThreeFirstDealOption) {
    MatchOptions options;
    options.rules.classic_first_deal_2_3 = true;
    Deck deck = ordered_deck();
    Match match = classic_with_deck(deck, options);
    EXPECT_EQ(match.hand(0), deck_cards(deck, 0, 1) | deck_cards(deck, 8, 10));
    EXPECT_EQ(match.hand(3), deck_cards(deck, 6, 7) | deck_cards(deck, 17, 19));
}

Deck deck_with_turn_up(Card turn_up) {
    Deck deck = ordered_deck();
    std::iter_swap(deck.begin() + 20, std::find(deck.begin(), deck.end(), turn_up));
    return deck;
}

std::vector<Action> actions(std::initializer_list<Action> list) { return list; }

TEST(ClassicDeal, X2SecondRoundNamesAnotherSuit) {
    Deck deck = deck_with_turn_up(card("TD"));
    Match match = classic_with_deck(deck);
    EXPECT_EQ(match.legal_actions(0), actions({Action::pass(), Action::take()}));
    for (Seat s = 0; s < 4; ++s) expect_ok(match, s, Action::pass());
    expect_ok(match, 0, Action::pass());
    EXPECT_EQ(match.legal_actions(1), actions({Action::pass(), Action::name_suit(Suit::Spades),
                                               Action::name_suit(Suit::Hearts), Action::name_suit(Suit::Clubs)}));
    EXPECT_EQ(match.apply(1, Action::name_suit(Suit::Diamonds)).reason, RejectReason::IllegalAction);
    expect_ok(match, 1, Action::name_suit(Suit::Spades));
    EXPECT_EQ(match.contract(), Contract::suit(Suit::Spades));
    EXPECT_TRUE(match.hand(1).contains(card("TD")));
    EXPECT_EQ(match.hand(1),
              deck_cards(deck, 3, 5) | deck_cards(deck, 14, 15) | deck_cards(deck, 24, 25) | CardSet{card("TD")});
    EXPECT_EQ(match.hand(0), deck_cards(deck, 0, 2) | deck_cards(deck, 12, 13) | deck_cards(deck, 21, 23));
    EXPECT_EQ(match.hand(2), deck_cards(deck, 6, 8) | deck_cards(deck, 16, 17) | deck_cards(deck, 26, 28));
    EXPECT_EQ(match.hand(3), deck_cards(deck, 9, 11) | deck_cards(deck, 18, 19) | deck_cards(deck, 29, 31));
    EXPECT_EQ(match.to_act(), 0);
}

TEST(ClassicDeal, X2TurnedSuitAllowedWithOption) {
    MatchOptions options;
    options.rules.round2_allow_turned_suit = true;
    Match match = classic_with_deck(deck_with_turn_up(card("TD")), options);
    for (int i = 0; i < 5; ++i) expect_ok(match, i % 4, Action::pass());
    auto legal = match.legal_actions(1);
    EXPECT_EQ(legal.size(), 5u);
    EXPECT_NE(std::find(legal.begin(), legal.end(), Action::name_suit(Suit::Diamonds)), legal.end());
}

TEST(ClassicDeal, EightPassesThrowInAndNextDealerDeals) {
    Match match = classic_with_deck(ordered_deck());
    std::vector<Event> events;
    for (int i = 0; i < 8; ++i) {
        ApplyResult r = match.apply(i % 4, Action::pass());
        ASSERT_TRUE(r.ok());
        events = r.events;
    }
    auto thrown = std::find_if(events.begin(), events.end(),
                               [](const Event& e) { return std::holds_alternative<DealThrownIn>(e); });
    ASSERT_NE(thrown, events.end());
    EXPECT_EQ(std::get<DealThrownIn>(*thrown).next_dealer, 0);
    View v = match.view(Observer::spectator());
    EXPECT_EQ(v.dealer, 0);
    EXPECT_EQ(v.deal_number, 2);
    EXPECT_EQ(v.to_act, 1);
    EXPECT_TRUE(match.history().empty());  // nothing scored
}

TEST(ClassicDeal, RefusalsLeaveTheMatchUnchanged) {
    Match match = classic_with_deck(ordered_deck());
    View before = match.view(Observer::of_seat(0));
    EXPECT_EQ(match.apply(1, Action::take()).reason, RejectReason::NotYourTurn);
    EXPECT_EQ(match.apply(0, Action::play(card("7S"))).reason, RejectReason::IllegalAction);
    EXPECT_EQ(match.apply(0, Action::name_suit(Suit::Hearts)).reason, RejectReason::IllegalAction);
    View after = match.view(Observer::of_seat(0));
    EXPECT_EQ(after.hand, before.hand);
    EXPECT_EQ(after.auction.size(), before.auction.size());
    EXPECT_EQ(after.to_act, before.to_act);
}

TEST(ClassicDeal, IllegalCardIsRefusedWithoutRevealingTheHand) {
    Match match = classic_with_deck(ordered_deck());
    expect_ok(match, 0, Action::take());
    Card not_held = *to_vector(CardSet::full() - match.hand(0)).begin();
    ApplyResult r = match.apply(0, Action::play(not_held));
    EXPECT_EQ(r.reason, RejectReason::IllegalAction);
    EXPECT_EQ(r.message, "play " + to_string(not_held) + " is not a legal action now");
}

// Deck so that after P0 takes hearts (turn-up 8H), P0 holds KH and QH.
TEST(ClassicDeal, BeloteAndRebeloteAreCalledAndCounted) {
    Deck deck = testing::deck_starting_with({card("KH"), card("QH"), card("7S"),  // P0
                                             card("7D"), card("8D"), card("9D"),  // P1
                                             card("7C"), card("8C"), card("9C"),  // P2
                                             card("TD"), card("JD"), card("QD"),  // P3
                                             card("8S"), card("9S"), card("TC"), card("JC"), card("TS"),
                                             card("JS"), card("KD"), card("AD"), card("8H")});
    Match match = classic_with_deck(deck);
    expect_ok(match, 0, Action::take());
    ASSERT_TRUE(match.hand(0).contains(card("KH")) && match.hand(0).contains(card("QH")));
    ApplyResult first = match.apply(0, Action::play(card("KH")));
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(std::get<CardPlayed>(first.events.front()).belote, BeloteCall::Belote);
    EXPECT_EQ(match.view(Observer::spectator()).belote_seat, 0);
}

TEST(ClassicDeal, ProjectionHidesOtherHands) {
    Match match(MatchOptions{}, 7);
    std::vector<Event> events = match.start(3);
    const auto& started = std::get<DealStarted>(events[1]);
    for (Seat s = 0; s < 4; ++s) EXPECT_TRUE(started.hands[s].has_value());
    const auto seen = std::get<DealStarted>(project(events[1], Observer::of_seat(2)));
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(seen.hands[s].has_value(), s == 2);
    const auto spectator = std::get<DealStarted>(project(events[1], Observer::spectator()));
    for (Seat s = 0; s < 4; ++s) EXPECT_FALSE(spectator.hands[s].has_value());
    const auto turn = std::get<TurnStarted>(project(events[2], Observer::of_seat(1)));
    EXPECT_EQ(turn.seat, 0);
    EXPECT_FALSE(turn.legal.has_value());
}

TEST(ClassicDeal, SpectatorViewHasNoHandAndNoLegalActions) {
    Match match(MatchOptions{}, 7);
    match.start(3);
    View v = match.view(Observer::spectator());
    EXPECT_TRUE(v.hand.empty());
    EXPECT_TRUE(v.legal.empty());
    EXPECT_EQ(v.hand_sizes, (std::array<int, 4>{5, 5, 5, 5}));
    View seat0 = match.view(Observer::of_seat(0));
    EXPECT_EQ(seat0.hand.size(), 5);
    EXPECT_EQ(seat0.legal.size(), 2u);
}

// Plays a whole match with robots; returns the scores.
std::vector<DealScore> play_with_robots(std::uint64_t seed) {
    Match match(MatchOptions{}, seed);
    match.start();
    std::vector<Rng> robots{Rng(1), Rng(2), Rng(3), Rng(4)};
    while (!match.finished()) {
        Seat s = *match.to_act();
        EXPECT_TRUE(match.apply(s, robot_decide(match.view(Observer::of_seat(s)), robots[s])).ok());
    }
    return match.history();
}

TEST(ClassicMatch, DeterministicFromSeedAndActions) {
    EXPECT_EQ(play_with_robots(42), play_with_robots(42));
    EXPECT_NE(play_with_robots(42), play_with_robots(43));
}

}  // namespace deal_test
}  // namespace belote
