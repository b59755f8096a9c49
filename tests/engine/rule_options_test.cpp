// The §9 options that the engine refused before issue 17, each from docs/rules.md: manual belote
// (§2.5), belote_king_first, melds = manual and meld_card_reuse (§3.1, §3.2), direction (§1.1),
// escrow_at_match_end (§2.7, §8), Découverte belote and announcements from face-up cards (§6.6).
// The Coinche ones are in coinche_examples_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "engine/decouverte_scoring.hpp"
#include "engine/match.hpp"
#include "engine/robot.hpp"
#include "test_support.hpp"

namespace belote {
namespace rule_options_test {
using testing::card;
using testing::cards;

using testing::has;

template <class T>
std::vector<T> all_of(const std::vector<Event>& events) {
    std::vector<T> out;
    for (const Event& e : events)
        if (auto* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
}

// Chooses an action for the seat to act from its legal actions; nullopt = the first legal one.
using Pick = std::function<std::optional<Action>(Seat, const std::vector<Action>&)>;

// Applies actions until the deal in play is scored; returns every event produced.
std::vector<Event> play_deal(Match& m, const Pick& pick) {
    std::vector<Event> events;
    while (!m.finished()) {
        Seat s = *m.to_act();
        auto legal = m.legal_actions(s);
        Action a = pick(s, legal).value_or(legal.front());
        ApplyResult r = m.apply(s, a);
        EXPECT_TRUE(r.ok()) << to_string(a) << ": " << r.message;
        if (!r.ok()) break;
        events.insert(events.end(), r.events.begin(), r.events.end());
        if (!all_of<DealScored>(r.events).empty()) break;
    }
    return events;
}

// Seat 0 (the eldest, dealer 3) holds K♥ Q♥ and takes the turn-up 8♥: hearts are trump (as in
// deal_test.cpp's belote deal).
Deck belote_deck() {
    return testing::deck_starting_with({card("KH"), card("QH"), card("7S"), card("7D"), card("8D"), card("9D"),
                                        card("7C"), card("8C"), card("9C"), card("TD"), card("JD"), card("QD"),
                                        card("8S"), card("9S"), card("TC"), card("JC"), card("TS"), card("JS"),
                                        card("KD"), card("AD"), card("8H")});
}

Match belote_match(BeloteRules belote) {
    MatchOptions options;
    options.rules.belote = belote;
    Match m(options, 1);
    m.preset_deck(belote_deck());
    m.start(3);
    EXPECT_TRUE(m.apply(0, Action::take()).ok());
    return m;
}

// Seat 0 plays `first` with `first_words` as trick 1's lead, then `second` with `second_words` as
// soon as it may; everything else is the first legal action. Returns the deal's events.
std::vector<Event> play_honours(Match& m, Card first, BeloteCall first_words, Card second, BeloteCall second_words) {
    EXPECT_TRUE(m.apply(0, Action::play(first, first_words)).ok());
    return play_deal(m, [&](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
        if (s == 0 && has(legal, Action::play(second, second_words))) return Action::play(second, second_words);
        if (s == 0 && has(legal, Action::play(second))) return Action::play(second);  // words not offered
        return std::nullopt;
    });
}

std::optional<CardPlayed> played(const std::vector<Event>& events, Card c) {
    for (const CardPlayed& p : all_of<CardPlayed>(events))
        if (p.card == c) return p;
    return std::nullopt;
}

TEST(ManualBelote, TheFirstHonourOffersTheWordsOnlyToItsHolder) {
    Match m = belote_match({BeloteAnnouncement::Manual, false});
    auto legal = m.legal_actions(0);
    // Leading: every card once, and K♥ / Q♥ a second time with "belote".
    EXPECT_EQ(legal.size(), static_cast<std::size_t>(m.hand(0).size() + 2));
    EXPECT_TRUE(has(legal, Action::play(card("KH"), BeloteCall::Belote)));
    EXPECT_TRUE(has(legal, Action::play(card("QH"), BeloteCall::Belote)));
    EXPECT_FALSE(has(legal, Action::play(card("KH"), BeloteCall::Rebelote)));
    EXPECT_EQ(m.apply(0, Action::play(card("KH"), BeloteCall::Rebelote)).reason, RejectReason::IllegalAction);
    EXPECT_EQ(m.apply(0, Action::play(card("7S"), BeloteCall::Belote)).reason, RejectReason::IllegalAction);
    // Under the default `auto` nobody says anything: the words are not an action.
    Match automatic = belote_match({});
    EXPECT_EQ(automatic.legal_actions(0).size(), static_cast<std::size_t>(automatic.hand(0).size()));
    EXPECT_EQ(automatic.apply(0, Action::play(card("KH"), BeloteCall::Belote)).reason, RejectReason::IllegalAction);
}

TEST(ManualBelote, UnsaidScoresNothingAndShowsNothing) {
    Match m = belote_match({BeloteAnnouncement::Manual, false});
    ApplyResult first = m.apply(0, Action::play(card("KH")));
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(all_of<CardPlayed>(first.events).front().belote, BeloteCall::None);
    EXPECT_EQ(m.view(Observer::spectator()).belote_seat, std::nullopt);
    EXPECT_EQ(m.view(Observer::spectator()).belote_by_suit[static_cast<int>(Suit::Hearts)], std::nullopt);
    auto events = play_deal(m, [&](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
        if (s == 0) {
            EXPECT_FALSE(has(legal, Action::play(card("QH"), BeloteCall::Rebelote)));  // nothing was said
            EXPECT_FALSE(has(legal, Action::play(card("QH"), BeloteCall::Belote)));
        }
        return std::nullopt;
    });
    ASSERT_TRUE(played(events, card("QH")));
    EXPECT_EQ(played(events, card("QH"))->belote, BeloteCall::None);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{0, 0}));
}

TEST(ManualBelote, SaidWithTheFirstHonourScoresTwentyRebeloteOptional) {
    for (BeloteCall second : {BeloteCall::Rebelote, BeloteCall::None}) {
        Match m = belote_match({BeloteAnnouncement::Manual, false});
        ApplyResult first = m.apply(0, Action::play(card("KH"), BeloteCall::Belote));
        ASSERT_TRUE(first.ok());
        EXPECT_EQ(all_of<CardPlayed>(first.events).front().belote, BeloteCall::Belote);  // heard by everybody
        EXPECT_EQ(m.view(Observer::spectator()).belote_seat, 0);
        auto events = play_deal(m, [&](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
            if (s == 0 && has(legal, Action::play(card("QH")))) {
                EXPECT_TRUE(has(legal, Action::play(card("QH"), BeloteCall::Rebelote)));
            }
            if (s == 0 && has(legal, Action::play(card("QH"), second))) return Action::play(card("QH"), second);
            return std::nullopt;
        });
        ASSERT_TRUE(played(events, card("QH")));
        EXPECT_EQ(played(events, card("QH"))->belote, second);
        EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{20, 0}));
    }
}

