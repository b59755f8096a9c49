#pragma once
// Scoring candidate cards over sampled worlds and choosing one (shared by every card-play method).

#include <array>

#include "engine/view.hpp"

namespace belote::ai {

/// The cards of view.legal (its PlayCard actions) as a set.
CardSet legal_cards_of(const View& view);

/// Sums each candidate card's value over the worlds evaluated and picks the best mean.
class CardScores {
public:
    explicit CardScores(CardSet candidates) : candidates_(candidates) {}
    /// Adds `value` (deal points) for card `card` in the current world, and `tiebreak` (the card
    /// points margin of the robot's side, -capot_points..capot_points) to decide equal values.
    void add(Card card, double value, double tiebreak = 0.0) {
        sum_[card.index()] += value;
        tiebreak_sum_[card.index()] += tiebreak;
    }
    /// Closes the current world.
    void end_world() { ++worlds_; }
    int worlds() const { return worlds_; }
    /// Mean value of `card` over the closed worlds (0 before any).
    double mean(Card card) const { return worlds_ ? sum_[card.index()] / worlds_ : 0.0; }
    /// The candidate with the highest mean; equal means (within 1e-6) go to the higher mean tiebreak
    /// (a deal already lost or won is still played for its card points), then to the card that is
    /// cheaper to give up under `contract`: fewer points, then weaker, then lower index.
    Card best(const Contract& contract) const;

private:
    CardSet candidates_;
    std::array<double, 32> sum_{};
    std::array<double, 32> tiebreak_sum_{};
    int worlds_ = 0;
};

}  // namespace belote::ai
