// Découverte: the expectiminimax solver over unseen face-down cards against an independent brute
// force (engine Trick and legal_cards, every reveal averaged over the unseen cards), and the solver
// on tableau positions whose lower cards are all known against the same brute force without chance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ai/chance_solver.hpp"
#include "ai/solver.hpp"
#include "engine/deck.hpp"
#include "engine/legal.hpp"

namespace belote::ai {
namespace chance_solver_test {

struct Ending {
    Contract contract;
    std::array<CardSet, 2> tops;                 // available cards
    std::array<CardSet, 2> covered;              // tops hiding a face-down card
    CardSet pool;                                // the unseen cards (as many as covered tops)
    std::array<std::array<int, 32>, 2> lower{};  // known lower card of each covered top (second test)
    Seat leader = 0;
    int tricks = 0;
};

Ending random_ending(Rng& rng, int piles, int covered) {
    Ending e;
    e.contract = Contract::suit(static_cast<Suit>(rng.below(4)));
    Deck deck = ordered_deck();
    shuffle(deck, rng);
    int next = 0;
    for (int s = 0; s < 2; ++s)
        for (int p = 0; p < piles; ++p) e.tops[s].insert(deck[next++]);
    for (int s = 0; s < 2; ++s) {
        std::vector<Card> tops = to_vector(e.tops[s]);
        for (int c = 0; c < covered; ++c) e.covered[s].insert(tops[c]);
    }
    for (int s = 0; s < 2; ++s)
        for (Card c : e.covered[s]) {
            e.pool.insert(deck[next]);
            e.lower[s][c.index()] = deck[next++].index();
        }
    e.leader = static_cast<Seat>(rng.below(2));
    e.tricks = piles + covered;
    return e;
}

// Exact expected final margin for seat 0 (points, last trick 10; no capot in these endings), the
// unseen cards turned up at the end of the trick in which their cover was played.
double brute(const Ending& e, std::array<CardSet, 2> avail, std::array<CardSet, 2> covered, CardSet pool, Trick trick,
             std::array<bool, 2> uncovering, std::array<int, 2> pts, int left, bool known) {
    // The solver's utility table is indexed by even margins (real deals always give even margins;
    // these synthetic endings may not): apply the same rounding to the final margin.
    if (left == 0) return known ? pts[0] - pts[1] : 2 * ((pts[0] - pts[1] + 252) / 2) - 252;
    const Seat seat = trick.next_seat();
    const CardSet legal = legal_cards(avail[seat], trick, e.contract, PlayRules{}, false);
    double best = seat == 0 ? -1e9 : 1e9;
    for (Card c : legal) {
        auto a = avail;
        auto cov = covered;
        auto unc = uncovering;
        a[seat].erase(c);
        if (cov[seat].contains(c)) {
            cov[seat].erase(c);
            unc[seat] = true;
            if (known) a[seat].insert(Card::from_index(e.lower[seat][c.index()]));  // joins after the trick
        }
        Trick t = trick;
        t.add(c);
        double v;
        if (!t.complete()) {
            v = brute(e, a, cov, pool, t, unc, pts, left, known);
        } else {
            const Seat w = t.winner(e.contract);
            auto p = pts;
            p[w] += t.points(e.contract) + (left == 1 ? 10 : 0);
            const Trick next(w, 2);
            if (known || (!unc[0] && !unc[1])) {
                v = brute(e, a, cov, pool, next, {false, false}, p, left - 1, known);
            } else {
                // Average over the unseen cards, one per uncovering seat (ordered, distinct).
                double sum = 0;
                int n = 0;
                std::vector<Card> cards = to_vector(pool);
                if (unc[0] && unc[1]) {
                    for (Card x : cards)
                        for (Card y : cards) {
                            if (x == y) continue;
                            auto b = a;
                            b[0].insert(x);
                            b[1].insert(y);
                            CardSet rest = pool;
                            rest.erase(x);
                            rest.erase(y);
                            sum += brute(e, b, cov, rest, next, {false, false}, p, left - 1, known);
                            ++n;
                        }
                } else {
                    const Seat s = unc[0] ? 0 : 1;
                    for (Card x : cards) {
                        auto b = a;
                        b[s].insert(x);
                        CardSet rest = pool;
                        rest.erase(x);
                        sum += brute(e, b, cov, rest, next, {false, false}, p, left - 1, known);
                        ++n;
                    }
                }
                v = sum / n;
            }
        }
        best = seat == 0 ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

Position position_of(const Ending& e, const PlaySetup& setup, bool known) {
    Position pos(setup, {e.tops[0], e.tops[1], {}, {}}, e.leader, 16 - e.tricks, {}, {1, 1});
    for (int s = 0; s < 2; ++s)
        for (Card c : e.covered[s])
            pos.set_beneath(c.index(), known ? static_cast<std::int8_t>(e.lower[s][c.index()]) : unknown_card);
    if (!known) pos.set_unknown_pool(e.pool);
    return pos;
}

MarginUtility identity() {
    MarginUtility u{};
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = margin_of_index(static_cast<int>(i));
    return u;
}

TEST(ChanceSolver, MatchesBruteForceExpectiminimax) {
    Rng rng(4);
    const MarginUtility u = identity();
    for (int iter = 0; iter < 300; ++iter) {
        const Ending e = random_ending(rng, 2 + static_cast<int>(rng.below(2)), 1 + static_cast<int>(rng.below(2)));
        const CardTables tables = CardTables::of(e.contract);
        const PlaySetup setup{&tables, PlayRules{}, 2, false, 16};
        Position pos = position_of(e, setup, false);
        ChanceSolver solver(12);
        const double expected =
            brute(e, e.tops, e.covered, e.pool, Trick(e.leader, 2), {false, false}, {0, 0}, e.tricks, false);
        ASSERT_NEAR(solver.solve(pos, 0, u), expected, 1e-3) << "iteration " << iter;
    }
}

TEST(Solver, SolvesTableauEndingsWithKnownLowerCards) {
    Rng rng(8);
    for (int iter = 0; iter < 300; ++iter) {
        const Ending e = random_ending(rng, 2 + static_cast<int>(rng.below(3)), static_cast<int>(rng.below(3)));
        const CardTables tables = CardTables::of(e.contract);
        const PlaySetup setup{&tables, PlayRules{}, 2, false, 16};
        Position pos = position_of(e, setup, true);
        Solver solver(12);
        const double expected =
            brute(e, e.tops, e.covered, e.pool, Trick(e.leader, 2), {false, false}, {0, 0}, e.tricks, true);
        ASSERT_EQ(solver.solve(pos, 0), static_cast<int>(expected)) << "iteration " << iter;
    }
}

}  // namespace chance_solver_test
}  // namespace belote::ai
