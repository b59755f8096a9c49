#pragma once
// Exact double-dummy solver: the value of a play position when every card is visible to every seat
// and both sides play perfectly. Alpha-beta with a transposition table at trick boundaries, move
// ordering and equivalent-card reduction. Works for suit, no-trump and all-trump contracts, 4 seats
// in partnerships or 2 seats (Découverte, with every lower card known: see ChanceSolver otherwise).

#include <cstdint>
#include <vector>

#include "ai/budget.hpp"
#include "ai/playout.hpp"
#include "ai/position.hpp"

namespace belote::ai {

/// Solves positions for one side. Reusable across positions: its transposition table keys hold the
/// whole position, plus a caller-chosen `context` that must differ between positions whose hidden
/// layout (Découverte lower cards) differs. Not thread-safe; one per thread.
class Solver {
public:
    /// `table_bits`: log2 of the transposition table's entries (16 = 65,536 entries, about 2 MB).
    explicit Solver(int table_bits = 16);

    /// The exact final margin for `team`: (points of `team` − points of the other team) at the end of
    /// the deal, card points of the tricks already won included, with the last-trick bonus (10, or 100
    /// on capot). Range −252..252. `pos` is restored before returning. Throws nothing; with a node
    /// limit (set_node_limit) it returns a value that may be inexact once the limit is hit (see aborted()).
    int solve(Position& pos, Team team);
    /// solve() starting its zero-window searches from `guess` (a close guess saves most of the work).
    int solve_from(Position& pos, Team team, int guess);
    /// Same as solve(), within the window [alpha, beta]: the result is exact when strictly inside; a
    /// value <= alpha is an upper bound and a value >= beta a lower bound.
    int solve(Position& pos, Team team, int alpha, int beta);

    /// Exact margin for `team` after each move in `moves` (a subset of pos.legal()), written to
    /// values[card index]. Equivalent cards get the same value.
    void solve_moves(Position& pos, Team team, std::uint32_t moves, std::array<int, 32>& values);

    /// Limits the search to the next `tricks` tricks (counting the trick in progress); beyond them a
    /// position with more than 3 tricks left is valued by static_margin() (4 seats) or
    /// greedy_playout() (Découverte); 0 = exact to the end (the default). Values are then estimates.
    void set_horizon(int tricks) { horizon_ = tricks; }

    /// Context mixed into every key (e.g. the index of a sampled world in Découverte).
    void set_context(std::uint32_t context) { context_ = context; }
    /// Stops searching once `limit` nodes were visited in total (0 = no limit).
    void set_node_limit(std::uint64_t limit) { node_limit_ = limit; }
    /// Stops searching once `budget` has expired (checked every 1,024 nodes); nullptr = never.
    void set_budget(const Budget* budget) { budget_ = budget; }
    /// True once the node limit or the budget stopped a search; values since then are not exact.
    bool aborted() const { return aborted_; }
    /// Clears aborted() (after the caller discarded the aborted results).
    void clear_aborted() { aborted_ = false; }
    /// Nodes visited since construction.
    std::uint64_t nodes() const { return nodes_; }

    /// The cards of `moves` that are not equivalent to a lower card of the same run (same suit, no
    /// live card of another seat between them, same points): playing any of a run gives the same value.
    static std::uint32_t distinct_moves(const Position& pos, std::uint32_t moves);

private:
    struct Entry {
        std::array<std::uint32_t, 4> hands{};
        std::uint32_t extra = 0;  // leader, capot state, context; 0 = empty slot
        std::int16_t lower = 0, upper = 0;
        std::int8_t best = -1;
    };
    int search(Position& pos, int alpha, int beta);
    int mtdf(Position& pos, int guess);
    int last_trick(Position& pos) const;
    int order_moves(const Position& pos, std::uint32_t moves, int tt_best, std::array<std::int8_t, 8>& out) const;
    std::uint32_t extra_key(const Position& pos) const;
    std::size_t slot(const Position& pos, std::uint32_t extra) const;
    int margin(const Position& pos) const { return pos.points()[team_] - pos.points()[1 - team_]; }

    std::vector<Entry> table_;
    std::size_t mask_ = 0;
    Team team_ = 0;
    std::uint32_t context_ = 0;
    int horizon_ = 0;
    int root_tricks_left_ = 0;
    std::uint64_t nodes_ = 0;
    std::uint64_t node_limit_ = 0;
    bool aborted_ = false;
    const Budget* budget_ = nullptr;
};

/// The margin for `team` after each card of `moves` (a subset of pos.legal()), written to
/// values[card index]: by `solver` (its horizon and limits apply) when `search` is true, otherwise
/// by one greedy_playout() per card. `pos` is restored. Returns false when the solver aborted (the
/// values are then not to be used).
bool move_margins(Solver& solver, Position& pos, Team team, CardSet moves, bool search, std::array<int, 32>& values);

}  // namespace belote::ai
