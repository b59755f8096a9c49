#pragma once
// Card play by weighted perfect-information Monte Carlo: worlds consistent with the seat's knowledge
// are sampled (and resampled by soft weight), every legal card is scored in each world by the exact
// solver once few enough tricks are left (before that, by a short search ending in greedy playouts),
// and the card with the best mean deal score wins.

#include <array>
#include <cstdint>
#include <vector>

#include "ai/budget.hpp"
#include "ai/deal_value.hpp"
#include "ai/knowledge.hpp"
#include "ai/position.hpp"
#include "ai/world_sampler.hpp"
#include "engine/rng.hpp"
#include "engine/view.hpp"

namespace belote::ai {

/// A depth table: exact with at most `exact` tricks left, `early` tricks of search before that.
constexpr std::array<std::int8_t, 17> depths(int exact, int early) {
    std::array<std::int8_t, 17> d{};
    for (int n = 0; n <= 16; ++n) d[n] = static_cast<std::int8_t>(n <= exact ? n : early);
    return d;
}

/// How a level plays its cards.
struct PlayParams {
    int worlds = 16;     ///< worlds evaluated per decision
    int oversample = 1;  ///< worlds drawn per world kept; > 1 resamples them by soft weight
    /// Tricks searched before greedy playouts, by the number of tricks left (trick in play included):
    /// depth[n] >= n solves exactly, 0 plays greedy playouts only. Découverte has 16 tricks.
    std::array<std::int8_t, 17> depth = depths(4, 1);
    std::uint64_t node_budget = 1'000'000;  ///< solver nodes per decision (fixed work)
    int table_bits = 15;                    ///< solver transposition table size (log2 entries)
    int chance_pool = 0;  ///< Découverte: solve exactly with unknown cards as chance when at most this many are unseen
    int chance_tricks = 0;    ///< ... and at most this many tricks are left
    int tree_iterations = 0;  ///< > 0: tree search (ismcts_play.hpp) with this many iterations ...
    int tree_from = 9;        ///< ... when at least this many tricks are left (before the exact endgame)
    /// Resampling (oversample > 1): the weight of a world per card another seat played that a plain
    /// player would not have played there (world_weights.hpp); 1 = the play is not read.
    double off_model_play = 1.0;
    /// Cards scored world by world (the endings, and the shallower fallbacks; not the tree search of
    /// the early tricks): equal deal values go to the better mean card-point margin (a deal already
    /// lost is still played for its card points) before the card cheaper to give up.
    bool point_ties = true;
};

/// Statistics of one card decision, for benchmarks and tests.
struct PlayReport {
    int worlds = 0;           ///< worlds fully evaluated
    std::uint64_t nodes = 0;  ///< solver nodes
    bool exact = false;       ///< worlds were solved to the end of the deal
};

/// The card to play for the seat of `view`, which must be to act in the play phase of a 4-seat deal
/// (classic, classic with announcements, coinche). Returns one of view.legal. Deterministic for a
/// given view, params and rng state unless `budget` expires first.
Card choose_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget,
                 PlayReport* report = nullptr);

/// The worlds a decision of the seat of `view` evaluates: params.worlds of them, drawn uniformly from
/// the deals consistent with `k` (infer_knowledge(view)), or with params.oversample > 1 drawn
/// worlds × oversample times and resampled in proportion to their soft weight (world_weights.hpp,
/// params.off_model_play; systematic sampling-importance-resampling). Any variant.
std::vector<World> draw_worlds(const View& view, const Knowledge& k, const PlayParams& params, Rng& rng);

/// The play position of `view` (4 seats, play phase) when the hands are those of `world`: its trick
/// in progress, tricks and points so far.
Position make_position(const View& view, const PlaySetup& setup, const World& world);

/// The stakes of the deal of `view` (play phase) if `world` is the deal: `base` (stakes_of(view))
/// plus the belote still to be announced by a seat of `world` holding both honours, and during
/// trick 1 with announcements the combinations the world's hands will score (§2.5, §3.2, §3.3).
DealStakes world_stakes(const View& view, const Knowledge& k, const DealStakes& base, const World& world);

/// Same for Découverte (2 seats, tableaux; decouverte_play.cpp).
Card choose_decouverte_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget,
                            PlayReport* report = nullptr);

}  // namespace belote::ai
