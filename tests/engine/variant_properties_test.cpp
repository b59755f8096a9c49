// Property tests over thousands of seeded random matches per variant (docs/rules.md §1–§8, §3, §4, §6):
// every card once per deal, legal sets never empty, 162/252 per deal, 8 (16) cards per player,
// scores recomputed independently from the play, the end of match per §8, and Découverte secrecy.
#include <gtest/gtest.h>

#include <algorithm>
#include <variant>

#include "engine/match.hpp"
#include "engine/robot.hpp"

namespace belote {
namespace variant_properties_test {

// What the test itself observed during one deal (from the full events), to rescore it independently.
struct DealWatch {
    CardSet played;
    int plays = 0;
    std::array<int, 4> plays_by_seat{};
    std::array<int, 2> card_points{};  // from TrickWon, no bonus
    std::array<int, 2> tricks{};
    Team last_winner = 0;
    std::array<int, 2> belote{};  // credited by the test's own reading of §2.5
    std::array<int, 2> melds{};
    Team takers = 0;
    int bid_value = 0;
    int contre_level = 0;
    // §2.5 belote, followed independently: the cards that can pair with a played honour (4 players:
    // the hand; DE: the face-up tableau cards, §6.6) and who said "belote" in each suit.
    Contract contract;
    std::array<CardSet, 4> cards_now{};
    std::array<std::optional<Seat>, 4> called{};
};

// §2.5 / §4.3 / §6.6: belote suits are the trump suit; none in SA; every suit in TA (ta_belote =
// each_suit); in Découverte only with decouverte_belote.
bool belote_suit(const MatchOptions& o, const Contract& c, Suit suit) {
    if (o.variant == Variant::Decouverte && !o.rules.decouverte.belote) return false;
    if (c.kind == ContractKind::SuitTrump) return c.trump == suit;
    return c.kind == ContractKind::AllTrump && o.rules.coinche.ta_belote == TaBelote::EachSuit;
}

// The words the rules expect to be heard with `card` played by `seat` saying `said` (§2.5), and the
// points credited; updates the watch.
BeloteCall expected_call(const MatchOptions& o, DealWatch& w, Seat seat, Card card, BeloteCall said) {
    const bool honour = card.rank() == Rank::King || card.rank() == Rank::Queen;
    if (!honour || !belote_suit(o, w.contract, card.suit())) return BeloteCall::None;
    const BeloteAnnouncement mode = o.rules.belote.announcement;
    const int su = static_cast<int>(card.suit());
    const Card other(card.rank() == Rank::King ? Rank::Queen : Rank::King, card.suit());
    if (w.cards_now[seat].contains(other) && (!o.rules.belote.king_first || card.rank() == Rank::King)) {
        if (mode != BeloteAnnouncement::Auto && said != BeloteCall::Belote) return BeloteCall::None;
        w.called[su] = seat;
        if (mode != BeloteAnnouncement::ManualStrict) w.belote[team_of(seat)] += 20;
        return BeloteCall::Belote;
    }
    if (w.called[su] == seat) {
        if (mode != BeloteAnnouncement::Auto && said != BeloteCall::Rebelote) return BeloteCall::None;
        if (mode == BeloteAnnouncement::ManualStrict) w.belote[team_of(seat)] += 20;
        return BeloteCall::Rebelote;
    }
    return BeloteCall::None;
}

// Independent rescoring (§2.6–2.7, §3.4, §4.4–4.5, §6.6). Returns {score, escrow after}.
std::pair<std::array<int, 2>, int> rescore(const MatchOptions& o, const DealWatch& w, int escrow) {
    const int n_tricks = o.variant == Variant::Decouverte ? 16 : 8;
    const Team t = w.takers, d = 1 - t;
    const bool capot_t = w.tricks[t] == n_tricks, capot_d = w.tricks[d] == n_tricks;
    std::array<int, 2> c = w.card_points;
    c[w.last_winner] += (capot_t || capot_d) ? 100 : 10;
    std::array<int, 2> tot{c[0] + w.melds[0] + w.belote[0], c[1] + w.melds[1] + w.belote[1]};
    const int all_melds = w.melds[0] + w.melds[1];
    std::array<int, 2> s{};
    enum { Made, Failed, Litige } out;
    if (o.variant == Variant::Decouverte) {  // §6.6: beat the opponent; no litige
        const MeldRules& mr = o.rules.melds;
        if (capot_t || (!capot_d && tot[t] > tot[d])) {
            s = tot;
            if (capot_t && mr.capot == MeldTransfer::ToWinners) {
                s[t] += w.melds[d];
                s[d] -= w.melds[d];
            }
        } else {
            bool moves = (capot_d ? mr.capot : mr.failed_contract) == MeldTransfer::ToWinners;
            s[d] = (capot_d ? 252 : 162) + w.melds[d] + (moves ? w.melds[t] : 0) + w.belote[d];
            s[t] = w.belote[t] + (moves ? 0 : w.melds[t]);
        }
        return {s, 0};
    }
    if (o.variant == Variant::Coinche) {
        const CoincheRules& r = o.rules.coinche;
        const int V = w.bid_value;
        const int m = w.contre_level == 0 ? 1 : w.contre_level == 1 ? 2 : r.surcontre_multiplier;
        const bool capot_bid = V == 250;
        // §4.4 coinche_melds_count / coinche_belote_counts: what the contract is judged on.
        std::array<int, 2> judged = tot;
        for (Team x : {0, 1}) judged[x] -= (r.melds_count ? 0 : w.melds[x]) + (r.belote_counts ? 0 : w.belote[x]);
        if (capot_bid)
            out = capot_t ? Made : Failed;
        else if (capot_t)
            out = Made;
        else if (judged[t] < V)
            out = Failed;
        else if (judged[t] == judged[d])  // §4.4: whichever success rule, a doubled tie fails
            out = m == 1 && r.tie == CoincheTie::Litige ? Litige : Failed;
        else if (r.success == CoincheSuccess::ReachOnly)
            out = Made;
        else
            out = judged[t] > judged[d] ? Made : Failed;
        const int f = r.double_scope == CoincheDoubleScope::WholeScore ? m : 1;  // whole_score
        auto base = [&](Team x) { return w.tricks[x] == 8 ? 252 : r.fail_base; };
        auto part = [&](Team x) {
            if (capot_bid && r.capot_scoring == CoincheCapotScoring::Forfait500) return 500 * m;
            return r.double_scope == CoincheDoubleScope::ContractOnly ? base(x) + m * V : m * (base(x) + V);
        };
        const bool capot_moves = o.rules.melds.capot == MeldTransfer::ToWinners;
        const bool fail_moves = o.rules.melds.failed_contract == MeldTransfer::ToWinners;
        if (out == Made && m == 1) {
            int moved = capot_t && capot_moves ? w.melds[d] : 0;
            s[t] = (capot_bid && r.capot_scoring == CoincheCapotScoring::Forfait500 ? 500 + w.melds[t] + w.belote[t]
                                                                                    : tot[t] + V) +
                   moved;
            s[d] = tot[d] - moved;
        } else if (out == Made) {
            s[t] = part(t) + f * (all_melds + w.belote[t]);
            s[d] = w.belote[d];
        } else if (out == Failed) {
            const bool moves = capot_d ? capot_moves : fail_moves;
            s[d] = part(d) + f * (w.melds[d] + (moves ? w.melds[t] : 0) + w.belote[d]);
            s[t] = w.belote[t] + (moves ? 0 : w.melds[t]);
            if (r.belote_on_failure == CoincheBeloteOnFailure::ToDefenders) {
                s[d] += f * w.belote[t];
                s[t] -= w.belote[t];
            }
        } else {
            s[d] = tot[d];
            if (!o.rules.litige_escrow_includes_belote) {
                s[t] = w.belote[t];
                return {s, escrow + tot[t] - w.belote[t]};
            }
            return {s, escrow + tot[t]};
        }
    } else {
        const MeldRules& mr = o.rules.melds;
        bool capot_moves = mr.capot == MeldTransfer::ToWinners,
             fail_moves = mr.failed_contract == MeldTransfer::ToWinners;
        if (capot_t) {
            out = Made;
            s[t] = 252 + (capot_moves ? all_melds : w.melds[t]) + w.belote[t];
            s[d] = w.belote[d] + (capot_moves ? 0 : w.melds[d]);
        } else if (capot_d) {
            out = Failed;
            s[d] = 252 + (capot_moves ? all_melds : w.melds[d]) + w.belote[d];
            s[t] = w.belote[t] + (capot_moves ? 0 : w.melds[t]);
        } else if (tot[t] > tot[d]) {
            out = Made;
            s = tot;
        } else if (tot[t] < tot[d]) {
            out = Failed;
            s[t] = w.belote[t] + (fail_moves ? 0 : w.melds[t]);
            s[d] = 162 + (fail_moves ? all_melds : w.melds[d]) + w.belote[d];
        } else {
            out = Litige;
            s[d] = tot[d];
            if (!o.rules.litige_escrow_includes_belote) {
                s[t] = w.belote[t];
                return {s, escrow + tot[t] - w.belote[t]};
            }
            return {s, escrow + tot[t]};
        }
    }
    s[out == Made ? t : d] += escrow;
    return {s, 0};
}

// Cards an event shows (for the secrecy property).
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
            } else if constexpr (std::is_same_v<T, ContractSettled>)
                hands(ev.hands);
            else if constexpr (std::is_same_v<T, TurnStarted>) {
                if (ev.legal)
                    for (auto& a : *ev.legal) {
                        if (a.kind == ActionKind::PlayCard) cs.insert(a.card);
                        cs |= a.cards;  // Declare: the seat's own combinations
                    }
            } else if constexpr (std::is_same_v<T, CardPlayed>)
                cs.insert(ev.card);
            else if constexpr (std::is_same_v<T, TrickWon>)
                cs |= ev.trick.cards();
            else if constexpr (std::is_same_v<T, TableauxDealt>) {
                for (auto& tv : ev.tableaux)
                    for (auto& p : tv)
                        if (p.face_up) cs.insert(*p.face_up);
            } else if constexpr (std::is_same_v<T, CardRevealed>)
                cs.insert(ev.card);
            else if constexpr (std::is_same_v<T, MeldsFound>) {
                for (auto& x : ev.melds)
                    if (x)
                        for (auto& m : *x) cs |= m.cards;
            } else if constexpr (std::is_same_v<T, MeldsShown>) {
                for (auto& sm : ev.melds)
                    for (auto& m : sm.melds) cs |= m.cards;
            }
        },
        e);
    return cs;
}

