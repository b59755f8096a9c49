#include "ai/three_player_play.hpp"

#include <array>
#include <vector>

#include "ai/card_choice.hpp"
#include "ai/card_tables.hpp"
#include "ai/ismcts_play.hpp"
#include "ai/knowledge.hpp"
#include "ai/playout.hpp"
#include "ai/position.hpp"
#include "ai/world_sampler.hpp"
#include "engine/three_player_scoring.hpp"

namespace belote::ai {
namespace {

constexpr int players = 3;
constexpr int belote_bonus = 20;

// Scores the belote for the seat of `hands` holding both trump honours, who will announce it (§2.5, §7).
void count_belote_held(DealTally& tally, const World& hands, Suit trump) {
    const CardSet honours{Card(Rank::King, trump), Card(Rank::Queen, trump)};
    for (Seat s = 0; s < players; ++s)
        if ((hands[s] & honours) == honours) tally.belote[s] = belote_bonus;
}

// The tally of the deal so far (public: tricks and card points by seat) with the belote of `world`:
// announced already, or held by a seat with both honours still in hand. Once an honour was played
// without it, nobody can score it any more.
DealTally tally_so_far(const View& view, const World& world) {
    DealTally tally = tally_for(players);
    tally.takers = *view.taker;
    tally.card_points = view.card_points_won;
    tally.tricks = view.tricks_won;
    const Suit trump = view.contract->trump;
    if (const auto announced = view.belote_by_suit[static_cast<int>(trump)])
        tally.belote[*announced] = belote_bonus;
    else
        count_belote_held(tally, world, trump);
    return tally;
}

// The tally of a finished search position: the deal so far plus the tricks the search played.
DealTally finished(DealTally tally, const Position& end) {
    for (Seat s = 0; s < players; ++s) {
        tally.card_points[s] += end.seat_points(s);
        tally.tricks[s] += end.seat_tricks(s);
    }
    tally.last_trick_winner = end.leader();  // the winner of a trick leads the next
    return tally;
}

// The deal's value for each seat (§7 scoring): his score minus the mean of the two others' (§8: the
// highest total wins the match).
std::array<double, max_seats> seat_values(const DealTally& so_far, const Position& end, const ThreePlayerRules& rules) {
    const DealScore score = score_three_player_deal(finished(so_far, end), rules);
    const double total = score.score[0] + score.score[1] + score.score[2];
    std::array<double, max_seats> values{};
    for (Seat s = 0; s < players; ++s) values[s] = score.score[s] - (total - score.score[s]) / 2;
    return values;
}

// A sampled world as a search position, the robot to play.
Position world_position(const View& view, const PlaySetup& setup, const World& world) {
    std::array<CardSet, max_seats> hands{};
    for (Seat s = 0; s < players; ++s) hands[s] = world[s];
    const Seat taker = *view.taker;
    const int defence_points =
        view.card_points_won[(taker + 1) % players] + view.card_points_won[(taker + 2) % players];
    Position pos(setup, hands, view.trick.leader(), view.tricks_played, {view.card_points_won[taker], defence_points},
                 {view.tricks_won[taker], view.tricks_played - view.tricks_won[taker]});
    for (int i = 0; i < view.trick.size(); ++i) pos.push_trick_card(view.trick.card(i).index());
    return pos;
}

// The search's setup at three: the taker's opponents play as one side in the playouts.
PlaySetup three_player_setup(const View& view, const CardTables& tables, Seat taker) {
    PlaySetup setup{&tables, view.options.rules.play, players, false, 8};
    for (Seat s = 0; s < players; ++s) setup.sides[s] = s == taker ? 0 : 1;
    return setup;
}

constexpr double value_range = 500;  // a seat's value lies within about ±272 (252 and a belote)

}  // namespace

Card choose_three_player_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget,
                              PlayReport* report) {
    const CardSet legal = legal_cards_of(view);
    if (legal.size() == 1) return legal.first();
    const Seat me = *view.observer.seat;
    const ThreePlayerRules& rules = view.options.rules.three_player;
    const Knowledge k = infer_knowledge(view);
    const CardTables tables = CardTables::of(*view.contract);
    const PlaySetup setup = three_player_setup(view, tables, *view.taker);

    std::vector<Position> positions;
    std::vector<DealTally> tallies;
    for (const World& world : draw_worlds(view, k, params, rng)) {
        positions.push_back(world_position(view, setup, world));
        tallies.push_back(tally_so_far(view, world));
    }
    CardScores scores(legal);
    if (params.tree_iterations > 0) {  // every seat's cards searched in one tree (ismcts_play.hpp)
        TreeSearchInput input;
        input.worlds = positions;
        input.value = [&](int w, const Position& end) { return seat_values(tallies[w], end, rules); };
        input.value_range = value_range;
        input.iterations = params.tree_iterations;
        int done = 0;
        const std::array<int, 32> visits = tree_search(input, legal.bits(), budget, rng, &done);
        for (Card c : legal) scores.add(c, visits[c.index()]);
        scores.end_world();
        if (report) *report = PlayReport{params.worlds, static_cast<std::uint64_t>(done), false};
        return scores.best(*view.contract);
    }
    // Each card in each world, the deal finished by greedy playouts.
    for (int w = 0; w < params.worlds && (w == 0 || !budget.expired()); ++w) {
        for (Card c : legal) {
            Position pos = positions[w];
            pos.play(c.index());
            while (!pos.finished()) pos.play(greedy_card(pos));
            scores.add(c, seat_values(tallies[w], pos, rules)[me]);
        }
        scores.end_world();
    }
    if (report) *report = PlayReport{scores.worlds(), 0, false};
    return scores.best(*view.contract);
}

double three_player_deal_value(const View& view, const std::array<CardSet, 4>& hands, Suit trump, Seat taker, Seat me) {
    const CardTables tables = CardTables::of(Contract::suit(trump));
    const PlaySetup setup = three_player_setup(view, tables, taker);
    Position pos(setup, hands, (view.dealer + 1) % players, 0, {}, {});
    while (!pos.finished()) pos.play(greedy_card(pos));
    DealTally tally = tally_for(players);
    tally.takers = taker;
    count_belote_held(tally, hands, trump);
    return seat_values(tally, pos, view.options.rules.three_player)[me];
}

}  // namespace belote::ai
