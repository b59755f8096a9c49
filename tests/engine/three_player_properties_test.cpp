// Three-player Belote (docs/rules.md §7) over thousands of seeded random and robot matches: each card
// dealt exactly once, 24 cards in play, 8 per player, 162 or 252 per deal, scores recomputed from the
// play by the test's own reading of §7 and §2.5, the end of the match per §8, no observer ever sees
// another seat's hand or a card out of play, and every match replays from its records.
#include <gtest/gtest.h>

#include <variant>

#include "engine/match.hpp"
#include "engine/robot.hpp"

namespace belote {
// Named, not anonymous: the unity build compiles this file with variant_properties_test.cpp, whose
// helpers have the same names.
namespace three_player_properties {

constexpr int players = 3;

MatchOptions three_player(int target = 301) {
    MatchOptions o;
    o.variant = Variant::ThreePlayer;
    o.target = target;
    return o;
}

// Cards an event or a view shows to whoever receives it.
CardSet cards_in(const Event& e) {
    CardSet cs;
    auto hands = [&](const PrivateHands& h) {
        for (auto& x : h)
            if (x) cs |= *x;
    };
    std::visit(
        [&](const auto& ev) {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, DealStarted>) {
                hands(ev.hands);
                if (ev.turn_up) cs.insert(*ev.turn_up);
            } else if constexpr (std::is_same_v<T, ContractSettled>) {
                hands(ev.hands);
            } else if constexpr (std::is_same_v<T, TurnStarted>) {
                if (ev.legal)
                    for (auto& a : *ev.legal)
                        if (a.kind == ActionKind::PlayCard) cs.insert(a.card);
            } else if constexpr (std::is_same_v<T, CardPlayed>) {
                cs.insert(ev.card);
            } else if constexpr (std::is_same_v<T, TrickWon>) {
                cs |= ev.trick.cards();
            }
        },
        e);
    return cs;
}

CardSet cards_in(const View& v) {
    CardSet cs = v.hand | v.trick.cards();
    if (v.last_trick) cs |= v.last_trick->cards();
    if (v.turn_up) cs.insert(*v.turn_up);
    for (auto& a : v.legal)
        if (a.kind == ActionKind::PlayCard) cs.insert(a.card);
    return cs;
}

// What the test observes of one deal.
struct Watch {
    CardSet in_play;  // deck[0..23] of the deal
    Seat taker = 0;
    Contract contract;
    std::array<CardSet, players> hands{};
    SideValues card_points = SideValues::zeros(players);
    SideValues tricks = SideValues::zeros(players);
    Side last = 0;
    SideValues belote = SideValues::zeros(players);
    std::array<std::optional<Seat>, 4> called{};
    CardSet played;
    int plays = 0;
};

// §2.5 for one card (belote to the holder, §7): the words expected and the points credited.
BeloteCall expected_call(const MatchOptions& o, Watch& w, Seat seat, Card card, BeloteCall said) {
    bool honour = card.rank() == Rank::King || card.rank() == Rank::Queen;
    if (!honour || card.suit() != w.contract.trump) return BeloteCall::None;
    const BeloteAnnouncement mode = o.rules.belote.announcement;
    const int su = static_cast<int>(card.suit());
    const Card other(card.rank() == Rank::King ? Rank::Queen : Rank::King, card.suit());
    if (w.hands[seat].contains(other) && (!o.rules.belote.king_first || card.rank() == Rank::King)) {
        if (mode != BeloteAnnouncement::Auto && said != BeloteCall::Belote) return BeloteCall::None;
        w.called[su] = seat;
        if (mode != BeloteAnnouncement::ManualStrict) w.belote[seat] += 20;
        return BeloteCall::Belote;
    }
    if (w.called[su] == seat) {
        if (mode != BeloteAnnouncement::Auto && said != BeloteCall::Rebelote) return BeloteCall::None;
        if (mode == BeloteAnnouncement::ManualStrict) w.belote[seat] += 20;
        return BeloteCall::Rebelote;
    }
    return BeloteCall::None;
}

// §7 scoring, recomputed from what the test observed.
SideValues rescore(const ThreePlayerRules& r, const Watch& w) {
    SideValues bonus = SideValues::zeros(players), total = SideValues::zeros(players);
    int without_trick = 0;
    for (Side p = 0; p < players; ++p) without_trick += w.tricks[p] == 0;
    if (without_trick == 2)
        bonus[w.last] = 100;
    else if (without_trick == 1 && r.capot == ThreePlayerCapot::ShutOut50)
        for (Side p = 0; p < players; ++p) bonus[p] = w.tricks[p] > 0 ? 50 : 0;
    else
        bonus[w.last] = 10;
    for (Side p = 0; p < players; ++p) total[p] = w.card_points[p] + bonus[p] + w.belote[p];
    const Seat t = w.taker, a = (t + 1) % players, b = (t + 2) % players;
    bool made = r.success == ThreePlayerSuccess::BeatEach ? total[t] > total[a] && total[t] > total[b]
                                                          : total[t] > total[a] + total[b];
    if (made) return total;
    SideValues s = total;
    int lost = total[t] - w.belote[t];
    s[t] = w.belote[t];
    if (r.failure == ThreePlayerFailure::OpponentsShare) {
        s[a] += (lost + 1) / 2;
        s[b] += lost / 2;
    }
    return s;
}

struct Stats {
    int matches = 0, deals = 0, failed = 0, capots = 0, belotes = 0;
};

void play_and_check(const MatchOptions& options, std::uint64_t seed, bool robots, Stats& stats) {
    Match m(options, seed);
    Rng rng(seed * 31 + 7);
    std::vector<Rng> robot_rngs{Rng(seed + 1), Rng(seed + 2), Rng(seed + 3)};
    const bool short_pack = options.rules.three_player.deck == ThreePlayerDeck::Cards24;
    const int in_play_points_expected = 152;
    std::vector<std::pair<Seat, Action>> actions;
    SideValues totals = SideValues::zeros(players);
    Watch w;
    CardSet out_of_play;
    std::array<CardSet, players + 1> may_know{};  // seats 0-2, 3 = spectator
    auto make_public = [&](CardSet cs) {
        for (auto& k : may_know) k |= cs;
    };
    Action last{};
    std::vector<Event> events = m.start();
    for (int step = 0; step < 100000; ++step) {
        for (std::size_t i = 0; i < events.size(); ++i) {
            const Event& e = events[i];
            if (auto* ev = std::get_if<DealStarted>(&e)) {
                const Deck& deck = m.deal_records().back().deck;
                w = Watch{};
                w.in_play = CardSet{};
                for (int k = 0; k < 24; ++k) w.in_play.insert(deck[k]);
                out_of_play = CardSet::full() - w.in_play;
                if (short_pack) {
                    ASSERT_EQ(out_of_play,
                              CardSet({Card(Rank::Seven, Suit::Spades), Card(Rank::Eight, Suit::Spades),
                                       Card(Rank::Seven, Suit::Hearts), Card(Rank::Eight, Suit::Hearts),
                                       Card(Rank::Seven, Suit::Diamonds), Card(Rank::Eight, Suit::Diamonds),
                                       Card(Rank::Seven, Suit::Clubs), Card(Rank::Eight, Suit::Clubs)}));
                }
                may_know = {};
                CardSet all;
                for (Seat s = 0; s < players; ++s) {
                    ASSERT_EQ(ev->hands[s]->size(), 5);
                    ASSERT_TRUE((all & *ev->hands[s]).empty());
                    all |= *ev->hands[s];
                    may_know[s] = *ev->hands[s];
                }
                ASSERT_FALSE(ev->hands[3].has_value());
                ASSERT_TRUE(ev->turn_up && !all.contains(*ev->turn_up));
                ASSERT_EQ((all | CardSet{*ev->turn_up}) - w.in_play, CardSet{});
                make_public(CardSet{*ev->turn_up});
            }
            if (auto* ev = std::get_if<ContractSettled>(&e)) {
                w.taker = ev->taker;
                w.contract = ev->contract;
                CardSet all;
                for (Seat s = 0; s < players; ++s) {
                    ASSERT_EQ(ev->hands[s]->size(), 8);  // 8 cards each
                    ASSERT_TRUE((all & *ev->hands[s]).empty());
                    all |= *ev->hands[s];
                    w.hands[s] = *ev->hands[s];
                    may_know[s] |= *ev->hands[s];
                }
                ASSERT_EQ(all, w.in_play);  // the 24 cards in play, each exactly once
            }
            if (auto* ev = std::get_if<CardPlayed>(&e)) {
                ASSERT_EQ(last.card, ev->card);
                ASSERT_FALSE(w.played.contains(ev->card));
                w.played.insert(ev->card);
                ++w.plays;
                ASSERT_EQ(ev->belote, expected_call(options, w, ev->seat, ev->card, last.belote)) << "seed " << seed;
                stats.belotes += ev->belote == BeloteCall::Belote;
                w.hands[ev->seat].erase(ev->card);
                make_public(CardSet{ev->card});
            }
            if (auto* ev = std::get_if<TrickWon>(&e)) {
                ASSERT_EQ(ev->trick.size(), players);
                w.card_points[ev->winner] += ev->points;
                w.tricks[ev->winner] += 1;
                w.last = ev->winner;
            }
            // Secrecy: every observer's copy of every event shows only what it may know, and never a card
            // out of play (docs/design.md invariant 2).
            for (int o = 0; o <= players; ++o) {
                Observer obs = o < players ? Observer::of_seat(o) : Observer::spectator();
                CardSet seen = cards_in(project(e, obs));
                ASSERT_EQ(seen - may_know[o], CardSet{}) << "observer " << o << " event " << e.index();
                ASSERT_TRUE((seen & out_of_play).empty());
            }
            if (auto* ev = std::get_if<DealScored>(&e)) {
                ++stats.deals;
                const DealScore& sc = ev->score;
                ASSERT_EQ(w.plays, 24);
                ASSERT_EQ(w.played, w.in_play);
                ASSERT_EQ(sc.card_points, w.card_points);
                ASSERT_EQ(sc.card_points.size(), players);
                const int out_points = card_points(out_of_play, w.contract);
                ASSERT_EQ(sc.card_points.sum() + out_points, in_play_points_expected);
                if (short_pack) {
                    ASSERT_EQ(sc.card_points.sum() + sc.last_trick.sum(), sc.capot ? 252 : 162);
                }
                ASSERT_EQ(sc.belote, w.belote);
                SideValues expected = rescore(options.rules.three_player, w);
                ASSERT_EQ(sc.score, expected) << "deal " << ev->deal_number << " seed " << seed;
                ASSERT_NE(sc.outcome, DealOutcome::Litige);
                ASSERT_EQ(sc.escrow_after, 0);
                for (Side p = 0; p < players; ++p) totals[p] += expected[p];
                ASSERT_EQ(ev->totals, totals);
                stats.failed += sc.outcome == DealOutcome::Failed;
                stats.capots += sc.capot;
                // §8 with three sides: over once someone reached the target with a strictly highest total.
                int best = std::max({totals[0], totals[1], totals[2]});
                int at_best = (totals[0] == best) + (totals[1] == best) + (totals[2] == best);
                bool should_end = best >= options.target && at_best == 1;
                bool ends = i + 1 < events.size() && std::holds_alternative<MatchEnded>(events[i + 1]);
                ASSERT_EQ(ends, should_end);
                if (ends) {
                    ASSERT_EQ(totals[std::get<MatchEnded>(events[i + 1]).winner], best);
                }
            }
        }
        for (int o = 0; o <= players; ++o) {
            Observer obs = o < players ? Observer::of_seat(o) : Observer::spectator();
            View v = m.view(obs);
            ASSERT_EQ(cards_in(v) - may_know[o], CardSet{}) << "observer " << o << " view";
            ASSERT_EQ(v.totals.size(), players);
        }
        if (m.finished()) break;
        Seat seat = *m.to_act();
        auto legal = m.legal_actions(seat);
        ASSERT_FALSE(legal.empty());
        for (Seat other = 0; other < players; ++other) {
            if (other == seat) continue;
            ASSERT_TRUE(m.legal_actions(other).empty());
        }
        if (m.phase() == Phase::Play) {
            for (const Action& a : legal) ASSERT_TRUE(m.hand(seat).contains(a.card));
        }
        Action action =
            robots ? robot_decide(m.view(Observer::of_seat(seat)), robot_rngs[seat]) : legal[rng.below(legal.size())];
        last = action;
        ApplyResult r = m.apply(seat, action);
        ASSERT_TRUE(r.ok()) << r.message;
        actions.push_back({seat, action});
        events = std::move(r.events);
    }
    ASSERT_TRUE(m.finished()) << "seed " << seed;
    ++stats.matches;

    // Records replay: the decks as dealt and the accepted actions give the same match.
    Match replay(options, seed + 1000003);
    for (const DealRecord& d : m.deal_records()) replay.preset_deck(d.deck);
    replay.start(m.deal_records().front().dealer);
    for (const auto& [seat, action] : actions) ASSERT_TRUE(replay.apply(seat, action).ok());
    ASSERT_TRUE(replay.finished());
    ASSERT_EQ(replay.history(), m.history());
    ASSERT_EQ(replay.totals(), m.totals());
    ASSERT_EQ(replay.winner(), m.winner());
}

void run_many(const MatchOptions& options, int matches, std::uint64_t seed0, bool robots = false) {
    Stats stats;
    for (int i = 0; i < matches; ++i) {
        play_and_check(options, seed0 + i, robots, stats);
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "seed " << seed0 + i;
            return;
        }
    }
    EXPECT_EQ(stats.matches, matches);
    EXPECT_GT(stats.failed, 0);
    EXPECT_GT(stats.belotes, 0);
    std::printf("  three_player%s: %d matches, %d deals, %d failed, %d capots, %d belotes\n", robots ? " (robots)" : "",
                stats.matches, stats.deals, stats.failed, stats.capots, stats.belotes);
}