CardSet cards_in(const View& v) {
    CardSet cs = v.hand | v.trick.cards();
    if (v.last_trick) cs |= v.last_trick->cards();
    if (v.turn_up) cs.insert(*v.turn_up);
    for (auto& a : v.legal) {
        if (a.kind == ActionKind::PlayCard) cs.insert(a.card);
        cs |= a.cards;
    }
    for (auto& tv : v.tableaux)
        for (auto& p : tv)
            if (p.face_up) cs.insert(*p.face_up);
    for (auto& m : v.own_melds) cs |= m.cards;
    for (auto& sm : v.shown_melds)
        for (auto& m : sm.melds) cs |= m.cards;
    return cs;
}

struct Stats {
    int matches = 0, deals = 0, capots = 0, litiges = 0, failed = 0, contres = 0, multi_belote = 0, awarded = 0;
};

// Plays one match with random legal actions (or robots) and checks every property. Returns false on failure.
void play_and_check(const MatchOptions& options, std::uint64_t seed, bool robots, Stats& stats) {
    Match m(options, seed);
    Rng rng(seed * 7919 + 1);
    const int seats = m.seats();
    const int cards_each = options.variant == Variant::Decouverte ? 16 : 8;
    const bool de = options.variant == Variant::Decouverte;
    DealWatch w;
    int escrow = 0;
    std::array<int, 2> escrow_by_side{};  // who put the pending escrow there (escrow_at_match_end)
    std::array<int, 2> totals{};
    Action last{};  // the action that produced the batch of events being checked
    std::vector<Event> events = m.start();
    CardSet hidden_before;  // face-down cards before the batch (Découverte)
    // 4 seats: what each observer (seats 0-3, 4 = spectator) may have seen this deal.
    std::array<CardSet, 5> may_know{};
    auto make_public = [&](CardSet cs) {
        for (auto& k : may_know) k |= cs;
    };
    for (int step = 0; step < 200000; ++step) {
        // Check the batch of events just produced.
        CardSet hidden = hidden_before;
        for (size_t i = 0; i < events.size(); ++i) {
            const Event& e = events[i];
            if (auto* ev = std::get_if<DealStarted>(&e)) {
                w = DealWatch{};
                may_know = {};
                if (!de) {
                    for (Seat s = 0; s < seats; ++s) may_know[s] = *ev->hands[s];
                    if (ev->turn_up) make_public(CardSet{*ev->turn_up});
                }
                hidden = m.face_down(0) | m.face_down(1);
                if (de) {
                    ASSERT_EQ((m.hand(0) | m.hand(1)), CardSet::full());
                    ASSERT_EQ(m.hand(0).size(), 16);
                    ASSERT_EQ(m.hand(1).size(), 16);
                    ASSERT_EQ(ev->turn_up, std::optional<Card>(m.deal_records().back().deck[31]));
                }
            }
            if (auto* ev = std::get_if<CardRevealed>(&e)) hidden.erase(ev->card);
            if (de) {
                for (const Observer& o : {Observer::of_seat(0), Observer::of_seat(1), Observer::spectator()}) {
                    ASSERT_TRUE((cards_in(project(e, o)) & hidden).empty())
                        << "face-down card leaked in event " << e.index();
                }
            }
            if (!de) {
                if (auto* ev = std::get_if<ContractSettled>(&e))
                    for (Seat s = 0; s < seats; ++s) may_know[s] |= *ev->hands[s];
                if (auto* ev = std::get_if<CardPlayed>(&e)) make_public(CardSet{ev->card});
                if (auto* ev = std::get_if<MeldsShown>(&e))
                    for (auto& sm : ev->melds)
                        for (auto& mm : sm.melds) make_public(mm.cards);
                for (int o = 0; o <= seats; ++o) {
                    Observer obs = o < seats ? Observer::of_seat(o) : Observer::spectator();
                    ASSERT_EQ(cards_in(project(e, obs)) - may_know[o], CardSet{})
                        << "observer " << o << " sees another seat's card in event " << e.index();
                }
            }
            if (auto* ev = std::get_if<MeldsFound>(&e))
                for (Seat s = 0; s < seats; ++s) {
                    auto p = std::get<MeldsFound>(project(e, Observer::of_seat(s)));
                    for (Seat o = 0; o < seats; ++o) ASSERT_EQ(p.melds[o].has_value(), o == s);
                    ASSERT_EQ(*p.melds[s], *ev->melds[s]);
                }
            if (auto* ev = std::get_if<ContractSettled>(&e)) {
                w.takers = team_of(ev->taker);
                w.bid_value = ev->bid_value;
                w.contre_level = ev->contre_level;
                if (ev->contre_level) ++stats.contres;
                w.contract = ev->contract;
                if (!de)
                    for (Seat s = 0; s < seats; ++s) w.cards_now[s] = *ev->hands[s];
                if (!de) {
                    CardSet all;
                    for (Seat s = 0; s < seats; ++s) {
                        ASSERT_EQ(ev->hands[s]->size(), 8);
                        ASSERT_TRUE((all & *ev->hands[s]).empty());
                        all |= *ev->hands[s];
                    }
                    ASSERT_EQ(all, CardSet::full());
                }
            }
            if (auto* ev = std::get_if<TableauxDealt>(&e))
                for (Seat s = 0; s < seats; ++s)
                    for (const PileView& pile : ev->tableaux[s])
                        if (pile.face_up) w.cards_now[s].insert(*pile.face_up);
            if (auto* ev = std::get_if<CardRevealed>(&e)) w.cards_now[ev->seat].insert(ev->card);
            if (auto* ev = std::get_if<CardPlayed>(&e)) {
                ASSERT_FALSE(w.played.contains(ev->card));
                w.played.insert(ev->card);
                ++w.plays;
                ++w.plays_by_seat[ev->seat];
                ASSERT_EQ(last.card, ev->card);
                ASSERT_EQ(ev->belote, expected_call(options, w, ev->seat, ev->card, last.belote))
                    << to_string(last) << " seed " << seed;
                w.cards_now[ev->seat].erase(ev->card);
            }
            if (auto* ev = std::get_if<TrickWon>(&e)) {
                w.card_points[team_of(ev->winner)] += ev->points;
                w.tricks[team_of(ev->winner)] += 1;
                w.last_winner = team_of(ev->winner);
            }
            if (auto* ev = std::get_if<MeldsShown>(&e)) w.melds[ev->team] = ev->points;
            if (auto* ev = std::get_if<DealScored>(&e)) {
                ++stats.deals;
                const DealScore& sc = ev->score;
                ASSERT_EQ(w.played, CardSet::full());
                ASSERT_EQ(w.plays, 32);
                for (Seat s = 0; s < seats; ++s) ASSERT_EQ(w.plays_by_seat[s], cards_each);
                int cards_total = sc.card_points[0] + sc.card_points[1] + sc.last_trick[0] + sc.last_trick[1];
                ASSERT_EQ(cards_total, sc.capot ? 252 : 162);
                ASSERT_EQ(sc.card_points, w.card_points);
                ASSERT_EQ(sc.belote, w.belote);
                auto [expected, escrow_after] = rescore(options, w, escrow);
                if (escrow_after > escrow)
                    escrow_by_side[w.takers] += escrow_after - escrow;
                else
                    escrow_by_side = {};
                // §8 escrow_at_match_end = award_to_creators: a match about to end gives the pending
                // escrow back to the sides that put it there.
                std::array<int, 2> after{totals[0] + expected[0], totals[1] + expected[1]};
                if (options.rules.escrow_at_match_end == EscrowAtMatchEnd::AwardToCreators && escrow_after > 0 &&
                    (after[0] >= options.target || after[1] >= options.target) && after[0] != after[1]) {
                    for (Team x : {0, 1}) expected[x] += escrow_by_side[x];
                    escrow_after = 0;
                    escrow_by_side = {};
                    ++stats.awarded;
                }
                ASSERT_EQ(sc.score, expected) << "deal " << ev->deal_number << " seed " << seed;
                escrow = escrow_after;
                ASSERT_EQ(sc.escrow_after, escrow);
                for (Team x : {0, 1}) totals[x] += expected[x];
                ASSERT_EQ(ev->totals, totals);
                stats.capots += sc.capot;
                stats.multi_belote += sc.belote[0] + sc.belote[1] > 20;
                stats.litiges += sc.outcome == DealOutcome::Litige;
                stats.failed += sc.outcome == DealOutcome::Failed;
                // §8: ends exactly when a side reached the target and the totals differ.
                bool should_end =
                    (totals[0] >= options.target || totals[1] >= options.target) && totals[0] != totals[1];
                bool ends = i + 1 < events.size() && std::holds_alternative<MatchEnded>(events[i + 1]);
                ASSERT_EQ(ends, should_end);
                if (ends) {
                    ASSERT_EQ(std::get<MatchEnded>(events[i + 1]).winner, totals[0] > totals[1] ? 0 : 1);
                }
            }
        }
        hidden_before = m.face_down(0) | m.face_down(1);
        if (de) {
            for (const Observer& o : {Observer::of_seat(0), Observer::of_seat(1), Observer::spectator()}) {
                ASSERT_TRUE((cards_in(m.view(o)) & hidden_before).empty()) << "face-down card leaked in a view";
            }
        }
        if (!de) {
            for (int o = 0; o <= seats; ++o) {
                Observer obs = o < seats ? Observer::of_seat(o) : Observer::spectator();
                ASSERT_EQ(cards_in(m.view(obs)) - may_know[o], CardSet{}) << "observer " << o << " view";
            }
        }
        if (m.finished()) {
            ++stats.matches;
            return;
        }
        Seat seat = *m.to_act();
        auto legal = m.legal_actions(seat);
        ASSERT_FALSE(legal.empty());
        if (de && m.phase() == Phase::Play) {
            for (auto& a : legal) {
                if (a.kind == ActionKind::PlayCard) {
                    ASSERT_FALSE(m.face_down(seat).contains(a.card));
                }
                ASSERT_TRUE((m.face_down(seat) & a.cards).empty());  // Declare: face-up cards only
            }
        }
        Action action;
        // coinche_contre_timing = any_time: now and then an opponent contres out of turn (§4.2).
        if (options.rules.coinche.contre_timing == CoincheContreTiming::AnyTime && m.phase() == Phase::Auction &&
            rng.below(4) == 0) {
            Seat other = static_cast<Seat>(rng.below(seats));
            if (other != seat && !m.legal_actions(other).empty()) {
                ASSERT_EQ(m.legal_actions(other), std::vector<Action>{Action::contre()});
                seat = other;
                legal = m.legal_actions(other);
            }
        }
        if (seat != *m.to_act()) {
            action = Action::contre();
        } else if (robots) {
            action = robot_decide(m.view(Observer::of_seat(seat)), rng);
        } else if (options.variant == Variant::Coinche && m.phase() == Phase::Auction && rng.below(10) < 7) {
            action = Action::pass();  // keep random auctions from always racing to capot
        } else {
            action = legal[rng.below(legal.size())];
        }
        last = action;
        auto result = m.apply(seat, action);
        ASSERT_TRUE(result.ok()) << result.message;
        events = std::move(result.events);
    }
    FAIL() << "match did not finish";
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
    std::printf(
        "  %s%s: %d matches, %d deals, %d capots, %d litiges, %d failed, %d contred, %d with 2+ belotes, "
        "%d escrows given back\n",
        std::string(to_string(options.variant)).c_str(), robots ? " (robots)" : "", stats.matches, stats.deals,
        stats.capots, stats.litiges, stats.failed, stats.contres, stats.multi_belote, stats.awarded);
}

