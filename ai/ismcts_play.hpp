#pragma once
// Card play by information-set Monte Carlo tree search over the robot's own inference: each
// iteration takes one of the worlds sampled (and resampled by soft weight) for the decision, walks
// a single tree whose nodes are the cards played by every seat (UCB1 among the cards legal in that
// world, so that no seat's choice depends on cards it cannot see), expands one card and finishes
// the deal with greedy perfect-information playouts. The early tricks use it; the endings are
// solved exactly (card_play.hpp).

#include <cstdint>
#include <functional>
#include <vector>

#include "ai/budget.hpp"
#include "ai/position.hpp"
#include "engine/rng.hpp"

namespace belote::ai {

/// What the tree search needs of a decision.
struct TreeSearchInput {
    std::vector<Position> worlds;  ///< one position per sampled world, the robot to play
    /// The deal's value for each seat (deal points, any scale) of a finished position of world
    /// `world`: each seat's choices in the tree maximise its own value.
    std::function<std::array<double, max_seats>(int world, const Position& end)> value;
    double value_range = 500;  ///< spread of values, to scale rewards into about [0, 1]
    int iterations = 4000;
    double exploration = 0.7;
};

/// Visits of each root card (index = card) after the search; the caller plays the most visited.
std::array<int, 32> tree_search(const TreeSearchInput& input, std::uint32_t legal, const Budget& budget, Rng& rng,
                                int* iterations_done = nullptr);

}  // namespace belote::ai
