// Variant behaviour through the Match state machine: Coinche auction (X4) and contract settlement,
// announcements flow (CL1), Découverte reveal timing (D1), dealing and dealer rotation (§6.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <variant>

#include "engine/match.hpp"

namespace belote {
namespace variant_match_test {

template <class T>
std::vector<T> all_of(const std::vector<Event>& events) {
    std::vector<T> out;
    for (const Event& e : events)
        if (auto* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
}

MatchOptions variant(Variant v) {
    MatchOptions o;
    o.variant = v;
    return o;
}

TEST(CoincheMatch, X4_AuctionThroughTheMatch) {
    Match m(variant(Variant::Coinche), 11);
    auto start = m.start();
    auto dealt = all_of<DealStarted>(start);
    ASSERT_EQ(dealt.size(), 1u);
    EXPECT_FALSE(dealt[0].turn_up.has_value());  // §4.1: no turn-up, 8 cards each
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(m.hand(s).size(), 8);
    const Seat p0 = (dealt[0].dealer + 1) % 4;
    auto P = [&](int i) { return (p0 + i) % 4; };
    const Contract hearts = Contract::suit(Suit::Hearts);
    auto ok = [&](int i, Action a) {
        auto r = m.apply(P(i), a);
        EXPECT_TRUE(r.ok()) << i << " " << to_string(a) << ": " << r.message;
        return r.events;
    };
    ok(0, Action::bid(80, hearts));
    ok(1, Action::bid(90, Contract::suit(Suit::Spades)));
    ok(2, Action::pass());
    ok(3, Action::pass());
    EXPECT_FALSE(m.apply(P(0), Action::bid(90, hearts)).ok());
    ok(0, Action::bid(110, hearts));
    ok(1, Action::contre());
    ok(2, Action::pass());
    EXPECT_EQ(m.to_act(), std::optional<Seat>(P(0)));  // P3 skipped
    View during = m.view(Observer::spectator());
    EXPECT_EQ(during.contre_level, 1);
    EXPECT_EQ(during.contrer, std::optional<Seat>(P(1)));
    EXPECT_EQ(during.bid->value, 110);
    auto events = ok(0, Action::surcontre());
    auto settled = all_of<ContractSettled>(events);
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_EQ(settled[0].taker, P(0));
    EXPECT_EQ(settled[0].contract, hearts);
    EXPECT_EQ(settled[0].bid_value, 110);
    EXPECT_EQ(settled[0].contre_level, 2);
    EXPECT_EQ(m.phase(), Phase::Play);
    EXPECT_EQ(m.to_act(), std::optional<Seat>(P(0)));                            // P0 leads
    EXPECT_TRUE(std::holds_alternative<MeldsFound>(events[events.size() - 2]));  // announcements on by default
}

TEST(CoincheMatch, FourPassesThrowInAndNextDealerDeals) {
    Match m(variant(Variant::Coinche), 12);
    auto start = m.start();
    Seat dealer = all_of<DealStarted>(start)[0].dealer;
    std::vector<Event> events;
    for (int i = 0; i < 4; ++i) events = m.apply(*m.to_act(), Action::pass()).events;
    ASSERT_EQ(all_of<DealThrownIn>(events).size(), 1u);
    EXPECT_EQ(all_of<DealStarted>(events)[0].dealer, (dealer + 1) % 4);
    EXPECT_TRUE(m.history().empty());
}

// Plays a match with the first legal action until `stop` says so.
template <class F>
void drive(Match& m, F&& on_events) {
    auto events = m.start();
    while (true) {
        if (!on_events(events) || m.finished()) return;
        Seat s = *m.to_act();
        auto legal = m.legal_actions(s);
        Action a = legal.size() > 1 && legal[0].kind == ActionKind::Pass ? legal[1] : legal.back();
        events = m.apply(s, a).events;
    }
}

TEST(ClassicAnnouncementsMatch, MeldsFoundPrivatelyThenWinnersShownAtTrickTwo) {
    int shown_count = 0, checked_deals = 0;
    for (std::uint64_t seed = 1; seed < 400 && checked_deals < 200; ++seed) {
        Match m(variant(Variant::ClassicAnnouncements), seed);
        std::array<CardSet, 4> hands{};
        bool found = false;
        int tricks = 0;
        drive(m, [&](const std::vector<Event>& events) -> bool {
            for (const Event& e : events) {
                if (auto* f = std::get_if<MeldsFound>(&e)) {
                    found = true;
                    tricks = 0;
                    for (Seat s = 0; s < 4; ++s) {
                        hands[s] = m.hand(s);
                        EXPECT_EQ(*f->melds[s], find_melds(hands[s], MeldLongRun::Single100));
                    }
                }
                if (std::holds_alternative<TrickWon>(e)) ++tricks;
                if (auto* shown = std::get_if<MeldsShown>(&e)) {
                    EXPECT_TRUE(found);
                    EXPECT_EQ(tricks, 1);  // shown when trick 2 starts
                    int sum = 0;
                    for (const SeatMelds& sm : shown->melds) {
                        EXPECT_EQ(team_of(sm.seat), shown->team);
                        for (const Meld& mm : sm.melds) {
                            EXPECT_EQ((mm.cards & hands[sm.seat]), mm.cards);
                            sum += mm.points;
                        }
                    }
                    EXPECT_EQ(sum, shown->points);
                    EXPECT_EQ(m.view(Observer::spectator()).shown_melds, shown->melds);
                    ++shown_count;
                }
                if (std::holds_alternative<DealScored>(e)) {
                    ++checked_deals;
                    found = false;
                }
            }
            return checked_deals < 200;
        });
    }
    EXPECT_GT(shown_count, 20);
}

TEST(DecouverteMatch, D1_RevealAfterBothPlayed_AvailableNextTrick) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed < 50 && checked < 100; ++seed) {
        Match m(variant(Variant::Decouverte), seed);
        drive(m, [&](const std::vector<Event>& events) -> bool {
            // After a lead from a covered pile: the card beneath stays hidden until the trick is won.
            bool lead_from_covered = false;
            CardSet hidden_before;
            for (size_t i = 0; i < events.size(); ++i) {
                if (auto* p = std::get_if<CardPlayed>(&events[i])) {
                    if (m.phase() == Phase::Play && m.view(Observer::spectator()).trick.size() == 1) {
                        auto tv = m.view(Observer::spectator()).tableaux[p->seat];
                        lead_from_covered = std::any_of(tv.begin(), tv.end(),
                                                        [](const PileView& pv) { return !pv.face_up && pv.face_down; });
                        hidden_before = m.face_down(p->seat);
                    }
                }
                if (auto* r = std::get_if<CardRevealed>(&events[i])) {
                    // A reveal comes only after the trick is won.
                    bool after_trick = false;
                    for (size_t k = 0; k < i; ++k) after_trick |= std::holds_alternative<TrickWon>(events[k]);
                    EXPECT_TRUE(after_trick);
                    if (m.phase() == Phase::Play && m.to_act() == r->seat) {
                        auto legal =
                            m.legal_actions(r->seat);  // leading: every available card, the revealed one included
                        EXPECT_NE(std::find(legal.begin(), legal.end(), Action::play(r->card)), legal.end());
                    }
                    ++checked;
                }
            }
            if (lead_from_covered && m.phase() == Phase::Play) {
                EXPECT_EQ(m.face_down(*m.to_act() == 0 ? 1 : 0) & hidden_before, hidden_before);
            }
            return true;
        });
    }
    EXPECT_GE(checked, 100);
}

TEST(DecouverteMatch, ShuffleOnceThenCutAndAlternatingDealers) {
    Match m(variant(Variant::Decouverte), 77);
    std::vector<Card> played;
    std::optional<Deck> previous;
    std::optional<Seat> previous_dealer;
    int deals = 0;
    drive(m, [&](const std::vector<Event>& events) -> bool {
        for (const Event& e : events) {
            if (auto* p = std::get_if<CardPlayed>(&e)) played.push_back(p->card);
            if (auto* d = std::get_if<DealStarted>(&e)) {
                const DealRecord& rec = m.deal_records().back();
                if (previous_dealer) {
                    EXPECT_NE(rec.dealer, *previous_dealer);  // §6.1 alternate
                }
                previous_dealer = rec.dealer;
                if (previous) {
                    // The new deck is a cut (rotation) of the gathered cards: tricks in play order, or the
                    // previous deck after a void deal (§11.8).
                    std::vector<Card> gathered =
                        played.size() == 32 ? played : std::vector<Card>(previous->begin(), previous->end());
                    std::vector<Card> deck(rec.deck.begin(), rec.deck.end());
                    auto it = std::find(gathered.begin(), gathered.end(), deck[0]);
                    EXPECT_NE(it, gathered.end());
                    if (it == gathered.end()) return false;
                    std::rotate(gathered.begin(), it, gathered.end());
                    EXPECT_EQ(gathered, deck);
                }
                previous = rec.deck;
                played.clear();
                ++deals;
                EXPECT_EQ(d->hand_sizes[0], 16);
            }
        }
        return true;
    });
    EXPECT_GT(deals, 3);
    EXPECT_TRUE(m.finished());
}

}  // namespace variant_match_test
}  // namespace belote
