#pragma once
// The reference opponent of the strength benchmark: a single-observer information-set Monte Carlo
// tree search (SO-ISMCTS) robot, an independent design from ai/ (no exact solver, no weighted
// inference). Each iteration deals the unseen cards at random (respecting shown voids only), walks one
// tree shared by all deals (UCB1 over the cards legal in that deal), expands one card and finishes
// the deal with uniformly random legal cards. Auction calls are the engine robot's (easy).

#include <chrono>
#include <cstdint>

#include "ai/robot_settings.hpp"
#include "engine/view.hpp"

namespace belote::arena {

/// How long the reference robot thinks per card.
struct IsmctsSettings {
    /// Iterations per card decision; 0 = iterate until `time` has passed on `clock` (the arena passes
    /// the thread's CPU time).
    int iterations = 0;
    std::chrono::milliseconds time{100};
    ai::Clock clock;           ///< required when iterations == 0
    double exploration = 0.7;  ///< UCB1 constant on rewards in [0, 1]
};

/// Statistics of the last decision.
struct IsmctsReport {
    int iterations = 0;
};

/// The reference robot's action for the seat of `view` (to act, view.legal not empty).
Action ismcts_decide(const View& view, const IsmctsSettings& settings, std::uint64_t seed,
                     IsmctsReport* report = nullptr);

}  // namespace belote::arena