TEST(ManualBelote, StrictNeedsBothWords) {
    for (BeloteCall second : {BeloteCall::Rebelote, BeloteCall::None}) {
        Match m = belote_match({BeloteAnnouncement::ManualStrict, false});
        auto events = play_honours(m, card("QH"), BeloteCall::Belote, card("KH"), second);
        ASSERT_TRUE(played(events, card("KH")));
        EXPECT_EQ(played(events, card("KH"))->belote, second);
        std::array<int, 2> expected{second == BeloteCall::Rebelote ? 20 : 0, 0};
        EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, expected);
    }
}

TEST(BeloteKingFirst, TheQueenFirstScoresNothing) {
    Match queen = belote_match({BeloteAnnouncement::Auto, true});
    auto events = play_honours(queen, card("QH"), BeloteCall::None, card("KH"), BeloteCall::None);
    ASSERT_TRUE(played(events, card("KH")));
    EXPECT_EQ(played(events, card("KH"))->belote, BeloteCall::None);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{0, 0}));

    Match king = belote_match({BeloteAnnouncement::Auto, true});
    ApplyResult lead = king.apply(0, Action::play(card("KH")));
    ASSERT_TRUE(lead.ok());
    EXPECT_EQ(all_of<CardPlayed>(lead.events).front().belote, BeloteCall::Belote);
    events = play_deal(king, [&](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
        if (s == 0 && has(legal, Action::play(card("QH")))) return Action::play(card("QH"));
        return std::nullopt;
    });
    EXPECT_EQ(played(events, card("QH"))->belote, BeloteCall::Rebelote);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{20, 0}));

    // Manual with the king first: "belote" may be said only with the king.
    Match manual = belote_match({BeloteAnnouncement::Manual, true});
    EXPECT_TRUE(has(manual.legal_actions(0), Action::play(card("KH"), BeloteCall::Belote)));
    EXPECT_FALSE(has(manual.legal_actions(0), Action::play(card("QH"), BeloteCall::Belote)));
}

