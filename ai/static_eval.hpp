#pragma once
// A static estimate of a 4-seat position's double-dummy value: a linear function of a few features
// of the hands (card points held, trumps and plain cards by rank among the cards still live, trump
// length, ruffing voids, who leads), fitted by least squares on exactly solved random positions
// (bench/ai/fit_static_eval.cpp regenerates the weights). Used at the leaves of shallow searches in
// the early tricks and in the bidding simulations, where exact solving costs too much.

#include <array>

#include "ai/position.hpp"

namespace belote::ai {

inline constexpr int static_feature_count = 14;
using StaticFeatures = std::array<float, static_feature_count>;

/// The features of `pos` (at a trick boundary) for `team`: each is the team's value minus the
/// other team's. See static_eval.cpp for their definitions.
StaticFeatures static_features(const Position& pos, Team team);

/// Estimated final margin for `team` (as Solver::solve) of `pos`, a 4-seat position at a trick
/// boundary with 2 to 8 tricks left: the margin so far plus the fitted estimate of the rest.
int static_margin(const Position& pos, Team team);

}  // namespace belote::ai
