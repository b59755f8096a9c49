#include "bench/arena/oracle.hpp"

#include <stdexcept>

#include "ai/card_play.hpp"
#include "ai/card_tables.hpp"
#include "ai/levels.hpp"
#include "ai/robot.hpp"
#include "engine/robot.hpp"

namespace belote::arena {
namespace {

constexpr int table_bits = 20;  // 1M entries: a whole deal's search stays in the table

// The true deal's hands.
ai::World true_hands(const Match& match) { return {match.hand(0), match.hand(1), match.hand(2), match.hand(3)}; }

}  // namespace

Oracle::Oracle() : solver_(std::make_unique<ai::Solver>(table_bits)) {}

Action Oracle::decide(const View& view, const Match& match, std::uint64_t seed) {
    if (view.seats != 4) throw std::invalid_argument("the oracle plays four-seat variants only");
    if (view.legal.size() == 1) return view.legal.front();
    if (view.phase == Phase::Auction) {
        if (view.options.variant == Variant::Coinche) {
            ai::RobotSettings expert;
            expert.level = ai::Level::Expert;
            return ai::decide(view, expert, seed);
        }
        return classic_call(view, match);
    }
    if (view.legal.front().kind == ActionKind::Declare) {  // melds = manual: every combination, as the seat filler
        Rng rng(seed);
        return robot_decide(view, rng);
    }
    return with_belote_words(view, best_card(view, match));
}

Action Oracle::classic_call(const View& view, const Match& match) {
    const Seat seat = *view.observer.seat;
    Action best = Action::pass();
    int best_value = 0;
    for (const Action& call : view.legal) {
        if (call.kind == ActionKind::Pass) continue;
        Match after = match;
        if (!after.apply(seat, call).ok()) continue;
        const Seat first = *after.to_act();
        const View opening = after.view(Observer::of_seat(first));
        const ai::CardTables tables = ai::CardTables::of(*opening.contract);
        const ai::PlaySetup setup{&tables, opening.options.rules.play, 4, true, 8};
        const ai::World hands = true_hands(after);
        ai::Position pos = ai::make_position(opening, setup, hands);
        const Team team = team_of(seat);
        solver_->set_context(0x100u + team);
        const ai::DealStakes stakes =
            ai::world_stakes(opening, ai::infer_knowledge(opening), ai::stakes_of(opening), hands);
        const int value = ai::deal_value(stakes, team, solver_->solve(pos, team));
        if (value > best_value) best = call, best_value = value;
    }
    return best;
}

Card Oracle::best_card(const View& view, const Match& match) {
    const ai::CardTables tables = ai::CardTables::of(*view.contract);
    const ai::PlaySetup setup{&tables, view.options.rules.play, 4, true, 8};
    ai::Position pos = ai::make_position(view, setup, true_hands(match));
    const Team team = team_of(*view.observer.seat);
    solver_->set_context(0x100u + team);
    const std::uint32_t legal = pos.legal();
    std::array<int, 32> margins{};
    solver_->solve_moves(pos, team, legal, margins);
    int best = -1;
    for (std::uint32_t m = legal; m; m &= m - 1) {
        const int card = std::countr_zero(m);
        if (best < 0 || margins[card] > margins[best]) best = card;
    }
    return Card::from_index(best);
}

}  // namespace belote::arena
