#pragma once
// What the search robots' take/pass bidding (classic, three players, Découverte) shares: the natural
// model of the other seats' calls, and the choice among calls valued by simulation.

#include <array>
#include <optional>
#include <vector>

#include "engine/view.hpp"

namespace belote::ai {

/// A seat that takes in the natural model, and the trump it takes or names.
struct NaturalTake {
    Seat taker = 0;
    Suit trump = Suit::Spades;
};

/// What happens in the auction of `view` (take/pass, view.turn_up set) if the seat to act passes now,
/// when every seat calls naturally: the engine robot's thresholds without its random margin
/// (engine/robot.hpp). Round 1, a seat takes the turned suit when evaluate_hand() of `hands[s]`, with
/// the turn-up outside Découverte (its indicator stays put, docs/rules.md §6.3), reaches
/// take_threshold_round1; round 2, it names its best other suit (the turned one too where the rules
/// allow it) reaching take_threshold_round2, the first in suit order on equal evaluations.
/// `hands[s]` = the cards seat s is modelled with (view.seats entries read). Returns the first later
/// seat that takes, in this round and, from round 1, in round 2 (the seat to act included);
/// nullopt = the deal is thrown in.
std::optional<NaturalTake> natural_take_after_pass(const View& view, const std::array<CardSet, 4>& hands);

/// The engine robot's evaluate_hand() of `call`, a take (the turn-up counted outside Découverte) or a
/// named suit, with the robot's own hand; 0 for any other call.
int natural_evaluation(const View& view, const Action& call);

/// Whether a take or named suit of view.legal reaches `evaluation` by the engine robot's evaluate_hand()
/// (the turn-up counted in round 1 outside Découverte, as natural_take_after_pass does).
bool reaches_natural_take(const View& view, int evaluation);

/// The call of view.legal (which holds a Pass) to make, from `totals[i]`, the summed value of
/// view.legal[i] over `evaluated` simulated deals (deal points for the robot's side): pass unless a
/// take or named suit beats both pass and every earlier better call by more than `caution` points per
/// deal (on equal totals the earlier call stays).
Action best_take_pass_call(const View& view, const std::vector<double>& totals, double caution, int evaluated);

}  // namespace belote::ai
