#pragma once
// Scoring a three-player deal (docs/rules.md §7): each player for himself; the taker must beat each
// opponent (or both together); no litige.

#include "engine/scoring.hpp"

namespace belote {

/// Scores a three-player deal. `tally` has 3 sides, one per seat; `tally.takers` is the taker's seat;
/// tricks are counted out of 8; card points are those of the cards in play (152 with 24 cards).
/// Each player's total is his card points, last-trick bonus (10; 100 to a player who took every
/// trick; with three_player_capot = shut_out_50, 50 to each of two players when the third took no
/// trick, and no last-trick 10) and belote. Made (three_player_success): everybody scores his total.
/// Failed: the taker scores his belote only, each opponent his total (three_player_failure =
/// opponents_share: plus half the taker's other points, the odd point to the first opponent after the
/// taker in play order). The outcome is never Litige.
DealScore score_three_player_deal(const DealTally& tally, const ThreePlayerRules& rules);

}  // namespace belote
