#pragma once
// Découverte (docs/rules.md §6): search positions built from the two public tableaux, worlds that place
// the unseen cards under the face-up cards, card play and the trump choice. Nobody holds private
// cards, so the only uncertainty is what lies face down, unknown to both players alike.

#include <vector>

#include "ai/bidding.hpp"
#include "ai/card_play.hpp"
#include "ai/position.hpp"

namespace belote::ai {

/// What lies face down, from the public view: the unseen cards and the piles that hide one of them.
struct TableauLayout {
    CardSet pool;  ///< cards seen by nobody (neither played nor face up)
    struct Slot {
        Seat seat = 0;
        int cover = -1;  ///< the face-up card on top (a card index), or -1 when it was played in the trick in progress
    };
    std::vector<Slot> slots;  ///< one per face-down card, in seat then pile order
};

/// The face-down layout of the deal in `view` (Découverte, auction or play).
TableauLayout tableau_layout(const View& view);

/// The position of `view` under `contract` with the face-down cards given by `lower` (one card index
/// per slot of `layout`, or unknown_card for every slot to keep them unknown).
Position tableau_position(const View& view, const PlaySetup& setup, const TableauLayout& layout,
                          const std::vector<std::int8_t>& lower);

/// The trump choice (§6.3): accept the indicator, name a suit or pass, by simulation.
Action choose_decouverte_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget);

}  // namespace belote::ai
