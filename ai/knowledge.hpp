#pragma once
// What one seat knows for certain about the other seats' cards during the play of a deal at four
// or three (docs/rules.md §7), inferred from its view only (docs/design.md invariant 7): cards
// played, voids shown by not following, trumps the rules would have forced (must trump, overtrump),
// belote-rebelote, the classic turn-up that went to the taker, and the combinations shown from
// trick 2 (docs/rules.md §1.5, §2.2, §2.5, §3.2).

#include <array>
#include <vector>

#include "engine/view.hpp"

namespace belote::ai {

/// A card a seat threw away while an opponent was winning and it could neither follow nor trump:
/// evidence of weakness in that suit (a soft weight, see world_weights.hpp).
struct Discard {
    Seat seat = 0;
    Card card;
};

/// Hard constraints on the hidden cards, from one seat's point of view. Arrays are indexed by seat.
struct Knowledge {
    Seat me = 0;
    int seats = 4;
    CardSet own;                         ///< the cards `me` holds now
    CardSet played;                      ///< every card played this deal (trick in progress included)
    std::array<CardSet, 4> played_by{};  ///< the cards each seat played this deal
    std::array<CardSet, 4> holds{};      ///< cards another seat certainly holds now (not yet played)
    std::array<CardSet, 4> excluded{};   ///< cards a seat certainly does not hold now
    std::array<int, 4> hand_size{};      ///< cards each seat holds now
    std::vector<Discard> discards;       ///< soft evidence, in play order
    CardSet out_of_play;                 ///< cards known to be out of the deal (three_player, 24 cards: 7s, 8s)
    int undealt = 0;                     ///< unseen cards lying out of the deal (three_player, 32 cards: 8)

    /// Cards held by another seat whose holder `me` does not know.
    CardSet unknown() const;
};

/// Whether a king and queen of `suit` score a belote under the view's settled contract: the trump
/// suit, every suit at all-trump with ta_belote = each_suit, none at no-trump (§2.5, §4.3), none in
/// Découverte (§6.6).
bool belote_counts(const View& view, Suit suit);

/// The cards everybody knows are out of the deal: the 7s and 8s at three with 24 cards (§7), else
/// none.
CardSet cards_out_of_play(const MatchOptions& options);

/// Infers the knowledge of the view's seat during the play phase of a deal at four (classic, classic
/// with announcements, coinche) or three (three_player, §7: no partner clauses; with 32 cards the 8
/// undealt ones are `undealt`, drawn by WorldSampler as a fourth hand that never plays).
/// `view.observer.seat` must be set and `view.contract` settled.
Knowledge infer_knowledge(const View& view);

}  // namespace belote::ai
