#pragma once
// Scoring a Coinche deal: success condition and points (docs/rules.md §4.4, §4.5; options §9).

#include "engine/coinche_auction.hpp"
#include "engine/scoring.hpp"

namespace belote {

/// Scores a Coinche deal. `tally.melds` holds the counted combinations (§3.3), `tally.belote` the
/// belote points per side (several in TA). `contre_level`: 0 plain, 1 contré, 2 surcontré.
/// `escrow_before`: escrow pending from earlier litiges (§2.7, applied to Coinche by §4.4).
/// `rules`: the Coinche options (`rules.coinche`) and the announcement options that say where
/// counted combinations go on a failed contract or a capot (`rules.melds`, §3.4).
DealScore score_coinche_deal(const DealTally& tally, const CoincheBid& bid, int contre_level, int escrow_before,
                             const RuleOptions& rules);

}  // namespace belote
