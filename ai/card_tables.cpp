#include "ai/card_tables.hpp"

namespace belote::ai {

CardTables CardTables::of(const Contract& contract) {
    CardTables t;
    t.contract = contract;
    for (int i = 0; i < 32; ++i) {
        Card c = Card::from_index(i);
        t.above[i] = cards_above(c, contract).bits();
        t.points[i] = static_cast<std::uint8_t>(card_points(c, contract));
    }
    for (int s = 0; s < suit_count; ++s)
        for (int k = 0; k < 8; ++k) {
            const int card = s * 8 + k;
            t.strength[card] = static_cast<std::uint8_t>(7 - std::popcount(t.above[card]));
            t.order[s][t.strength[card]] = static_cast<std::int8_t>(card);  // the strongest has none above
        }
    for (int s = 0; s < suit_count; ++s) {
        if (contract.is_trump(static_cast<Suit>(s))) t.trump |= suit_mask(s);
        if (contract.ranks_as_trump(static_cast<Suit>(s))) t.trump_order |= suit_mask(s);
    }
    return t;
}

}  // namespace belote::ai
