#pragma once
// Scoring a classic deal: made, failed, capot, litige and its escrow (docs/rules.md §2.6, §2.7, §3.4).

#include <array>

#include "engine/options.hpp"
#include "engine/trick.hpp"

namespace belote {

/// How a deal ended for the takers.
enum class DealOutcome : std::uint8_t { Made, Failed, Litige };

/// What each side collected during the play of a deal. Arrays are indexed by Team.
struct DealTally {
    Team takers = 0;
    std::array<int, 2> card_points{};  ///< card points of the tricks won, without the last-trick bonus
    std::array<int, 2> tricks{};       ///< tricks won
    Team last_trick_winner = 0;
    std::array<int, 2> belote{};  ///< 20 to the side that scored belote-rebelote, else 0
    std::array<int, 2> melds{};   ///< combination points counted for each side (§3.3; 0 in CL0)
};

/// The result of one deal with its breakdown. Arrays are indexed by Team; all figures in points.
struct DealScore {
    Team takers = 0;
    DealOutcome outcome = DealOutcome::Made;
    bool capot = false;                ///< one side won every trick
    std::array<int, 2> card_points{};  ///< card points won (152 in all), no bonus
    std::array<int, 2> last_trick{};   ///< 10, or 100 on capot, to the side that won the last trick
    std::array<int, 2> belote{};
    std::array<int, 2> melds{};
    std::array<int, 2> escrow_awarded{};  ///< escrow of earlier litiges won with this deal (§2.7)
    std::array<int, 2> score{};           ///< points recorded for this deal, escrow_awarded included
    int escrow_added = 0;                 ///< points this deal put into escrow (litige)
    int escrow_after = 0;                 ///< escrow pending after this deal
    int contract_value = 0;               ///< Coinche: the bid (80..160, 250 = capot); 0 otherwise
    int multiplier = 1;                   ///< Coinche: 1, 2 (contre), 4 or 3 (surcontre)
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