MatchOptions of(Variant v, int target = 301) {
    MatchOptions o;
    o.variant = v;
    o.target = target;
    return o;
}

TEST(VariantProperties, ClassicRandom) { run_many(of(Variant::Classic), 2000, 1000); }
TEST(VariantProperties, ClassicAnnouncementsRandom) { run_many(of(Variant::ClassicAnnouncements), 2000, 2000); }
TEST(VariantProperties, CoincheRandom) { run_many(of(Variant::Coinche), 2000, 3000); }
TEST(VariantProperties, DecouverteRandom) { run_many(of(Variant::Decouverte), 2000, 4000); }

TEST(VariantProperties, RobotsFullMatches) {
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte})
        run_many(of(v, 1000), 200, 5000, /*robots=*/true);
}

TEST(VariantProperties, ClassicAnnouncementsNonDefaultOptions) {
    MatchOptions o = of(Variant::ClassicAnnouncements);
    o.rules.melds = {MeldLongRun::Split, EqualMeldTiebreak::Cancel, MeldTransfer::KeptByOwner,
                     MeldTransfer::KeptByOwner};
    run_many(o, 1000, 6000);
}

TEST(VariantProperties, CoincheNonDefaultOptions) {
    MatchOptions o = of(Variant::Coinche, 501);
    CoincheRules& r = o.rules.coinche;
    r.deal_pattern = CoincheDealPattern::P233;
    r.sa_ta = false;
    r.announcements = false;
    r.capot_doublable = false;
    r.success = CoincheSuccess::ReachOnly;
    r.tie = CoincheTie::Fail;
    r.fail_base = 160;
    r.double_scope = CoincheDoubleScope::ContractOnly;
    r.surcontre_multiplier = 3;
    r.capot_scoring = CoincheCapotScoring::Forfait500;
    r.belote_on_failure = CoincheBeloteOnFailure::ToDefenders;
    r.ta_belote = TaBelote::None;
    run_many(o, 1000, 7000);
    MatchOptions ta = of(Variant::Coinche);
    ta.rules.coinche.ta_belote = TaBelote::None;
    ta.rules.melds.equal_tiebreak = EqualMeldTiebreak::Cancel;
    run_many(ta, 500, 7500);
    // Issue 17: the meld transfer options and reach_only ties (doubled or coinche_tie = fail).
    MatchOptions kept = of(Variant::Coinche);
    kept.rules.melds.failed_contract = MeldTransfer::KeptByOwner;
    kept.rules.melds.capot = MeldTransfer::KeptByOwner;
    kept.rules.coinche.success = CoincheSuccess::ReachOnly;
    run_many(kept, 500, 7700);
    kept.rules.coinche.tie = CoincheTie::Fail;
    kept.rules.coinche.belote_on_failure = CoincheBeloteOnFailure::ToDefenders;
    run_many(kept, 500, 7900);
}

