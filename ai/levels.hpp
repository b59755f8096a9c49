#pragma once
// The parameters that make each level (docs/robots.md "Levels").

#include "ai/bidding.hpp"
#include "ai/card_play.hpp"
#include "ai/robot_settings.hpp"

namespace belote::ai {

/// How a level plays and bids.
struct LevelParams {
    bool heuristic_bidding = false;  ///< bid like the engine robot (easy) instead of simulating
    PlayParams play;
    BidParams bid;
};

/// The parameters of `level` (not Level::Easy, which is the engine robot), with the amounts of work
/// (worlds, nodes) multiplied by `work_scale`.
LevelParams level_params(Level level, double work_scale = 1.0);

}  // namespace belote::ai
