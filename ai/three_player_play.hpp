#pragma once
// Card play at three (docs/rules.md §7, each player for himself) over worlds consistent with the
// seat's knowledge (with 32 cards the 8 undealt cards are part of the unknown), drawn by draw_worlds
// (card_play.hpp): uniformly, or resampled by the soft weights of the auction and the play.
// Either every legal card is played in each world (perfect-information Monte Carlo), or one tree of
// every seat's cards is searched over the worlds (ismcts_play.hpp), each seat choosing for its own
// value. Deals are finished by greedy playouts in which the taker's two opponents play as one side
// (their common interest: the contract fails), and scored exactly by the engine's §7 scoring.

#include <array>

#include "ai/budget.hpp"
#include "ai/card_play.hpp"
#include "engine/rng.hpp"
#include "engine/view.hpp"

namespace belote::ai {

/// The card to play for the seat of `view`, which must be to act in the play phase of a three_player
/// deal. A seat's value of a finished deal is its deal score minus the mean of the two others' (the
/// match is won by the highest total, §8). With params.tree_iterations > 0 the most visited card of
/// the tree search over params.worlds worlds; otherwise the best mean value over the worlds. Equal
/// counts or means go to the card cheaper to give up. Stops early when `budget` expires (after one
/// world at least). Returns one of view.legal; deterministic for a given view, params and rng state
/// in fixed-work mode. `report` (optional) receives the worlds and tree iterations done.
Card choose_three_player_card(const View& view, const PlayParams& params, Rng& rng, const Budget& budget,
                              PlayReport* report = nullptr);

/// The value for seat `me` (its §7 deal score minus the mean of the two others') of the complete
/// three_player deal `hands` (seats 0..2, 8 cards each; entry 3 unused) with `trump` taken by
/// `taker`, played out by greedy playouts from the lead of the seat after the dealer. For the
/// bidding simulations (bidding.hpp).
double three_player_deal_value(const View& view, const std::array<CardSet, 4>& hands, Suit trump, Seat taker, Seat me);

}  // namespace belote::ai