TEST(VariantProperties, DecouverteNonDefaultOptions) {
    MatchOptions o = of(Variant::Decouverte);
    o.rules.decouverte = {DecouverteReveal::LeaderImmediately, DecouverteDealOrder::Blog,
                          DecouverteDealer::WinnerDeals};
    run_many(o, 1000, 8000);
    MatchOptions every = of(Variant::Decouverte);
    every.rules.shuffle_policy = ShufflePolicy::ShuffleEveryDeal;
    run_many(every, 300, 8500);
}

// Issue 17: every §9 value the engine refused before, in random and robot play, each deal rescored
// by the test's own reading of docs/rules.md.
TEST(VariantProperties, BeloteAnnouncementModes) {
    for (BeloteAnnouncement mode : {BeloteAnnouncement::Manual, BeloteAnnouncement::ManualStrict})
        for (bool king_first : {false, true})
            for (Variant v : {Variant::Classic, Variant::Coinche}) {
                MatchOptions o = of(v);
                o.rules.belote = {mode, king_first};
                run_many(o, 300, 9000);
                run_many(o, 50, 9500, /*robots=*/true);
            }
    MatchOptions king = of(Variant::ClassicAnnouncements);
    king.rules.belote.king_first = true;
    run_many(king, 300, 9700);
}

