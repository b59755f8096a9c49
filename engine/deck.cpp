#include "engine/deck.hpp"

#include <algorithm>
#include <utility>

namespace belote {

Deck ordered_deck() {
    Deck deck;
    for (int i = 0; i < deck_size; ++i) deck[i] = Card::from_index(i);
    return deck;
}

void shuffle(Deck& deck, Rng& rng) {
    for (int i = deck_size - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
}

int cut(Deck& deck, Rng& rng, int min_packet) {
    int choices = deck_size - 2 * min_packet + 1;
    int position = min_packet + static_cast<int>(rng.below(choices));
    std::rotate(deck.begin(), deck.begin() + position, deck.end());
    return position;
}

}  // namespace belote
