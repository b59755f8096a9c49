// Three-player Belote (docs/rules.md §7): the 24-card deal with a turn-up, the auction among three,
// play without partners, scoring per player with each §7 option, and the end of the match (§8).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/legal.hpp"
#include "engine/match.hpp"
#include "engine/three_player_scoring.hpp"
#include "test_support.hpp"

namespace belote {
namespace three_player_test {
using testing::card;
using testing::cards;

MatchOptions three_player_with(ThreePlayerRules rules = {}) {
    MatchOptions o;
    o.variant = Variant::ThreePlayer;
    o.rules.three_player = rules;
    return o;
}

CardSet deck_cards(const Deck& deck, int from, int to) {  // indices [from, to]
    CardSet set;
    for (int i = from; i <= to; ++i) set.insert(deck[i]);
    return set;
}

CardSet sevens_and_eights() { return cards("7S 8S 7H 8H 7D 8D 7C 8C"); }

TEST(ThreePlayerVariant, NameSeatsAndOnlineAvailability) {
    EXPECT_EQ(to_string(Variant::ThreePlayer), "three_player");
    EXPECT_EQ(seat_count(Variant::ThreePlayer), 3);
    EXPECT_EQ(parse_variant("three_player", VariantScope::All), Variant::ThreePlayer);
    EXPECT_EQ(parse_variant("three_player"), Variant::ThreePlayer);  // the server has three-seat tables
    EXPECT_TRUE(offered_online(Variant::ThreePlayer));
    EXPECT_EQ(parse_variant("coinche"), Variant::Coinche);
    EXPECT_FALSE(validate(three_player_with()).has_value());
}

TEST(ThreePlayerVariant, OptionsItDoesNotUseAreRefused) {
    MatchOptions partner = three_player_with();
    partner.rules.play.partner_winning_exemption = false;
    EXPECT_TRUE(validate(partner).has_value());
    MatchOptions undertrump = three_player_with();
    undertrump.rules.play.must_undertrump = false;  // not a partner rule: it applies (§7)
    EXPECT_FALSE(validate(undertrump).has_value());
    MatchOptions litige = three_player_with();
    litige.rules.escrow_at_match_end = EscrowAtMatchEnd::AwardToCreators;
    EXPECT_TRUE(validate(litige).has_value());
    MatchOptions cut = three_player_with();
    cut.rules.cut_min_packet = 13;  // 24 cards: both packets cannot keep 13
    EXPECT_TRUE(validate(cut).has_value());
    cut.rules.three_player.deck = ThreePlayerDeck::Cards32;
    EXPECT_FALSE(validate(cut).has_value());
    MatchOptions classic;
    classic.rules.three_player.capot = ThreePlayerCapot::ShutOut50;
    EXPECT_TRUE(validate(classic).has_value());
}

// §7 deal: 3 then 2 cards from P0 to the dealer, card 15 turned up, completion from card 16.
TEST(ThreePlayerDeal, PacketsTurnUpAndCompletion) {
    Deck deck = short_deck();
    ASSERT_EQ(deck_cards(deck, 24, 31), sevens_and_eights());
    Match m(three_player_with(), 1);
    m.preset_deck(deck);
    auto events = m.start(2);  // dealer 2: seat 0 is the eldest
    EXPECT_EQ(m.hand(0), deck_cards(deck, 0, 2) | deck_cards(deck, 9, 10));
    EXPECT_EQ(m.hand(1), deck_cards(deck, 3, 5) | deck_cards(deck, 11, 12));
    EXPECT_EQ(m.hand(2), deck_cards(deck, 6, 8) | deck_cards(deck, 13, 14));
    EXPECT_EQ(m.view(Observer::spectator()).turn_up, deck[15]);
    EXPECT_EQ(m.view(Observer::spectator()).hand_sizes, (std::array<int, 4>{5, 5, 5, 0}));
    ASSERT_TRUE(m.apply(0, Action::pass()).ok());
    ASSERT_TRUE(m.apply(1, Action::take()).ok());
    EXPECT_EQ(m.hand(0), deck_cards(deck, 0, 2) | deck_cards(deck, 9, 10) | deck_cards(deck, 16, 18));
    EXPECT_EQ(m.hand(1),
              deck_cards(deck, 3, 5) | deck_cards(deck, 11, 12) | deck_cards(deck, 19, 20) | CardSet{deck[15]});
    EXPECT_EQ(m.hand(2), deck_cards(deck, 6, 8) | deck_cards(deck, 13, 14) | deck_cards(deck, 21, 23));
    EXPECT_EQ(m.contract(), Contract::suit(deck[15].suit()));
    EXPECT_EQ(m.to_act(), 0);  // the eldest leads
    EXPECT_EQ(m.legal_actions(0).size(), 8u);
}

TEST(ThreePlayerDeal, APresetDeckHasItsSevensAndEightsSetAside) {
    Match m(three_player_with(), 1);
    m.preset_deck(ordered_deck());  // 7s and 8s among the first cards
    m.start(2);
    const Deck& dealt = m.deal_records().back().deck;
    EXPECT_EQ(dealt, short_deck());
    for (Seat s = 0; s < 3; ++s) EXPECT_TRUE((m.hand(s) & sevens_and_eights()).empty());
}

// §7 auction: two rounds among three; six passes throw the deal in and the next player deals.
TEST(ThreePlayerAuction, TwoRoundsThenThrownIn) {
    Match m(three_player_with(), 1);
    m.preset_deck(short_deck());
    m.start(2);
    const Suit turned = short_deck()[15].suit();
    for (Seat s = 0; s < 3; ++s) {
        EXPECT_EQ(m.legal_actions(s), (std::vector<Action>{Action::pass(), Action::take()}));
        ASSERT_TRUE(m.apply(s, Action::pass()).ok());
    }
    auto round2 = m.legal_actions(0);
    EXPECT_EQ(round2.size(), 4u);  // pass and the three other suits
    EXPECT_EQ(std::find(round2.begin(), round2.end(), Action::name_suit(turned)), round2.end());
    std::vector<Event> events;
    for (Seat s = 0; s < 3; ++s) {
        ApplyResult r = m.apply(s, Action::pass());
        ASSERT_TRUE(r.ok());
        events = r.events;
    }
    auto thrown = std::find_if(events.begin(), events.end(),
                               [](const Event& e) { return std::holds_alternative<DealThrownIn>(e); });
    ASSERT_NE(thrown, events.end());
    EXPECT_EQ(std::get<DealThrownIn>(*thrown).next_dealer, 0);
    EXPECT_EQ(m.view(Observer::spectator()).deal_number, 2);
    EXPECT_EQ(m.to_act(), 1);
    EXPECT_TRUE(m.history().empty());
}

// §7 play: §1.5 without the partner exemption. Trump ♠.
TEST(ThreePlayerLegal, NoPartnerExemption) {
    const Contract spades = Contract::suit(Suit::Spades);
    Trick plain(0, 3);
    plain.add(card("AD"));
    plain.add(card("9D"));  // P0 is winning, but he is nobody's partner
    EXPECT_EQ(legal_cards(cards("9S KC TH"), plain, spades, PlayRules{}, false), cards("9S"));  // must ruff
    Trick ruffed(0, 3);
    ruffed.add(card("AD"));
    ruffed.add(card("TS"));
    EXPECT_EQ(legal_cards(cards("JS QS KC"), ruffed, spades, PlayRules{}, false), cards("JS"));  // overtrump
    EXPECT_EQ(legal_cards(cards("QS 9D KC"), ruffed, spades, PlayRules{}, false), cards("9D"));  // follow
    Trick trump_led(0, 3);
    trump_led.add(card("TS"));
    trump_led.add(card("QS"));
    EXPECT_EQ(legal_cards(cards("9S KS AD"), trump_led, spades, PlayRules{}, false), cards("9S"));
    EXPECT_EQ(trump_led.seat(2), 2);
    trump_led.add(card("9S"));
    EXPECT_TRUE(trump_led.complete());
    EXPECT_EQ(trump_led.winner(spades), 2);
}

// A tally for seats 0 (taker), 1, 2: card points without bonus, tricks, last trick winner.
DealTally tally(SideValues card_points, SideValues tricks, Side last, SideValues belote = SideValues::zeros(3)) {
    DealTally t = tally_for(3);
    t.takers = 0;
    t.card_points = card_points;
    t.tricks = tricks;
    t.last_trick_winner = last;
    t.belote = belote;
    return t;
}

TEST(ThreePlayerScoring, MadeWhenTheTakerBeatsEachOpponent) {
    DealScore s = score_three_player_deal(tally({70, 50, 32}, {4, 2, 2}, 0), {});  // 80 / 50 / 32
    EXPECT_EQ(s.outcome, DealOutcome::Made);
    EXPECT_EQ(s.last_trick, (SideValues{10, 0, 0}));
    EXPECT_EQ(s.score, (SideValues{80, 50, 32}));
    EXPECT_EQ(s.score.sum(), 162);
}

TEST(ThreePlayerScoring, FailedTheTakerKeepsHisBeloteOpponentsTheirTotals) {
    // 60 + belote 20 = 80 against 82 and 20: the taker does not beat opponent 1.
    DealScore s = score_three_player_deal(tally({60, 72, 20}, {3, 4, 1}, 1, {20, 0, 0}), {});
    EXPECT_EQ(s.outcome, DealOutcome::Failed);
    EXPECT_EQ(s.score, (SideValues{20, 82, 20}));
    // A tie with an opponent fails too (strictly more than each, no litige).
    DealScore tie = score_three_player_deal(tally({71, 61, 20}, {4, 3, 1}, 1), {});  // 71 / 71 / 20
    EXPECT_EQ(tie.outcome, DealOutcome::Failed);
    EXPECT_EQ(tie.score, (SideValues{0, 71, 20}));
    // three_player_failure = opponents_share: the taker's 60 go half to each opponent (belote kept).
    ThreePlayerRules share;
    share.failure = ThreePlayerFailure::OpponentsShare;
    EXPECT_EQ(score_three_player_deal(tally({60, 72, 20}, {3, 4, 1}, 1, {20, 0, 0}), share).score,
              (SideValues{20, 82 + 30, 20 + 30}));
    // An odd number of points: the extra point to the first opponent after the taker.
    EXPECT_EQ(score_three_player_deal(tally({61, 71, 20}, {3, 4, 1}, 1), share).score,
              (SideValues{0, 81 + 31, 20 + 30}));
}

TEST(ThreePlayerScoring, BeatCombined) {
    ThreePlayerRules combined;
    combined.success = ThreePlayerSuccess::BeatCombined;
    // 90 against 40 + 32 = 72: made; the same cards with 'beat each' too.
    EXPECT_EQ(score_three_player_deal(tally({80, 40, 32}, {5, 2, 1}, 0), combined).outcome, DealOutcome::Made);
    // 70 against 50 + 42 = 92: failed, although 70 beats each of them.
    DealTally t = tally({60, 50, 42}, {4, 2, 2}, 0);
    EXPECT_EQ(score_three_player_deal(t, combined).score, (SideValues{0, 50, 42}));
    EXPECT_EQ(score_three_player_deal(t, {}).score, (SideValues{70, 50, 42}));
}

TEST(ThreePlayerScoring, CapotIs252) {
    DealScore sweep = score_three_player_deal(tally({152, 0, 0}, {8, 0, 0}, 0, {0, 20, 0}), {});
    EXPECT_TRUE(sweep.capot);
    EXPECT_EQ(sweep.outcome, DealOutcome::Made);
    EXPECT_EQ(sweep.score, (SideValues{252, 20, 0}));  // an opponent's belote is his own
    DealScore swept = score_three_player_deal(tally({0, 152, 0}, {0, 8, 0}, 1, {20, 0, 0}), {});
    EXPECT_EQ(swept.outcome, DealOutcome::Failed);
    EXPECT_EQ(swept.score, (SideValues{20, 252, 0}));
    // three_player_capot = shut_out_50: one player without a trick gives 50 to each of the others,
    // and nobody takes the last-trick 10; a sweep is still 252.
    ThreePlayerRules shut_out;
    shut_out.capot = ThreePlayerCapot::ShutOut50;
    DealScore one_out = score_three_player_deal(tally({100, 52, 0}, {6, 2, 0}, 0), shut_out);
    EXPECT_FALSE(one_out.capot);
    EXPECT_EQ(one_out.last_trick, (SideValues{50, 50, 0}));
    EXPECT_EQ(one_out.score, (SideValues{150, 102, 0}));
    EXPECT_EQ(score_three_player_deal(tally({100, 52, 0}, {6, 2, 0}, 0), {}).score, (SideValues{110, 52, 0}));
    EXPECT_EQ(score_three_player_deal(tally({152, 0, 0}, {8, 0, 0}, 0), shut_out).score, (SideValues{252, 0, 0}));
}

TEST(ThreePlayerMatchEnd, TheStrictlyHighestTotalAtTheTargetWins) {
    EXPECT_EQ(match_winner(SideValues{1012, 987, 1005}, 1000), 0);
    EXPECT_EQ(match_winner(SideValues{1012, 1040, 300}, 1000), 1);
    EXPECT_EQ(match_winner(SideValues{1030, 1030, 1001}, 1000), std::nullopt);  // a tie at the top goes on
    EXPECT_EQ(match_winner(SideValues{1030, 1030, 1100}, 1000), 2);
    EXPECT_EQ(match_winner(SideValues{900, 950, 999}, 1000), std::nullopt);
}

}  // namespace three_player_test
}  // namespace belote