TEST(VariantProperties, ManualMeldsAndCardReuse) {
    for (Variant v : {Variant::ClassicAnnouncements, Variant::Coinche}) {
        MatchOptions o = of(v);
        o.rules.melds.declaration = MeldDeclaration::Manual;
        run_many(o, 500, 10000);
        run_many(o, 50, 10500, /*robots=*/true);
        o.rules.melds.card_reuse = true;
        run_many(o, 300, 10700);
        MatchOptions reuse = of(v);
        reuse.rules.melds.card_reuse = true;
        run_many(reuse, 300, 10900);
    }
}

TEST(VariantProperties, CoincheAuctionAndScoringOptions) {
    MatchOptions o = of(Variant::Coinche);
    o.rules.coinche.bid_ranking = CoincheBidRanking::DenominationOrder;
    o.rules.coinche.contre_timing = CoincheContreTiming::AnyTime;
    run_many(o, 500, 11000);
    MatchOptions counts = of(Variant::Coinche);
    counts.rules.coinche.melds_count = false;
    counts.rules.coinche.belote_counts = false;
    counts.rules.coinche.double_scope = CoincheDoubleScope::WholeScore;
    counts.rules.litige_escrow_includes_belote = false;
    run_many(counts, 500, 11500);
    run_many(counts, 50, 11800, /*robots=*/true);
}

