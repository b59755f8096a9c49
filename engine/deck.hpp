#pragma once
// Preparing the deck: shuffle and cut (docs/rules.md §2.2 step 1, §6.1, §7, §11 item 8).

#include <array>

#include "engine/card.hpp"
#include "engine/rng.hpp"

namespace belote {

/// A deck in order; index 0 is the top card (the first dealt). With fewer cards in play (three-player
/// Belote's 24, §7) the cards in play come first and the rest lie, out of play, at the end.
using Deck = std::array<Card, deck_size>;

/// The 32 cards in index order (spades 7..A, hearts, diamonds, clubs).
Deck ordered_deck();
/// The 24-card pack of §7 first (9 to A of each suit, in index order), then the 7s and 8s, out of play.
Deck short_deck();
/// The same cards with those of rank 9 and above first, each group in its order (a deck given for a
/// 24-card match, whatever its order, has its 7s and 8s moved out of play).
Deck with_short_pack_first(const Deck& deck);
/// Fisher–Yates shuffle of the first `size` cards driven by `rng`.
void shuffle(Deck& deck, Rng& rng, int size = deck_size);
/// Cuts the first `size` cards at a position drawn uniformly so both packets keep at least
/// `min_packet` cards (2 × min_packet ≤ size), then puts the lower packet on top. Returns the cut
/// position (the size of the packet lifted off the top).
int cut(Deck& deck, Rng& rng, int min_packet, int size = deck_size);

}  // namespace belote
