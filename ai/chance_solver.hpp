#pragma once
// Exact solver for Découverte positions whose lower cards nobody has seen (docs/rules.md §6.1, §6.4): both
// players see every face-up card and neither sees a face-down one, so the game is one of perfect
// information with chance. Expectiminimax: a max/min node per card played (alpha-beta within), a
// chance node per uncovered unknown card (every card of the unseen pool equally likely), and a
// transposition table at trick boundaries. The value maximised is the expected deal score, not the
// card points, because the expectation of a non-linear score is not the score of the expectation.

#include <array>
#include <cstdint>
#include <vector>

#include "ai/budget.hpp"
#include "ai/position.hpp"
#include "engine/scoring.hpp"

namespace belote::ai {

/// The deal score for a team as a function of its final margin in card points (even, within
/// ±capot_points): utility[margin_index(margin)].
using MarginUtility = std::array<double, capot_points + 1>;

/// The entry of `margin` (even, −capot_points..capot_points) in a MarginUtility.
constexpr int margin_index(int margin) { return (margin + capot_points) / 2; }

/// The margin of a MarginUtility's entry `index` (0..capot_points).
constexpr int margin_of_index(int index) { return 2 * index - capot_points; }

/// Expectiminimax over unknown lower cards. Not thread-safe; one per thread.
class ChanceSolver {
public:
    /// `table_bits`: log2 of the transposition table's entries.
    explicit ChanceSolver(int table_bits = 16);

    /// Expected utility for `team` of `pos` under perfect play by both sides, the unknown cards being
    /// drawn uniformly from pos.unknown_pool() as they are uncovered. `pos` is restored.
    double solve(Position& pos, Team team, const MarginUtility& utility);
    /// Expected utility after each card of `moves` (⊆ pos.legal()), written to values[card index].
    void solve_moves(Position& pos, Team team, const MarginUtility& utility, std::uint32_t moves,
                     std::array<double, 32>& values);

    /// Stops once `limit` nodes were visited in total (0 = none) or `budget` expired; see aborted().
    void set_limits(std::uint64_t limit, const Budget* budget) {
        node_limit_ = limit;
        budget_ = budget;
    }
    bool aborted() const { return aborted_; }
    std::uint64_t nodes() const { return nodes_; }

private:
    struct Entry {
        std::uint32_t hand0 = 0, hand1 = 0, pool = 0, extra = 0;
        float lower = 0, upper = 0;
    };
    double search(Position& pos, double alpha, double beta);
    double chance(Position& pos);
    std::uint32_t extra_key(const Position& pos) const;

    std::vector<Entry> table_;
    std::size_t mask_;
    Team team_ = 0;
    const MarginUtility* utility_ = nullptr;
    std::uint64_t nodes_ = 0, node_limit_ = 0;
    const Budget* budget_ = nullptr;
    bool aborted_ = false;
};

}  // namespace belote::ai