TEST(ThreePlayerProperties, RandomLegalPlay) { run_many(three_player(), 2000, 20000); }

TEST(ThreePlayerProperties, Robots) { run_many(three_player(1000), 300, 22000, /*robots=*/true); }

TEST(ThreePlayerProperties, EveryOptionValue) {
    MatchOptions o = three_player();
    o.rules.three_player = {ThreePlayerDeck::Cards32, ThreePlayerSuccess::BeatCombined,
                            ThreePlayerFailure::OpponentsShare, ThreePlayerCapot::ShutOut50};
    run_many(o, 1000, 23000);
    run_many(o, 100, 24000, /*robots=*/true);
    MatchOptions m = three_player();
    m.rules.belote = {BeloteAnnouncement::ManualStrict, true};
    m.rules.play.must_undertrump = false;
    m.rules.classic_first_deal_2_3 = true;
    m.rules.round2_allow_turned_suit = true;
    m.rules.shuffle_policy = ShufflePolicy::ShuffleOnceThenCut;
    run_many(m, 1000, 25000);
    m.rules.belote.announcement = BeloteAnnouncement::Manual;
    m.rules.three_player.deck = ThreePlayerDeck::Cards32;
    run_many(m, 500, 26000);
}

}  // namespace three_player_properties
}  // namespace belote
