#include "ai/card_play.hpp"

#include <bit>
#include <vector>

#include "ai/card_choice.hpp"
#include "ai/deal_value.hpp"
#include "ai/knowledge.hpp"
#include "ai/solver.hpp"
#include "ai/world_sampler.hpp"
#include "ai/world_weights.hpp"
#include "engine/melds.hpp"

namespace belote::ai {
namespace {

bool belote_counts(const View& view, Suit suit) {
    const Contract& c = *view.contract;
    if (c.kind == ContractKind::SuitTrump) return suit == c.trump;
    if (c.kind == ContractKind::AllTrump) return view.options.rules.coinche.ta_belote == TaBelote::EachSuit;
    return false;
}

// The stakes of one world: belote still to be announced by a seat holding both honours, and during
// trick 1 with announcements, the combinations the world's hands will score (§3.2, §3.3).
DealStakes world_stakes(const View& view, const Knowledge& k, const DealStakes& base, const World& world) {
    DealStakes stakes = base;
    for (int su = 0; su < suit_count; ++su) {
        const Suit suit = static_cast<Suit>(su);
        if (view.belote_by_suit[su] || !belote_counts(view, suit)) continue;
        const CardSet honours{Card(Rank::King, suit), Card(Rank::Queen, suit)};
        for (Seat s = 0; s < k.seats; ++s)
            if ((world[s] & honours) == honours) stakes.belote[team_of(s)] += 20;
    }
    if (uses_melds(view.options) && view.tricks.empty()) {
        std::array<std::vector<Meld>, 4> melds;
        for (Seat s = 0; s < k.seats; ++s)
            melds[s] = find_melds(world[s] | k.played_by[s], view.options.rules.melds.long_run);
        const Seat eldest = (view.dealer + 1) % view.seats;
        stakes.melds = resolve_melds(melds, *view.contract, eldest, view.options.rules.melds.equal_tiebreak).points;
    }
    return stakes;
}

Position make_position(const View& view, const PlaySetup& setup, const World& world) {
    std::array<CardSet, max_seats> hands{};
    for (Seat s = 0; s < view.seats; ++s) hands[s] = world[s];
    Position pos(setup, hands, view.trick.leader(), view.tricks_played, view.card_points_won, view.tricks_won);
    for (int i = 0; i < view.trick.size(); ++i) pos.push_trick_card(view.trick.card(i).index());
    return pos;
}

// Worlds to evaluate: drawn uniformly from the consistent deals, then (oversample > 1) resampled in
// proportion to their soft weight (sampling-importance-resampling, systematic).
std::vector<World> draw_worlds(const View& view, const Knowledge& k, const PlayParams& params, Rng& rng) {
    WorldSampler sampler(k);
    const int kept = params.worlds;
    if (params.oversample <= 1) {
        std::vector<World> worlds;
        for (int i = 0; i < kept; ++i) worlds.push_back(sampler.sample(rng));
        return worlds;
    }
    const WorldWeigher weigher(view, k);
    std::vector<World> drawn;
    std::vector<double> cumulative;
    double total = 0;
    for (int i = 0; i < kept * params.oversample; ++i) {
        drawn.push_back(sampler.sample(rng));
        total += weigher.weight(drawn.back());
        cumulative.push_back(total);
    }
    std::vector<World> worlds;
    const double step = total / kept;
    double u = step * (static_cast<double>(rng.below(1u << 20)) / (1u << 20));
    std::size_t j = 0;
    for (int i = 0; i < kept; ++i, u += step) {
        while (j + 1 < drawn.size() && cumulative[j] < u) ++j;
        worlds.push_back(drawn[j]);
    }
    return worlds;
}

}  // namespace

Card choose_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget, PlayReport* report) {
    const CardSet legal = legal_cards_of(view);
    if (legal.size() == 1) return legal.first();
    const Seat me = *view.observer.seat;
    const Team team = team_of(me);
    const Knowledge k = infer_knowledge(view);
    const std::vector<World> worlds = draw_worlds(view, k, params, rng);
    const CardTables tables = CardTables::of(*view.contract);
    const PlaySetup setup{&tables, view.options.rules.play, view.seats, true, 8};
    const DealStakes base = stakes_of(view);
    const int tricks_left = 8 - view.tricks_played;
    const int depth = params.depth[tricks_left];
    const bool exact = depth >= tricks_left;

    Solver solver(params.table_bits);
    solver.set_node_limit(params.node_budget);
    solver.set_budget(&budget);
    if (!exact) solver.set_horizon(depth);
    CardScores scores(legal);
    for (const World& world : worlds) {
        if (budget.expired()) break;
        Position pos = make_position(view, setup, world);
        std::array<int, 32> margins{};
        if (depth == 0) {
            for (Card c : legal) {
                pos.play(c.index());
                margins[c.index()] = greedy_playout(pos, team);
                pos.undo();
            }
        } else {
            solver.solve_moves(pos, team, legal.bits(), margins);
            if (solver.aborted()) break;
        }
        const DealStakes stakes = world_stakes(view, k, base, world);
        for (Card c : legal) scores.add(c, deal_value(stakes, team, margins[c.index()]));
        scores.end_world();
    }
    if (scores.worlds() == 0) {  // not even one world within the budget: greedy play in the first world
        Position pos = make_position(view, setup, worlds.front());
        const DealStakes stakes = world_stakes(view, k, base, worlds.front());
        for (Card c : legal) {
            pos.play(c.index());
            scores.add(c, deal_value(stakes, team, greedy_playout(pos, team)));
            pos.undo();
        }
        scores.end_world();
    }
    if (report) {
        report->worlds = scores.worlds();
        report->nodes = solver.nodes();
        report->exact = exact;
    }
    return scores.best(*view.contract);
}

}  // namespace belote::ai
