#pragma once
// The seat-filler robot: a cheap, sensible heuristic deciding from a seat's view only (docs/design.md invariant 7).

#include "engine/rng.hpp"
#include "engine/view.hpp"

namespace belote {

/// Chooses an action for the seat of `view` (view.observer.seat), which must be to act with a
/// non-empty view.legal. Returns one of view.legal. `rng` breaks ties between equal choices.
/// Auction: takes or names the suit whose hand evaluation clears a threshold. Play: cashes aces,
/// gives points to a winning partner, wins tricks as cheaply as possible, otherwise discards low.
Action robot_decide(const View& view, Rng& rng);

/// The card robot_decide() plays: from `legal` (not empty), with `trick` in progress (empty: a lead),
/// for seat `me` at a table of `seats`, `taker` the seat that took `contract`. Deterministic. The
/// search robots' inference reads the cards others played against it (ai/world_weights.hpp).
Card robot_card(CardSet legal, const Trick& trick, Seat me, int seats, std::optional<Seat> taker,
                const Contract& contract);

/// Playing `card` (a legal card of view.legal) with the belote words it allows in the manual belote
/// modes (docs/rules.md §2.5: "belote" with the first honour, "rebelote" with the second), so that
/// a robot's belote is never lost for want of saying it; the plain card otherwise.
Action with_belote_words(const View& view, Card card);

/// The evaluate_hand() a hand must reach for robot_decide() to take the turned suit in round 1 (with
/// the turn-up, outside Découverte) and to name a suit in round 2, before its random margin.
inline constexpr int take_threshold_round1 = 42;
inline constexpr int take_threshold_round2 = 38;

/// Heuristic strength of `hand` if `trump` were trump (points-like scale; ~ 40+ is a fair take).
int evaluate_hand(CardSet hand, Suit trump);

/// Coinche: rough number of points (card points + bonuses) the robot expects its side to make under
/// `contract` with `hand` (suit, SA or TA). Used to choose a bid value (§4.2).
int estimate_contract(CardSet hand, const Contract& contract);

}  // namespace belote
