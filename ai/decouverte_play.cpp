#include "ai/decouverte_play.hpp"

#include <bit>

#include "ai/card_choice.hpp"
#include "ai/chance_solver.hpp"
#include "ai/deal_value.hpp"
#include "ai/ismcts_play.hpp"
#include "ai/solver.hpp"
#include "ai/take_pass.hpp"

namespace belote::ai {
namespace {

CardSet face_up_of(const TableauView& tableau) {
    CardSet set;
    for (const PileView& pile : tableau)
        if (pile.face_up) set.insert(*pile.face_up);
    return set;
}

// A world: the unseen cards dealt at random under the face-up cards (uniform over all layouts).
std::vector<std::int8_t> random_lower(const TableauLayout& layout, Rng& rng) {
    std::vector<std::int8_t> cards;
    for (Card c : layout.pool) cards.push_back(static_cast<std::int8_t>(c.index()));
    for (int j = static_cast<int>(cards.size()) - 1; j > 0; --j)
        std::swap(cards[j], cards[rng.below(static_cast<std::uint64_t>(j) + 1)]);
    return cards;
}

MarginUtility utility_table(const DealStakes& stakes, Team team) {
    MarginUtility u{};
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = deal_value(stakes, team, margin_of_index(static_cast<int>(i)));
    return u;
}

}  // namespace

TableauLayout tableau_layout(const View& view) {
    TableauLayout layout;
    CardSet seen;
    for (const Trick& t : view.tricks) seen |= t.cards();
    seen |= view.trick.cards();
    for (Seat s = 0; s < static_cast<Seat>(view.tableaux.size()); ++s) {
        seen |= face_up_of(view.tableaux[s]);
        for (const PileView& pile : view.tableaux[s])
            if (pile.face_down > 0) layout.slots.push_back({s, pile.face_up ? pile.face_up->index() : -1});
    }
    layout.pool = CardSet::full() - seen;
    return layout;
}

Position tableau_position(const View& view, const PlaySetup& setup, const TableauLayout& layout,
                          const std::vector<std::int8_t>& lower) {
    std::array<CardSet, max_seats> hands{};
    for (Seat s = 0; s < static_cast<Seat>(view.tableaux.size()); ++s) hands[s] = face_up_of(view.tableaux[s]);
    // During the auction nothing is played yet and the non-dealer will lead (§6.5).
    const bool auction = view.phase == Phase::Auction;
    const Seat leader = auction ? (view.dealer + 1) % view.seats : view.trick.leader();
    Position pos(setup, hands, leader, auction ? 0 : view.tricks_played, view.card_points_won, view.tricks_won);
    for (std::size_t i = 0; i < layout.slots.size(); ++i)
        if (layout.slots[i].cover >= 0) pos.set_beneath(layout.slots[i].cover, lower[i]);
    for (int i = 0; i < (auction ? 0 : view.trick.size()); ++i) {
        const Seat seat = view.trick.seat(i);
        std::int8_t uncovered = no_card;
        for (std::size_t j = 0; j < layout.slots.size(); ++j)
            if (layout.slots[j].seat == seat && layout.slots[j].cover < 0) uncovered = lower[j];
        pos.push_played_cover(view.trick.card(i).index(), uncovered);
    }
    bool unknown = false;
    for (std::int8_t c : lower) unknown |= c == unknown_card;
    if (unknown) pos.set_unknown_pool(layout.pool);
    return pos;
}

Card choose_decouverte_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget,
                            PlayReport* report) {
    const CardSet legal = legal_cards_of(view);
    if (legal.size() == 1) return legal.first();
    const Team team = *view.observer.seat;
    const TableauLayout layout = tableau_layout(view);
    const CardTables tables = CardTables::of(*view.contract);
    const PlaySetup setup{&tables, PlayRules{}, 2, false, decouverte_tricks_per_deal};
    const DealStakes stakes = stakes_of(view);
    const MarginUtility utility = utility_table(stakes, team);
    const int tricks_left = decouverte_tricks_per_deal - view.tricks_played;
    CardScores scores(legal);
    std::uint64_t nodes = 0;

    // Few unseen cards left: solve exactly with the unknown cards as chance events.
    if (layout.pool.size() <= params.chance_pool && tricks_left <= params.chance_tricks) {
        ChanceSolver chance(params.table_bits);
        chance.set_limits(params.node_budget, &budget);
        Position pos =
            tableau_position(view, setup, layout, std::vector<std::int8_t>(layout.slots.size(), unknown_card));
        std::array<double, 32> values{};
        chance.solve_moves(pos, team, utility, legal.bits(), values);
        nodes = chance.nodes();
        if (!chance.aborted()) {
            for (Card c : legal) scores.add(c, values[c.index()]);
            scores.end_world();
            if (report) *report = PlayReport{1, nodes, true};
            return scores.best(*view.contract);
        }
    }
    std::vector<std::vector<std::int8_t>> layouts;
    for (int w = 0; w < params.worlds; ++w) layouts.push_back(random_lower(layout, rng));
    // Early tricks: tree search over the sampled layouts (ismcts_play.hpp).
    if (params.tree_iterations > 0 && tricks_left >= params.tree_from) {
        TreeSearchInput input;
        for (const auto& lower : layouts) input.worlds.push_back(tableau_position(view, setup, layout, lower));
        input.value = [&](int, const Position& end) {
            const double v = utility[margin_index(end.points()[team] - end.points()[1 - team])];
            std::array<double, max_seats> values{};
            values[team] = v;
            values[1 - team] = -v;
            return values;
        };
        input.value_range = std::max(1.0, utility.back() - utility.front());
        input.iterations = params.tree_iterations;
        int done = 0;
        const std::array<int, 32> visits = tree_search(input, legal.bits(), budget, rng, &done);
        for (Card c : legal) scores.add(c, visits[c.index()]);
        scores.end_world();
        if (report) *report = PlayReport{static_cast<int>(layouts.size()), static_cast<std::uint64_t>(done), false};
        return scores.best(*view.contract);
    }
    // Otherwise sampled layouts, each solved as if its face-down cards were seen (determinization);
    // a shallower search when the budget cannot finish enough of them.
    int depth = params.depth[tricks_left];
    std::uint64_t limit = params.node_budget;
    for (int attempt = 0; attempt < 3; ++attempt) {
        scores = CardScores(legal);
        Solver solver(params.table_bits);
        solver.set_node_limit(limit);
        solver.set_budget(&budget);
        if (depth < tricks_left) solver.set_horizon(depth);
        for (int w = 0; w < static_cast<int>(layouts.size()) && !(attempt == 2 && w > 0); ++w) {
            if (budget.expired() && attempt < 2) break;
            Position pos = tableau_position(view, setup, layout, layouts[w]);
            solver.set_context(static_cast<std::uint32_t>(w + 1));
            std::array<int, 32> margins{};
            if (!move_margins(solver, pos, team, legal, depth != 0, margins)) break;
            for (Card c : legal) scores.add(c, utility[margin_index(margins[c.index()])]);
            scores.end_world();
        }
        nodes += solver.nodes();
        if (scores.worlds() >= std::min<int>(4, static_cast<int>(layouts.size()))) break;
        // Attempt 1: two tricks of search; attempt 2: greedy playouts in one layout.
        depth = attempt == 0 ? std::min(depth, 2) : 0;
        limit /= 2;
    }
    if (report) *report = PlayReport{scores.worlds(), nodes, depth >= tricks_left};
    return scores.best(*view.contract);
}