TEST(VariantProperties, DirectionAndEscrowAtMatchEnd) {
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche}) {
        MatchOptions o = of(v);
        o.rules.direction = Direction::Clockwise;
        o.rules.escrow_at_match_end = EscrowAtMatchEnd::AwardToCreators;
        run_many(o, 1000, 12000);
    }
    MatchOptions classic = of(Variant::Classic);
    classic.rules.escrow_at_match_end = EscrowAtMatchEnd::AwardToCreators;
    classic.rules.litige_escrow_includes_belote = false;
    run_many(classic, 1000, 13000);
}

TEST(VariantProperties, DecouverteBeloteAndAnnouncements) {
    MatchOptions o = of(Variant::Decouverte);
    o.rules.decouverte.belote = true;
    o.rules.decouverte.announcements = true;
    run_many(o, 1000, 14000);
    run_many(o, 100, 14500, /*robots=*/true);
    o.rules.belote = {BeloteAnnouncement::Manual, true};
    o.rules.melds = {MeldLongRun::Split,        EqualMeldTiebreak::Cancel, MeldTransfer::KeptByOwner,
                     MeldTransfer::KeptByOwner, MeldDeclaration::Manual,   true};
    o.rules.decouverte.reveal = DecouverteReveal::LeaderImmediately;
    run_many(o, 500, 14700);
}

