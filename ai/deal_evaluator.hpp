#pragma once
// The card-point margin of a whole deal whose every card is known (a sampled world), for the
// bidding simulations: exact, a short search ending in greedy playouts, or greedy playouts only.

#include <array>

#include "ai/budget.hpp"
#include "ai/solver.hpp"

namespace belote::ai {

/// Evaluates complete 4-seat deals of one contract set-up. Owns a solver; not thread-safe.
class DealEvaluator {
public:
    /// `horizon`: tricks searched before greedy playouts (0 = greedy playouts only, 8 = exact).
    /// `node_budget`: solver nodes over the evaluator's life (0 = no limit).
    DealEvaluator(int horizon, std::uint64_t node_budget, const Budget& budget, int table_bits = 14);

    /// Margin for `team` (as Solver::solve) when the deal `hands` is played from its first trick,
    /// led by `leader`, under `contract` and the play rules `rules`.
    int margin(const std::array<CardSet, 4>& hands, const Contract& contract, const PlayRules& rules, Seat leader,
               Team team);
    /// True once the node budget or the deadline stopped a search (later margins are estimates).
    bool aborted() const { return solver_.aborted(); }
    std::uint64_t nodes() const { return solver_.nodes(); }

private:
    int horizon_;
    Solver solver_;
    std::array<CardTables, 6> tables_{};
    std::array<bool, 6> have_tables_{};
};

/// Index 0..5 of a contract: the four suits, then no trump, then all trump.
int contract_index(const Contract& contract);
/// The contract of index 0..5 (see contract_index).
Contract contract_of_index(int index);

}  // namespace belote::ai
