#pragma once
// Soft evidence about the hidden cards (issue 15, "soft weights"): how likely each seat's auction
// calls, discards and cards are under a sampled world, read the natural way (a taker holds trumps, a
// bid shows its denomination, a pass denies strength, a discard suggests weakness in its suit, a
// card is more likely the one a plain player would have played).

#include "ai/knowledge.hpp"
#include "ai/world_sampler.hpp"

#include <vector>

namespace belote::ai {

/// Relative likelihood of the public calls and discards of the seats other than the view's, given a
/// world. Built once per decision from the view; weight() is a few microseconds.
class WorldWeigher {
public:
    /// `off_model_play` (0..1]: the factor per card another seat played that the engine robot's card
    /// policy (engine/robot.hpp robot_card) would not have played from that world's hand; 1 ignores
    /// the play. `view` and `knowledge` must outlive the weigher.
    WorldWeigher(const View& view, const Knowledge& knowledge, double off_model_play = 1.0);
    /// Likelihood (up to a constant factor, > 0) of what the other seats did if `world` is the deal.
    double weight(const World& world) const;

private:
    double auction_weight(Seat seat, CardSet dealt) const;
    double play_weight(const World& world) const;
    const View* view_;
    const Knowledge* knowledge_;
    double off_model_play_;
};

/// Likelihood that a seat holding `hand` (its 8 cards of the deal, turn-up included for a classic
/// taker) made the auction calls it made in `view.auction`, under the natural-bidding model used for
/// inference. 1 when the seat made no call. Exposed for the bidding simulations and tests.
/// `read_contre`: a Coinche contre is read as natural_contre() in the doubler's hand.
double auction_likelihood(const View& view, Seat seat, CardSet hand, bool read_contre = false);

/// A natural contre (Coinche, rules §4.2) shows defence in the doubler's own `hand`: for a suit
/// contract two of the trump jack, nine and ace, or one of them and two outside aces; for no trump
/// two aces; for all trump a jack and a nine or two jacks.
bool natural_contre(CardSet hand, const Contract& contract);

/// Systematic resampling: `kept` indices into items whose cumulative weights are `cumulative`
/// (non-decreasing, last = total > 0), each item chosen in proportion to its weight, with one uniform
/// offset drawn from `rng`.
std::vector<std::size_t> systematic_resample(const std::vector<double>& cumulative, int kept, Rng& rng);

}  // namespace belote::ai
