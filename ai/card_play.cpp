#include "ai/card_play.hpp"

#include <bit>
#include <vector>

#include "ai/card_choice.hpp"
#include "ai/deal_value.hpp"
#include "ai/ismcts_play.hpp"
#include "ai/knowledge.hpp"
#include "ai/solver.hpp"
#include "ai/world_sampler.hpp"
#include "ai/world_weights.hpp"
#include "engine/melds.hpp"

namespace belote::ai {

std::vector<World> draw_worlds(const View& view, const Knowledge& k, const PlayParams& params, Rng& rng) {
    WorldSampler sampler(k);
    const int kept = params.worlds;
    if (params.oversample <= 1) {
        std::vector<World> worlds;
        for (int i = 0; i < kept; ++i) worlds.push_back(sampler.sample(rng));
        return worlds;
    }
    const WorldWeigher weigher(view, k, params.off_model_play);
    std::vector<World> drawn;
    std::vector<double> cumulative;
    double total = 0;
    for (int i = 0; i < kept * params.oversample; ++i) {
        drawn.push_back(sampler.sample(rng));
        total += weigher.weight(drawn.back());
        cumulative.push_back(total);
    }
    std::vector<World> worlds;
    for (std::size_t i : systematic_resample(cumulative, kept, rng)) worlds.push_back(drawn[i]);
    return worlds;
}

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

namespace {

// Scores every legal card over `worlds` searched `depth` tricks deep (0 = greedy playouts), within
// `node_limit` solver nodes: worlds are evaluated in order until one cannot be finished. With
// `point_ties` the card-point margin decides equal values.
CardScores evaluate_worlds(const View& view, const Knowledge& k, const std::vector<World>& worlds, CardSet legal,
                           int depth, std::uint64_t node_limit, int table_bits, bool point_ties, const Budget& budget,
                           std::uint64_t& nodes) {
    const Team team = team_of(*view.observer.seat);
    const CardTables tables = CardTables::of(*view.contract);
    const PlaySetup setup{&tables, view.options.rules.play, view.seats, true, 8};
    const DealStakes base = stakes_of(view);
    const int tricks_left = 8 - view.tricks_played;
    Solver solver(table_bits);
    solver.set_node_limit(node_limit);
    solver.set_budget(&budget);
    if (depth < tricks_left) solver.set_horizon(depth);
    CardScores scores(legal);
    for (const World& world : worlds) {
        if (budget.expired()) break;
        Position pos = make_position(view, setup, world);
        std::array<int, 32> margins{};
        if (!move_margins(solver, pos, team, legal, depth != 0, margins)) break;
        const DealStakes stakes = world_stakes(view, k, base, world);
        for (Card c : legal)
            scores.add(c, deal_value(stakes, team, margins[c.index()]), point_ties ? margins[c.index()] : 0);
        scores.end_world();
    }
    nodes += solver.nodes();
    return scores;
}

constexpr int enough_worlds = 4;  // fewer worlds than this within the budget: search shallower

// Tree search over the sampled worlds: the most visited card (ties to the cheaper card).
Card tree_card(const View& view, const Knowledge& k, const std::vector<World>& worlds, CardSet legal,
               const PlayParams& params, const Budget& budget, Rng& rng, PlayReport* report) {
    const CardTables tables = CardTables::of(*view.contract);
    const PlaySetup setup{&tables, view.options.rules.play, view.seats, true, 8};
    const DealStakes base = stakes_of(view);
    TreeSearchInput input;
    std::vector<DealStakes> stakes;
    for (const World& w : worlds) {
        input.worlds.push_back(make_position(view, setup, w));
        stakes.push_back(world_stakes(view, k, base, w));
    }
    input.value = [&](int world, const Position& end) {
        const int margin = end.points()[0] - end.points()[1];
        const auto team0 = static_cast<double>(deal_value(stakes[world], 0, margin));
        const auto team1 = static_cast<double>(deal_value(stakes[world], 1, -margin));
        return std::array<double, max_seats>{team0, team1, team0, team1};
    };
    input.value_range = std::max(1, deal_value(base, 0, capot_points) - deal_value(base, 0, -capot_points));
    input.iterations = params.tree_iterations;
    int done = 0;
    const std::array<int, 32> visits = tree_search(input, legal.bits(), budget, rng, &done);
    CardScores scores(legal);
    for (Card c : legal) scores.add(c, visits[c.index()]);
    scores.end_world();
    if (report) *report = PlayReport{static_cast<int>(worlds.size()), static_cast<std::uint64_t>(done), false};
    return scores.best(*view.contract);
}

}  // namespace

Card choose_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget, PlayReport* report) {
    const CardSet legal = legal_cards_of(view);
    if (legal.size() == 1) return legal.first();
    const Knowledge k = infer_knowledge(view);
    const std::vector<World> worlds = draw_worlds(view, k, params, rng);
    const int tricks_left = 8 - view.tricks_played;
    if (params.tree_iterations > 0 && tricks_left >= params.tree_from)
        return tree_card(view, k, worlds, legal, params, budget, rng, report);
    int depth = params.depth[tricks_left];
    std::uint64_t nodes = 0;
    CardScores scores = evaluate_worlds(view, k, worlds, legal, depth, params.node_budget, params.table_bits,
                                        params.point_ties, budget, nodes);
    // Too deep for the budget (a rare heavy position): a shallow search, then greedy playouts.
    const int wanted = std::min<int>(enough_worlds, static_cast<int>(worlds.size()));
    if (scores.worlds() < wanted && depth > 1) {
        depth = 1;
        scores = evaluate_worlds(view, k, worlds, legal, depth, params.node_budget / 2, params.table_bits,
                                 params.point_ties, budget, nodes);
    }
    if (scores.worlds() == 0) {
        depth = 0;
        scores = evaluate_worlds(view, k, {worlds.front()}, legal, depth, 0, 8, params.point_ties,
                                 Budget(RobotSettings{}), nodes);
    }
    if (report) {
        report->worlds = scores.worlds();
        report->nodes = nodes;
        report->exact = depth >= tricks_left;
    }
    return scores.best(*view.contract);
}

}  // namespace belote::ai
