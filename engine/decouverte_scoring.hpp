#pragma once
// Scoring a Découverte deal (docs/rules.md §6.6): the declarer must beat his opponent (more than 81
// without bonuses); no litige. Belote and combinations only with decouverte_belote /
// decouverte_announcements.

#include "engine/scoring.hpp"

namespace belote {

/// Scores a Découverte deal; `tally.takers` is the declarer's seat (team = seat with 2 players),
/// tricks counted out of 16. `tally.belote` and `tally.melds` are 0 unless the bonus options are on;
/// `rules.melds` then says where counted combinations go on a failure or a capot (§3.4). Made iff the
/// declarer's total is greater than the opponent's; a tie fails. No escrow exists in this variant.
DealScore score_decouverte_deal(const DealTally& tally, const RuleOptions& rules = {});

}  // namespace belote
