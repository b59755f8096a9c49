// The search position and the double-dummy solver against independent references: legal moves
// against engine legal_cards, solver values against a brute-force minimax built on the engine's
// Trick and legal_cards (no pruning, no table, no move reduction) on small endings.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai/solver.hpp"
#include "engine/deck.hpp"
#include "engine/legal.hpp"
#include "engine/rng.hpp"

namespace belote::ai {
namespace solver_test {

Contract random_contract(Rng& rng) {
    int k = static_cast<int>(rng.below(6));
    if (k == 4) return Contract::no_trump();
    if (k == 5) return Contract::all_trump();
    return Contract::suit(static_cast<Suit>(k));
}

PlayRules random_rules(Rng& rng) {
    PlayRules r;
    r.trump_lead_overtake_partner = rng.below(2);
    r.partner_winning_exemption = rng.below(2);
    r.partner_winning_trump_restriction = static_cast<PartnerWinningTrumpRestriction>(rng.below(3));
    r.must_undertrump = rng.below(2);
    return r;
}

// A random 4-seat ending: `tricks` cards per hand, the earlier tricks split at random.
struct Ending {
    std::array<CardSet, 4> hands;
    Contract contract;
    PlayRules rules;
    Seat leader = 0;
    std::array<int, 2> points{};
    std::array<int, 2> won{};
    int tricks = 0;
};

Ending random_ending(Rng& rng, int tricks) {
    Ending e;
    e.tricks = tricks;
    Deck deck = ordered_deck();
    shuffle(deck, rng);
    for (int s = 0; s < 4; ++s)
        for (int k = 0; k < tricks; ++k) e.hands[s].insert(deck[s * tricks + k]);
    e.contract = random_contract(rng);
    e.rules = random_rules(rng);
    e.leader = static_cast<Seat>(rng.below(4));
    // Cards not in the hands were played in earlier tricks: give their points to the teams at random,
    // sometimes all to one team (so that capot stays possible).
    CardSet gone;
    for (int i = 4 * tricks; i < 32; ++i) gone.insert(deck[i]);
    int played = 8 - tricks;
    int mode = static_cast<int>(rng.below(3));
    for (int t = 0; t < played; ++t) {
        Team team = mode < 2 ? mode : static_cast<Team>(rng.below(2));
        e.won[team] += 1;
    }
    int total = card_points(gone, e.contract);
    if (e.won[0] == 0)
        e.points[1] = total;
    else if (e.won[1] == 0)
        e.points[0] = total;
    else {
        e.points[0] = static_cast<int>(rng.below(total + 1));
        e.points[1] = total - e.points[0];
    }
    return e;
}

int brute_force(std::array<CardSet, 4> hands, Trick trick, const Ending& e, int tricks_left, std::array<int, 2> pts,
                std::array<int, 2> won, Team team) {
    if (tricks_left == 0) return pts[team] - pts[1 - team];
    Seat seat = trick.next_seat();
    CardSet legal = legal_cards(hands[seat], trick, e.contract, e.rules, true);
    bool maximizing = team_of(seat) == team;
    int best = maximizing ? -10000 : 10000;
    for (Card c : legal) {
        auto h = hands;
        h[seat].erase(c);
        Trick t = trick;
        t.add(c);
        auto p = pts;
        auto w = won;
        int left = tricks_left;
        if (t.complete()) {
            Seat winner = t.winner(e.contract);
            p[team_of(winner)] += t.points(e.contract);
            w[team_of(winner)] += 1;
            --left;
            if (left == 0) p[team_of(winner)] += w[team_of(winner)] == 8 ? 100 : 10;
            t = Trick(winner, 4);
        }
        int v = brute_force(h, t, e, left, p, w, team);
        best = maximizing ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

TEST(Position, LegalMovesMatchTheEngineOnRandomPositions) {
    Rng rng(7);
    for (int iter = 0; iter < 20000; ++iter) {
        Ending e = random_ending(rng, 1 + static_cast<int>(rng.below(8)));
        CardTables tables = CardTables::of(e.contract);
        PlaySetup setup{&tables, e.rules, 4, true, 8};
        Position pos(setup, e.hands, e.leader, 8 - e.tricks, e.points, e.won);
        Trick trick(e.leader, 4);
        int in_trick = static_cast<int>(rng.below(4));
        std::array<CardSet, 4> hands = e.hands;
        for (int i = 0; i < in_trick; ++i) {
            Seat s = trick.next_seat();
            CardSet legal = legal_cards(hands[s], trick, e.contract, e.rules, true);
            ASSERT_EQ(pos.legal(), legal.bits());
            Card c = to_vector(legal)[rng.below(legal.size())];
            hands[s].erase(c);
            trick.add(c);
            pos.play(c.index());
        }
        Seat s = trick.next_seat();
        ASSERT_EQ(pos.to_play(), s);
        ASSERT_EQ(pos.legal(), legal_cards(hands[s], trick, e.contract, e.rules, true).bits());
    }
}

TEST(Position, PlayThenUndoRestoresThePosition) {
    Rng rng(11);
    for (int iter = 0; iter < 2000; ++iter) {
        Ending e = random_ending(rng, 8);
        CardTables tables = CardTables::of(e.contract);
        PlaySetup setup{&tables, e.rules, 4, true, 8};
        Position pos(setup, e.hands, e.leader, 0, {}, {});
        std::vector<Position> before;
        while (!pos.finished()) {
            before.push_back(pos);
            std::uint32_t legal = pos.legal();
            std::vector<int> cards;
            for (; legal; legal &= legal - 1) cards.push_back(std::countr_zero(legal));
            pos.play(cards[rng.below(cards.size())]);
        }
        EXPECT_EQ(pos.points()[0] + pos.points()[1], pos.tricks_won()[0] == 8 || pos.tricks_won()[1] == 8 ? 252 : 162);
        // Each seat's tally (for scoring players on their own, §7): the teams' without the bonus.
        for (Team t = 0; t < 2; ++t) {
            EXPECT_EQ(pos.seat_tricks(t) + pos.seat_tricks(t + 2), pos.tricks_won()[t]);
            EXPECT_EQ(pos.seat_points(t) + pos.seat_points(t + 2) + (pos.leader() % 2 == t ? 10 : 0) +
                          (pos.tricks_won()[t] == 8 ? 90 : 0),
                      pos.points()[t]);
        }
        while (!before.empty()) {
            pos.undo();
            const Position& b = before.back();
            for (int s = 0; s < 4; ++s) ASSERT_EQ(pos.hand(s), b.hand(s));
            ASSERT_EQ(pos.points(), b.points());
            ASSERT_EQ(pos.tricks_won(), b.tricks_won());
            for (int s = 0; s < 4; ++s) {
                ASSERT_EQ(pos.seat_points(s), b.seat_points(s));
                ASSERT_EQ(pos.seat_tricks(s), b.seat_tricks(s));
            }
            ASSERT_EQ(pos.leader(), b.leader());
            ASSERT_EQ(pos.trick_size(), b.trick_size());
            ASSERT_EQ(pos.legal(), b.legal());
            before.pop_back();
        }
    }
}

TEST(Solver, MatchesBruteForceOnEndingsOfOneToThreeTricks) {
    Rng rng(3);
    Solver solver(12);
    for (int iter = 0; iter < 3000; ++iter) {
        Ending e = random_ending(rng, 1 + static_cast<int>(rng.below(3)));
        CardTables tables = CardTables::of(e.contract);
        PlaySetup setup{&tables, e.rules, 4, true, 8};
        Position pos(setup, e.hands, e.leader, 8 - e.tricks, e.points, e.won);
        Team team = static_cast<Team>(rng.below(2));
        int expected = brute_force(e.hands, Trick(e.leader, 4), e, e.tricks, e.points, e.won, team);
        ASSERT_EQ(solver.solve(pos, team), expected) << "iteration " << iter;
    }
}

TEST(Solver, MatchesBruteForceOnFourTrickEndingsAndPerMove) {
    Rng rng(5);
    Solver solver(14);
    for (int iter = 0; iter < 150; ++iter) {
        Ending e = random_ending(rng, 4);
        CardTables tables = CardTables::of(e.contract);
        PlaySetup setup{&tables, e.rules, 4, true, 8};
        Position pos(setup, e.hands, e.leader, 4, e.points, e.won);
        Team team = team_of(e.leader);
        std::array<int, 32> values{};
        std::uint32_t legal = pos.legal();
        solver.solve_moves(pos, team, legal, values);
        for (Card c : CardSet(legal)) {
            auto h = e.hands;
            h[e.leader].erase(c);
            Trick t(e.leader, 4);
            t.add(c);
            ASSERT_EQ(values[c.index()], brute_force(h, t, e, 4, e.points, e.won, team)) << "iteration " << iter;
        }
    }
}

TEST(Solver, CapotIsWorthTheHundredBonus) {
    // Team 0 holds every trump and every ace: it wins all 8 tricks, 252 to 0.
    CardSet north, east, south, west;
    for (int r = 0; r < 8; ++r) north.insert(Card(static_cast<Rank>(r), Suit::Hearts));
    for (int r = 0; r < 8; ++r) east.insert(Card(static_cast<Rank>(r), Suit::Spades));
    for (int r = 0; r < 8; ++r) south.insert(Card(static_cast<Rank>(r), Suit::Diamonds));
    for (int r = 0; r < 8; ++r) west.insert(Card(static_cast<Rank>(r), Suit::Clubs));
    CardTables tables = CardTables::of(Contract::suit(Suit::Hearts));
    PlaySetup setup{&tables, PlayRules{}, 4, true, 8};
    Position pos(setup, {north, east, south, west}, 0, 0, {}, {});
    Solver solver;
    // North leads trumps 8 times; every other seat discards: team 0 takes everything.
    EXPECT_EQ(solver.solve(pos, 0), 252);
    EXPECT_EQ(solver.solve(pos, 1), -252);
}

TEST(Solver, DistinctMovesKeepOneCardOfEachEqualRun) {
    // No trump: 7S 8S 9S in one hand with no other spade between them are one move; AS is another.
    CardTables tables = CardTables::of(Contract::no_trump());
    PlaySetup setup{&tables, PlayRules{}, 4, true, 8};
    CardSet a{Card(Rank::Seven, Suit::Spades), Card(Rank::Eight, Suit::Spades), Card(Rank::Nine, Suit::Spades),
              Card(Rank::Ace, Suit::Spades)};
    CardSet b{Card(Rank::King, Suit::Spades), Card(Rank::Seven, Suit::Hearts), Card(Rank::Eight, Suit::Hearts),
              Card(Rank::Nine, Suit::Hearts)};
    CardSet c{Card(Rank::Ten, Suit::Spades), Card(Rank::Seven, Suit::Diamonds), Card(Rank::Eight, Suit::Diamonds),
              Card(Rank::Nine, Suit::Diamonds)};
    CardSet d{Card(Rank::Queen, Suit::Spades), Card(Rank::Seven, Suit::Clubs), Card(Rank::Eight, Suit::Clubs),
              Card(Rank::Nine, Suit::Clubs)};
    Position pos(setup, {a, b, c, d}, 0, 4, {}, {});
    CardSet distinct(Solver::distinct_moves(pos, pos.legal()));
    EXPECT_EQ(distinct, (CardSet{Card(Rank::Seven, Suit::Spades), Card(Rank::Ace, Suit::Spades)}));
}

}  // namespace solver_test
}  // namespace belote::ai
