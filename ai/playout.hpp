#pragma once
// A fast perfect-information playing policy for the search's leaves: every seat sees every card and
// plays a greedy card (cash safe masters, win tricks cheaply, give points to a partner who keeps the
// trick, otherwise throw the cheapest card). Used where exact solving would cost too much.

#include <cstdint>

#include "ai/position.hpp"

namespace belote::ai {

/// The greedy card of the seat to play in `pos` (one of pos.legal()).
int greedy_card(const Position& pos);

/// Plays the deal out from `pos` with greedy_card() for every seat and returns the final margin for
/// `team` (as Solver::solve). `pos` is restored. Découverte positions awaiting an unknown card are
/// resolved with the lowest card of the unknown pool (the caller samples worlds without unknowns).
int greedy_playout(Position& pos, Team team);

}  // namespace belote::ai
