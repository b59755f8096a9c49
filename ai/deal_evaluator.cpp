#include "ai/deal_evaluator.hpp"

#include "ai/playout.hpp"

namespace belote::ai {

int contract_index(const Contract& contract) {
    if (contract.kind == ContractKind::NoTrump) return 4;
    if (contract.kind == ContractKind::AllTrump) return 5;
    return static_cast<int>(contract.trump);
}

Contract contract_of_index(int index) {
    if (index == 4) return Contract::no_trump();
    if (index == 5) return Contract::all_trump();
    return Contract::suit(static_cast<Suit>(index));
}

DealEvaluator::DealEvaluator(int horizon, std::uint64_t node_budget, const Budget& budget, int table_bits)
    : horizon_(horizon), solver_(horizon > 0 ? table_bits : 0) {  // greedy playouts only: no table to fill
    solver_.set_node_limit(node_budget);
    solver_.set_budget(&budget);
    solver_.set_horizon(horizon >= 8 ? 0 : horizon);
}

int DealEvaluator::margin(const std::array<CardSet, 4>& hands, const Contract& contract, const PlayRules& rules,
                          Seat leader, Team team) {
    const int i = contract_index(contract);
    if (!have_tables_[i]) {
        tables_[i] = CardTables::of(contract);
        have_tables_[i] = true;
    }
    const PlaySetup setup{&tables_[i], rules, 4, true, 8};
    Position pos(setup, hands, leader, 0, {}, {});
    if (horizon_ == 0 || solver_.aborted()) return greedy_playout(pos, team);
    return solver_.solve(pos, team);
}

}  // namespace belote::ai
