#pragma once
// Scoring a classic deal: made, failed, capot, litige and its escrow (docs/rules.md §2.6, §2.7, §3.4).

#include <array>

#include "engine/options.hpp"
#include "engine/sides.hpp"
#include "engine/trick.hpp"

namespace belote {

/// Points in a deal: the cards' 152 and 10 for the last trick (§1.4).
inline constexpr int deal_points = 162;
/// Points of a side that won every trick: 152 and 100 for the last trick (§1.4).
inline constexpr int capot_points = 252;
/// The last trick's bonus, dix de der (§1.4).
inline constexpr int last_trick_bonus = 10;
/// The last trick's bonus to a side that won every trick (§1.4, §7 sweep_252).
inline constexpr int capot_last_trick_bonus = 100;

/// How a deal ended for the takers.
enum class DealOutcome : std::uint8_t { Made, Failed, Litige };

/// What each side collected during the play of a deal. Values are indexed by Side (a Team with
/// four players, a seat with two or three); a default tally has two sides (see tally_for).
struct DealTally {
    Side takers = 0;
    SideValues card_points{};  ///< card points of the tricks won, without the last-trick bonus
    SideValues tricks{};       ///< tricks won
    Side last_trick_winner = 0;
    SideValues belote{};  ///< 20 per belote scored by the side, else 0
    SideValues melds{};   ///< combination points counted for each side (§3.3; 0 in CL0)
};
/// An empty tally for `sides` sides (2 or 3).
DealTally tally_for(int sides);

/// The result of one deal with its breakdown. Values are indexed by Side (a Team with four players,
/// a seat with two or three); all figures in points.
struct DealScore {
    Side takers = 0;
    DealOutcome outcome = DealOutcome::Made;
    bool capot = false;        ///< one side won every trick
    SideValues card_points{};  ///< card points won (152 in all, less with cards out of play, §7), no bonus
    SideValues last_trick{};   ///< 10, or 100 on capot, to the side that won the last trick (§7: shut-out 50s)
    SideValues belote{};
    SideValues melds{};
    SideValues escrow_awarded{};  ///< escrow given to a side with this deal (§2.7; §8 award_to_creators)
    SideValues score{};           ///< points recorded for this deal, escrow_awarded included
    int escrow_added = 0;         ///< points this deal put into escrow (litige)
    int escrow_after = 0;         ///< escrow pending after this deal
    int contract_value = 0;       ///< Coinche: the bid (80..160, 250 = capot); 0 otherwise
    int multiplier = 1;           ///< Coinche: 1, 2 (contre), 4 or 3 (surcontre)
    bool operator==(const DealScore&) const = default;
};

/// §2.7 escrow: a litige adds its escrow to what is pending (escrow_after); a decisive deal gives
/// `escrow_before` to its winners (takers if made, defenders if failed), in escrow_awarded and score.
/// `score` must have takers, outcome, score and escrow_added set.
void settle_escrow(DealScore& score, int escrow_before);

/// Scores a classic deal (CL0 §2.6–2.7; with melds, CL1 §3.4 under the default §9 options).
/// `escrow_before`: escrow pending from earlier litiges. Returns the full breakdown.
DealScore score_classic_deal(const DealTally& tally, int escrow_before, const RuleOptions& rules);

}  // namespace belote