// CL1 deal, dealer 3, seat 0 takes the turn-up J♥: seat 0 holds a tierce A-K-Q♠ (20), seat 1 the
// four tens (100); seats 2 and 3 hold no combination.
Deck melds_deck() {
    std::vector<Card> order;
    for (const char* c :
         {"AS", "KS", "QS", "TS", "TH", "TD", "7S", "AH", "JD", "8C", "QD", "9C", "7H", "8D", "TC", "8S",
          "KC", "9S", "QC", "JC", "JH", "9H", "7C", "9D", "8H", "7D", "JS", "KD", "AD", "QH", "KH", "AC"})
        order.push_back(card(c));
    return testing::deck_starting_with(order);
}

Match melds_match(MeldRules melds) {
    MatchOptions options;
    options.variant = Variant::ClassicAnnouncements;
    options.rules.melds = melds;
    Match m(options, 1);
    m.preset_deck(melds_deck());
    m.start(3);
    EXPECT_TRUE(m.apply(0, Action::take()).ok());
    return m;
}

MeldRules manual_melds() {
    MeldRules r;
    r.declaration = MeldDeclaration::Manual;
    return r;
}

TEST(ManualMelds, EverySeatAnnouncesBeforeItsFirstCard) {
    Match m = melds_match(manual_melds());
    ASSERT_EQ(m.hand(0), cards("AS KS QS 7H 8D JH 9H 7C"));
    ASSERT_EQ(m.hand(1), cards("TS TH TD TC 8S 9D 8H 7D"));
    // Seat 0: announce nothing, or its tierce; no card may be played yet.
    EXPECT_EQ(m.legal_actions(0), (std::vector<Action>{Action::declare({}), Action::declare(cards("AS KS QS"))}));
    EXPECT_EQ(m.apply(0, Action::play(card("AS"))).reason, RejectReason::IllegalAction);
    EXPECT_EQ(m.apply(0, Action::declare(cards("AS KS"))).reason, RejectReason::IllegalAction);
    ApplyResult declared = m.apply(0, Action::declare(cards("AS KS QS")));
    ASSERT_TRUE(declared.ok());
    auto calls = all_of<MeldsDeclared>(declared.events);
    ASSERT_EQ(calls.size(), 1u);
    EXPECT_EQ(calls[0].seat, 0);
    EXPECT_EQ(calls[0].melds, (std::vector<MeldCall>{{MeldKind::Sequence, 3, 20}}));  // kind and points, no cards
    EXPECT_EQ(m.to_act(), 0);
    EXPECT_EQ(m.legal_actions(0).size(), 8u);  // now its card
    EXPECT_EQ(m.view(Observer::spectator()).declared_melds[0], calls[0].melds);
    EXPECT_FALSE(m.view(Observer::spectator()).declared_melds[1].has_value());
    ASSERT_TRUE(m.apply(0, m.legal_actions(0).front()).ok());
    // Seat 1 may hide its carré; seats without combinations still take the step (announcing nothing).
    EXPECT_EQ(m.legal_actions(1), (std::vector<Action>{Action::declare({}), Action::declare(cards("TS TH TD TC"))}));
    ASSERT_TRUE(m.apply(1, Action::declare({})).ok());
    ASSERT_TRUE(m.apply(1, m.legal_actions(1).front()).ok());
    EXPECT_EQ(m.legal_actions(2), (std::vector<Action>{Action::declare({})}));
}

