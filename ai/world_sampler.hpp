#pragma once
// Exact uniform sampling of the worlds (complete deals) consistent with a seat's knowledge: each
// unknown card goes to a seat allowed to hold it, each seat receives exactly its number of cards, and
// every consistent deal has the same probability (no greedy dealing bias). Counting by classes of
// cards sharing the same allowed seats, then sampling the class split backwards through the counts.

#include <array>
#include <cstdint>
#include <vector>

#include "ai/knowledge.hpp"
#include "engine/rng.hpp"

namespace belote::ai {

/// Every seat's cards in one world, indexed by seat; at three (§7, 32 cards) entry 3 holds the
/// undealt cards.
using World = std::array<CardSet, 4>;
/// The World entry of three_player's undealt cards.
inline constexpr Seat undealt_index = 3;

/// Samples worlds for the seat of a Knowledge. Construction is O(classes × 81); sample() is
/// O(cards). Value type, no heap use after construction.
class WorldSampler {
public:
    /// `knowledge` must come from infer_knowledge(). If no deal satisfies every constraint (rule
    /// options the inference does not model), the constraints are relaxed: first the excluded cards
    /// (keeping shown voids), then all of them; relaxed() says so.
    explicit WorldSampler(const Knowledge& knowledge);

    /// Number of consistent worlds (exact; at most 24! / (8! 8! 8!) for 4 seats).
    std::uint64_t count() const { return classes_ ? counts_[0][caps_[0]][caps_[1]] : 1; }
    /// True when the constraints had to be relaxed to find any world.
    bool relaxed() const { return relaxed_; }
    /// One world drawn uniformly from the consistent ones (the known world when count() is 1).
    World sample(Rng& rng) const;

private:
    static constexpr int max_classes = 7;  // non-empty allowed-bin masks over 3 bins (other seats, undealt)
    static constexpr int max_cap = 8;
    bool build(const std::array<CardSet, 4>& excluded);

    World base_{};                // the cards of every seat known for certain
    std::array<Seat, 3> bins_{};  // the other seats, and undealt_index at three with 32 cards
    int bin_count_ = 0;
    CardSet unknown_;
    std::array<int, 3> caps_{};  // unknown cards each bin receives
    int classes_ = 0;
    std::array<int, max_classes> class_mask_{};  // allowed bins of each class (bit b = bins_[b])
    std::array<CardSet, max_classes> class_cards_{};
    std::array<int, max_classes + 1> remaining_{};  // cards in classes i..
    // counts_[i][a][b]: deals of classes i.. giving a cards to bin 0, b to bin 1 (bin 2 the rest).
    std::array<std::array<std::array<std::uint64_t, max_cap + 1>, max_cap + 1>, max_classes + 1> counts_{};
    bool relaxed_ = false;
};

}  // namespace belote::ai
