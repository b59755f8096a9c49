#pragma once
// What the end of the card play is worth: the deal score difference (docs/rules.md §2.6, §3.4, §4.4–4.5,
// §6.6) as a function of the final card-point margin the solver computes. The function is monotone
// in the margin, so the minimax of the score equals the score of the minimax margin.

#include <array>

#include "engine/coinche_auction.hpp"
#include "engine/options.hpp"
#include "engine/scoring.hpp"
#include "engine/trick.hpp"
#include "engine/view.hpp"

namespace belote::ai {

/// Everything besides the card play that decides a deal's score.
struct DealStakes {
    Variant variant = Variant::Classic;
    RuleOptions rules;
    Team takers = 0;
    std::array<int, 2> belote{};  ///< belote points each team scores (announced, or held in the world)
    std::array<int, 2> melds{};   ///< combination points counted for each team
    int escrow = 0;               ///< litige escrow pending from earlier deals
    CoincheBid bid;               ///< Coinche: the contract (value 80..160 or 250 = capot)
    int contre_level = 0;         ///< Coinche: 0 plain, 1 contré, 2 surcontré
};

/// The deal score of `team` minus the other team's, escrow awarded included, when the play ends with
/// margin `margin` for `team` (Solver::solve's value: card points + last-trick bonus of `team` minus
/// the other's; ±252 is a capot). `margin` must be even and in −252..252.
int deal_value(const DealStakes& stakes, Team team, int margin);

/// The engine's score breakdown of the deal for the same inputs as deal_value() (outcome, scores).
DealScore deal_score(const DealStakes& stakes, Team team, int margin);

/// The stakes of the deal in play in `view` (play phase): contract, doubling, escrow, the belote
/// already announced and the combinations counted so far (shown from trick 2).
DealStakes stakes_of(const View& view);

}  // namespace belote::ai
