#pragma once
// Scoring a Découverte deal (docs/rules.md §6.6): declarer needs more than 81; no litige, no bonuses.

#include "engine/scoring.hpp"

namespace belote {

/// Scores a Découverte deal; `tally.takers` is the declarer's seat (team = seat with 2 players),
/// tricks counted out of 16. No escrow exists in this variant.
DealScore score_decouverte_deal(const DealTally& tally);

}  // namespace belote
