#include "bench/arena/oracle.hpp"

#include <stdexcept>

#include "ai/card_tables.hpp"
#include "ai/deal_value.hpp"
#include "ai/levels.hpp"
#include "ai/robot.hpp"
#include "engine/melds.hpp"
#include "engine/robot.hpp"

namespace belote::arena {
namespace {

constexpr int table_bits = 20;  // 1M entries: a whole deal's search stays in the table

// The true deal in play as a search position (the view gives the trick and the points so far).
ai::Position true_position(const View& view, const Match& match, const ai::PlaySetup& setup) {
    std::array<CardSet, ai::max_seats> hands{};
    for (Seat s = 0; s < 4; ++s) hands[s] = match.hand(s);
    ai::Position pos(setup, hands, view.trick.leader(), view.tricks_played, view.card_points_won, view.tricks_won);
    for (int i = 0; i < view.trick.size(); ++i) pos.push_trick_card(view.trick.card(i).index());
    return pos;
}

// The stakes of a deal about to be played (the view of its first card): the belote and the
// combinations the true hands hold count as if announced (§2.5, §3.2–§3.3).
ai::DealStakes opening_stakes(const View& view, const Match& match) {
    ai::DealStakes stakes = ai::stakes_of(view);
    const Contract& contract = *view.contract;
    if (contract.kind == ContractKind::SuitTrump) {
        const CardSet honours{Card(Rank::King, contract.trump), Card(Rank::Queen, contract.trump)};
        for (Seat s = 0; s < 4; ++s)
            if ((match.hand(s) & honours) == honours) stakes.belote[team_of(s)] += 20;
    }
    if (uses_melds(view.options)) {
        std::array<std::vector<Meld>, 4> melds;
        for (Seat s = 0; s < 4; ++s) melds[s] = find_melds(match.hand(s), view.options.rules.melds);
        stakes.melds =
            resolve_melds(melds, contract, (view.dealer + 1) % 4, view.options.rules.melds.equal_tiebreak).points;
    }
    return stakes;
}

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
        ai::Position pos = true_position(opening, after, setup);
        const Team team = team_of(seat);
        solver_->set_context(0x100u + team);
        const int value = ai::deal_value(opening_stakes(opening, after), team, solver_->solve(pos, team));
        if (value > best_value) best = call, best_value = value;
    }
    return best;
}

Card Oracle::best_card(const View& view, const Match& match) {
    const ai::CardTables tables = ai::CardTables::of(*view.contract);
    const ai::PlaySetup setup{&tables, view.options.rules.play, 4, true, 8};
    ai::Position pos = true_position(view, match, setup);
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