Action choose_decouverte_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget) {
    const Seat me = *view.observer.seat;
    const Team team = me;
    const TableauLayout layout = tableau_layout(view);
    Solver solver(14);
    solver.set_node_limit(params.node_budget);
    solver.set_budget(&budget);
    solver.set_horizon(params.horizon);
    std::array<CardTables, 4> tables{};
    for (int s = 0; s < 4; ++s) tables[s] = CardTables::of(Contract::suit(static_cast<Suit>(s)));
    const std::optional<NaturalTake> passed =
        natural_take_after_pass(view, {face_up_of(view.tableaux[0]), face_up_of(view.tableaux[1])});
    auto value_of = [&](const std::vector<std::int8_t>& lower, Seat declarer, Suit trump, std::uint32_t context) {
        const PlaySetup setup{&tables[static_cast<int>(trump)], PlayRules{}, 2, false, decouverte_tricks_per_deal};
        Position pos = tableau_position(view, setup, layout, lower);
        solver.set_context(context);
        const int margin =
            params.horizon == 0 || solver.aborted() ? greedy_playout(pos, team) : solver.solve(pos, team);
        DealStakes stakes;
        stakes.variant = Variant::Decouverte;
        stakes.rules = view.options.rules;
        stakes.takers = declarer;
        return deal_value(stakes, team, margin);
    };
    std::vector<double> totals(view.legal.size(), 0.0);
    int evaluated = 0;
    for (int w = 0; w < params.worlds; ++w) {
        if (evaluated > 0 && budget.expired()) break;
        const std::vector<std::int8_t> lower = random_lower(layout, rng);
        for (std::size_t i = 0; i < view.legal.size(); ++i) {
            const Action& a = view.legal[i];
            const std::uint32_t context = static_cast<std::uint32_t>(w * 8 + i + 1);
            if (a.kind == ActionKind::Take)
                totals[i] += value_of(lower, me, view.deal_turn_up->suit(), context);
            else if (a.kind == ActionKind::NameSuit)
                totals[i] += value_of(lower, me, a.contract.trump, context);
            else if (passed)
                totals[i] += value_of(lower, passed->taker, passed->trump, context);
        }
        ++evaluated;
    }
    return best_take_pass_call(view, totals, params.caution, evaluated);
}

}  // namespace belote::ai
