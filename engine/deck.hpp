#pragma once
// Preparing the deck: shuffle and cut (docs/rules.md §2.2 step 1, §6.1, §11 item 8).

#include <array>

#include "engine/card.hpp"
#include "engine/rng.hpp"

namespace belote {

/// A deck in order; index 0 is the top card (the first dealt).
using Deck = std::array<Card, deck_size>;

/// The 32 cards in index order (spades 7..A, hearts, diamonds, clubs).
Deck ordered_deck();
/// Fisher–Yates shuffle driven by `rng`.
void shuffle(Deck& deck, Rng& rng);
/// Cuts at a position drawn uniformly so both packets keep at least `min_packet` cards, then puts the
/// lower packet on top. Returns the cut position (the size of the packet lifted off the top).
int cut(Deck& deck, Rng& rng, int min_packet);

}  // namespace belote