TEST(VariantOptions, ValidateRefusesOptionsAVariantDoesNotUse) {
    MatchOptions classic;
    classic.rules.coinche.sa_ta = false;
    ASSERT_TRUE(validate(classic).has_value());
    EXPECT_NE(validate(classic)->find("coinche"), std::string::npos);
    MatchOptions cl0;
    cl0.rules.melds.long_run = MeldLongRun::Split;
    EXPECT_TRUE(validate(cl0).has_value());
    MatchOptions cl1 = cl0;
    cl1.variant = Variant::ClassicAnnouncements;
    EXPECT_FALSE(validate(cl1).has_value());
    MatchOptions contree;
    contree.variant = Variant::Coinche;
    contree.rules.coinche.announcements = false;
    EXPECT_FALSE(validate(contree).has_value());
    contree.rules.melds.equal_tiebreak = EqualMeldTiebreak::Cancel;
    EXPECT_TRUE(validate(contree).has_value());
    MatchOptions de;
    de.variant = Variant::Decouverte;
    EXPECT_FALSE(validate(de).has_value());
    de.rules.play.must_undertrump = false;
    EXPECT_TRUE(validate(de).has_value());
    MatchOptions co;
    co.variant = Variant::Coinche;
    co.rules.coinche.surcontre_multiplier = 5;
    EXPECT_TRUE(validate(co).has_value());
    MatchOptions cl;
    cl.rules.decouverte.deal_order = DecouverteDealOrder::Blog;
    EXPECT_TRUE(validate(cl).has_value());
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
        MatchOptions ok;
        ok.variant = v;
        EXPECT_FALSE(validate(ok).has_value()) << to_string(v);
    }
    // Belote and announcement options apply to Découverte only with its bonus options.
    MatchOptions de_belote;
    de_belote.variant = Variant::Decouverte;
    de_belote.rules.belote.announcement = BeloteAnnouncement::Manual;
    EXPECT_TRUE(validate(de_belote).has_value());
    de_belote.rules.decouverte.belote = true;
    EXPECT_FALSE(validate(de_belote).has_value());
    MatchOptions de_melds;
    de_melds.variant = Variant::Decouverte;
    de_melds.rules.melds.card_reuse = true;
    EXPECT_TRUE(validate(de_melds).has_value());
    de_melds.rules.decouverte.announcements = true;
    EXPECT_FALSE(validate(de_melds).has_value());
    de_melds.rules.escrow_at_match_end = EscrowAtMatchEnd::AwardToCreators;
    EXPECT_TRUE(validate(de_melds).has_value());  // no litige escrow in Découverte
}

}  // namespace variant_properties_test
}  // namespace belote
