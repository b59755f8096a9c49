#include "engine/deck.hpp"

#include <algorithm>
#include <utility>

namespace belote {

Deck ordered_deck() {
    Deck deck;
    for (int i = 0; i < deck_size; ++i) deck[i] = Card::from_index(i);
    return deck;
}

namespace {
bool in_short_pack(Card c) { return c.rank() != Rank::Seven && c.rank() != Rank::Eight; }
}  // namespace

Deck short_deck() { return with_short_pack_first(ordered_deck()); }

Deck with_short_pack_first(const Deck& deck) {
    Deck out = deck;
    std::stable_partition(out.begin(), out.end(), in_short_pack);
    return out;
}

void shuffle(Deck& deck, Rng& rng, int size) {
    for (int i = size - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
}

int cut(Deck& deck, Rng& rng, int min_packet, int size) {
    int choices = size - 2 * min_packet + 1;
    int position = min_packet + static_cast<int>(rng.below(choices));
    std::rotate(deck.begin(), deck.begin() + position, deck.begin() + size);
    return position;
}

}  // namespace belote