// Only announced combinations count (§3.2): seat 1 hiding its four tens lets seat 0's tierce score.
TEST(ManualMelds, OnlyAnnouncedCombinationsCount) {
    for (bool tens_announced : {false, true}) {
        Match m = melds_match(manual_melds());
        std::vector<Event> events =
            play_deal(m, [&](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
                if (legal.front().kind != ActionKind::Declare) return std::nullopt;
                if (s == 1 && !tens_announced) return Action::declare({});
                return legal.back();  // everything
            });
        auto shown = all_of<MeldsShown>(events);
        ASSERT_EQ(shown.size(), 1u);
        EXPECT_EQ(shown[0].team, tens_announced ? 1 : 0);
        EXPECT_EQ(shown[0].points, tens_announced ? 100 : 20);
        EXPECT_EQ(all_of<DealScored>(events).at(0).score.melds,
                  tens_announced ? (std::array<int, 2>{0, 100}) : (std::array<int, 2>{20, 0}));
    }
    // Under `auto` the carré is found and wins.
    Match automatic = melds_match({});
    auto events = play_deal(automatic, [](Seat, const std::vector<Action>&) { return std::nullopt; });
    EXPECT_TRUE(all_of<MeldsDeclared>(events).empty());
    EXPECT_EQ(all_of<MeldsShown>(events).at(0).points, 100);
}

// §4.2 coinche_contre_timing = any_time: either opponent may contre out of turn while the bid stands;
// the contracted side then speaks from the seat after the doubler.
TEST(CoincheContreTiming, AnyTimeLetsAnOpponentContreOutOfTurn) {
    MatchOptions options;
    options.variant = Variant::Coinche;
    options.rules.coinche.contre_timing = CoincheContreTiming::AnyTime;
    Match m(options, 3);
    m.start(3);  // seat 0 speaks first
    ASSERT_TRUE(m.apply(0, Action::bid(80, Contract::suit(Suit::Hearts))).ok());
    ASSERT_EQ(m.to_act(), 1);
    EXPECT_EQ(m.legal_actions(3), (std::vector<Action>{Action::contre()}));  // an opponent, out of turn
    EXPECT_TRUE(m.legal_actions(2).empty());                                 // the bidder's partner
    EXPECT_EQ(m.view(Observer::of_seat(3)).legal, (std::vector<Action>{Action::contre()}));
    EXPECT_EQ(m.apply(3, Action::pass()).reason, RejectReason::NotYourTurn);
    ApplyResult contre = m.apply(3, Action::contre());
    ASSERT_TRUE(contre.ok()) << contre.message;
    EXPECT_EQ(m.view(Observer::spectator()).contrer, 3);
    EXPECT_EQ(m.to_act(), 0);  // after the doubler (seat 3): seat 0 of the contracted side
    EXPECT_TRUE(m.legal_actions(1).empty());
    ASSERT_TRUE(m.apply(0, Action::pass()).ok());
    EXPECT_EQ(m.to_act(), 2);  // seat 1, the doubler's partner, is skipped
    auto settled = all_of<ContractSettled>(m.apply(2, Action::pass()).events);
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_EQ(settled[0].taker, 0);
    EXPECT_EQ(settled[0].contre_level, 1);

    MatchOptions in_turn;
    in_turn.variant = Variant::Coinche;
    Match d(in_turn, 3);
    d.start(3);
    ASSERT_TRUE(d.apply(0, Action::bid(80, Contract::suit(Suit::Hearts))).ok());
    EXPECT_TRUE(d.legal_actions(3).empty());
    EXPECT_EQ(d.apply(3, Action::contre()).reason, RejectReason::NotYourTurn);
}

TEST(MeldCardReuse, A7_CarreAndQuinteShareTheJack) {
    CardSet hand = cards("JS JH JD JC KH QH TH 9H");
    auto reuse = find_melds(hand, MeldLongRun::Single100, /*card_reuse=*/true);
    ASSERT_EQ(reuse.size(), 2u);
    EXPECT_EQ(reuse[0].kind, MeldKind::Carre);
    EXPECT_EQ(reuse[0].points, 200);
    EXPECT_EQ(reuse[1].kind, MeldKind::Sequence);
    EXPECT_EQ(reuse[1].cards, cards("KH QH JH TH 9H"));
    EXPECT_EQ(reuse[1].points, 100);
    EXPECT_EQ(find_melds(hand, MeldLongRun::Single100).size(), 1u);  // default: the carré alone
}

TEST(Direction, ClockwiseChangesNoActionEventOrScore) {
    for (Variant v : {Variant::Classic, Variant::Coinche, Variant::Decouverte}) {
        auto play = [v](Direction d) {
            MatchOptions o;
            o.variant = v;
            o.target = 301;
            o.rules.direction = d;
            Match m(o, 99);
            m.start();
            std::vector<Rng> robots{Rng(1), Rng(2), Rng(3), Rng(4)};
            std::vector<std::pair<Seat, Action>> actions;
            while (!m.finished()) {
                Seat s = *m.to_act();
                Action a = robot_decide(m.view(Observer::of_seat(s)), robots[s]);
                EXPECT_TRUE(m.apply(s, a).ok());
                actions.push_back({s, a});
            }
            return std::make_pair(actions, m.history());
        };
        EXPECT_EQ(play(Direction::Clockwise), play(Direction::Counterclockwise)) << to_string(v);
    }
}

