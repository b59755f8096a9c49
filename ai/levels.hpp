#pragma once
// The parameters that make each level (docs/robots.md "Levels").

#include "ai/bidding.hpp"
#include "ai/budget.hpp"
#include "ai/card_play.hpp"
#include "ai/robot_settings.hpp"
#include "engine/options.hpp"

namespace belote::ai {

/// How a level plays and bids.
struct LevelParams {
    bool heuristic_bidding = false;  ///< bid like the engine robot (easy) instead of simulating
    PlayParams play;
    BidParams bid;
};

/// The parameters of `level` (not Level::Easy, which is the engine robot) for `variant`, with the
/// amounts of work (worlds, iterations, nodes) multiplied by `work_scale`.
LevelParams level_params(Level level, Variant variant, double work_scale = 1.0);

/// decide() with explicit parameters instead of a level's (for tuning and benchmarks). `budget`
/// bounds the time as in decide(); `seed` drives every random choice.
Action decide_with(const View& view, const LevelParams& params, const Budget& budget, std::uint64_t seed);

}  // namespace belote::ai
