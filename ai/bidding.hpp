#pragma once
// Auction calls by simulation (issue 15, "Bidding"): the other seats' hands are sampled (weighted by
// how likely their calls so far are under natural bidding), each legal call is scored by playing the
// contract it leads to in every sampled deal, and the best mean deal score wins. Only natural calls
// exist: a take or a bid names the denomination the robot's side expects to make, at the value it
// expects to make; contre and surcontre are made when doubling pays on the same simulations.

#include <cstdint>

#include "ai/budget.hpp"
#include "engine/rng.hpp"
#include "engine/view.hpp"

namespace belote::ai {

/// How a level bids.
struct BidParams {
    int worlds = 24;     ///< sampled deals per decision
    int oversample = 3;  ///< deals drawn per deal kept (resampled by the likelihood of the calls)
    int horizon = 0;     ///< deal evaluation: tricks searched before greedy playouts (0 = playouts only)
    std::uint64_t node_budget = 400'000;  ///< solver nodes per decision
    double caution = 0;                   ///< deal points a call must gain over passing (a little prudence)
    double min_make = 0.5;      ///< Coinche: a bid needs at least this chance of being made (a contre, of failing)
    double safe_make = 0.65;    ///< Coinche: below this chance a bid is valued as if contré; a surcontre needs it
    int declarer_handicap = 8;  ///< card points taken from the declaring side in simulations (double-dummy optimism)
    int denominations = 3;      ///< Coinche: denominations simulated besides the standing contract's
    /// Classic take/pass: a hand whose take or named suit reaches this evaluate_hand() (engine/robot.hpp,
    /// the turn-up counted in round 1) is not passed, whatever the simulation says of passing (0: off).
    int sure_take = 0;
    /// A suit the robot names as trumps needs at least this many of its cards (0: off): in Coinche
    /// unless the partner bid it; in take/pass the turn-up counts for a take, and a sure take overrides.
    int min_trumps = 0;
    /// Take/pass: a take or named suit needs at least this natural_evaluation() (0: off); a sure take
    /// overrides.
    int min_take = 0;
    /// Coinche: the simulated deals read an opponent's contre as defence in its hand (natural_contre).
    bool read_contre = false;
    /// Coinche: once the partner's last bid came after one of the robot's in another denomination, the
    /// robot raises the partner's, passes or contres, whoever holds the bid (no bidding war within a side).
    bool one_own_suit = false;
    /// Coinche: a bid in a denomination the partner has not bid is at most this many points above what
    /// the robot's hand shows by itself: estimate_contract (engine/robot.hpp, the value a partner reads
    /// from the bid, world_weights.hpp) plus its combinations and belote (below 0: off).
    int jump_slack = -1;
};

/// The call of the seat of `view`, which must be to act in the auction (classic take/pass, Coinche
/// ladder with contre/surcontre, Découverte trump choice). Returns one of view.legal.
Action choose_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget);

}  // namespace belote::ai