// §8 escrow_at_match_end: find matches (random legal play) that end on a litige, so that escrow is
// pending; with award_to_creators the same play gives that escrow back to the takers of the pending
// litiges in the last deal's score.
TEST(EscrowAtMatchEnd, AwardToCreatorsGivesThePendingEscrowBack) {
    int found = 0;
    for (std::uint64_t seed = 1; seed < 20000 && found < 3; ++seed) {
        auto run = [seed](EscrowAtMatchEnd rule, std::size_t max_actions) {
            MatchOptions o;
            o.target = 301;
            o.rules.escrow_at_match_end = rule;
            Match m(o, seed);
            m.start();
            Rng rng(seed);
            for (std::size_t i = 0; i < max_actions && !m.finished(); ++i) {
                auto legal = m.legal_actions(*m.to_act());
                m.apply(*m.to_act(), legal[rng.below(legal.size())]);
            }
            return m;
        };
        Match discard = run(EscrowAtMatchEnd::Discard, 100000);
        const DealScore& last = discard.history().back();
        if (last.escrow_after == 0) continue;
        ++found;
        // Who put the pending escrow there: the takers of the litiges since the last decisive deal.
        std::array<int, 2> creators{};
        for (auto it = discard.history().rbegin(); it != discard.history().rend(); ++it) {
            if (it->outcome != DealOutcome::Litige) break;
            creators[it->takers] += it->escrow_added;
        }
        EXPECT_EQ(creators[0] + creators[1], last.escrow_after);
        const std::size_t deals = discard.history().size();
        Match award = run(EscrowAtMatchEnd::AwardToCreators, 100000);
        ASSERT_GE(award.history().size(), deals);
        const DealScore& same = award.history()[deals - 1];
        EXPECT_EQ(same.escrow_after, 0);
        for (Team t : {0, 1}) {
            EXPECT_EQ(same.score[t], last.score[t] + creators[t]) << "seed " << seed;
            EXPECT_EQ(same.escrow_awarded[t], last.escrow_awarded[t] + creators[t]);
        }
        std::array<int, 2> totals{};
        for (std::size_t i = 0; i < deals; ++i)
            for (Team t : {0, 1}) totals[t] += award.history()[i].score[t];
        // The match ends there unless giving the escrow back made the totals equal (§8).
        EXPECT_EQ(award.history().size() == deals, totals[0] != totals[1]);
        if (award.history().size() == deals) {
            EXPECT_EQ(award.winner(), totals[0] > totals[1] ? 0 : 1);
        }
    }
    EXPECT_EQ(found, 3);
}

// Découverte, dealer 1: the dealer's face-up K♥ and Q♥; the indicator (position 31) is J♥ and the
// non-dealer accepts it. The non-dealer's face-up cards hold a tierce A-K-Q♠ (its face-down J-10-9-8♠
// would make a longer run if they counted); the dealer's face-up cards a quinte A-K-Q-J-10♥.
Deck decouverte_deck(bool queen_face_down) {
    std::vector<std::string> order{"JS", "TS", "9S", "8S", "7C", "8C", "9C", "TC", "7S", "JD", "8D",
                                   "9D", "JC", "QC", "KC", "AC", "AS", "KS", "QS", "7D", "KH", "QH",
                                   "AH", "TH", "7H", "TD", "QD", "9H", "KD", "AD", "8H", "JH"};
    if (queen_face_down) std::swap(order[4], order[21]);  // Q♥ under K♥ (pile 0 of the dealer's row A)
    std::vector<Card> deck;
    for (const auto& c : order) deck.push_back(card(c));
    return testing::deck_starting_with(deck);
}

// `taken` receives the events of the non-dealer's acceptance (the contract, start of trick 1).
Match decouverte_match(DecouverteRules rules, bool queen_face_down, std::vector<Event>* taken = nullptr) {
    MatchOptions options;
    options.variant = Variant::Decouverte;
    options.rules.decouverte = rules;
    Match m(options, 1);
    m.preset_deck(decouverte_deck(queen_face_down));
    m.start(1);
    ApplyResult take = m.apply(0, Action::take());
    EXPECT_TRUE(take.ok());
    EXPECT_EQ(m.contract(), Contract::suit(Suit::Hearts));
    if (taken) *taken = take.events;
    return m;
}

// The dealer plays K♥ as soon as it may, then Q♥.
std::vector<Event> play_dealer_honours(Match& m) {
    return play_deal(m, [](Seat s, const std::vector<Action>& legal) -> std::optional<Action> {
        for (const char* c : {"KH", "QH"})
            if (s == 1 && has(legal, Action::play(card(c)))) return Action::play(card(c));
        return std::nullopt;
    });
}

TEST(DecouverteBelote, FaceUpHonoursScoreTwentyFaceDownNever) {
    DecouverteRules belote;
    belote.belote = true;
    Match up = decouverte_match(belote, false);
    auto events = play_dealer_honours(up);
    ASSERT_TRUE(played(events, card("KH")) && played(events, card("QH")));
    EXPECT_EQ(played(events, card("KH"))->belote, BeloteCall::Belote);
    EXPECT_EQ(played(events, card("QH"))->belote, BeloteCall::Rebelote);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{0, 20}));

    Match down = decouverte_match(belote, true);  // Q♥ is face down under K♥ when K♥ is played
    events = play_dealer_honours(down);
    ASSERT_TRUE(played(events, card("KH")) && played(events, card("QH")));
    EXPECT_EQ(played(events, card("KH"))->belote, BeloteCall::None);
    EXPECT_EQ(played(events, card("QH"))->belote, BeloteCall::None);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{0, 0}));

    Match off = decouverte_match({}, false);  // default: no belote in Découverte
    events = play_dealer_honours(off);
    EXPECT_EQ(played(events, card("KH"))->belote, BeloteCall::None);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.belote, (std::array<int, 2>{0, 0}));
}

TEST(DecouverteAnnouncements, OnlyFaceUpCardsFormCombinations) {
    DecouverteRules announcements;
    announcements.announcements = true;
    std::vector<Event> settled;
    Match m = decouverte_match(announcements, false, &settled);
    auto found = all_of<MeldsFound>(settled);
    ASSERT_EQ(found.size(), 1u);
    ASSERT_EQ(found[0].melds[0]->size(), 1u);
    EXPECT_EQ(found[0].melds[0]->at(0).cards, cards("AS KS QS"));  // not the face-down J-10-9-8♠
    ASSERT_EQ(found[0].melds[1]->size(), 1u);
    EXPECT_EQ(found[0].melds[1]->at(0).cards, cards("AH KH QH JH TH"));
    auto events = play_deal(m, [](Seat, const std::vector<Action>&) { return std::nullopt; });
    auto shown = all_of<MeldsShown>(events);
    ASSERT_EQ(shown.size(), 1u);
    EXPECT_EQ(shown[0].team, 1);  // the quinte beats the tierce (§3.3); shown when trick 2 starts
    EXPECT_EQ(shown[0].points, 100);
    EXPECT_EQ(all_of<DealScored>(events).at(0).score.melds, (std::array<int, 2>{0, 100}));
}

// §6.6 with bonuses: the declarer must beat his opponent; a tie fails, belote is kept.
TEST(DecouverteScoring, BonusesCountInTheComparison) {
    DealTally t;
    t.takers = 0;
    t.tricks = {7, 9};
    t.card_points = {71, 81};
    t.last_trick_winner = 1;  // 71 vs 91
    t.belote = {20, 0};       // 91 vs 91: failed
    DealScore tie = score_decouverte_deal(t);
    EXPECT_EQ(tie.outcome, DealOutcome::Failed);
    EXPECT_EQ(tie.score, (std::array<int, 2>{20, 162}));
    t.card_points = {72, 80};  // 92 vs 90: made
    EXPECT_EQ(score_decouverte_deal(t).score, (std::array<int, 2>{92, 90}));
    t.melds = {0, 20};  // 92 vs 110: failed; the opponent's tierce on top of 162
    EXPECT_EQ(score_decouverte_deal(t).score, (std::array<int, 2>{20, 182}));
}

}  // namespace rule_options_test
}  // namespace belote
