#include "engine/tableau.hpp"

namespace belote {

void Tableau::place_down(int pile, Card card) {
    piles_[pile][0] = card;
    face_down_.insert(card);
}

void Tableau::place_up(int pile, Card card) {
    piles_[pile][1] = card;
    face_up_.insert(card);
}

int Tableau::play(Card card) {
    for (int p = 0; p < tableau_piles; ++p) {
        auto& pile = piles_[p];
        int top = pile[1] ? 1 : 0;
        if (pile[top] == card) {
            pile[top].reset();
            face_up_.erase(card);
            return p;
        }
    }
    return -1;
}

std::optional<Card> Tableau::reveal(int pile, bool locked) {
    auto& lower = piles_[pile][0];
    if (!lower || !face_down_.contains(*lower) || piles_[pile][1]) return std::nullopt;
    face_down_.erase(*lower);
    face_up_.insert(*lower);
    if (locked) locked_.insert(*lower);
    return lower;
}

TableauView Tableau::view() const {
    TableauView v;
    for (int p = 0; p < tableau_piles; ++p) {
        for (const auto& slot : piles_[p]) {
            if (!slot) continue;
            if (face_down_.contains(*slot))
                ++v[p].face_down;
            else
                v[p].face_up = *slot;
        }
    }
    return v;
}

std::array<Tableau, 2> deal_tableaux(const Deck& deck, DecouverteDealOrder order) {
    std::array<Tableau, 2> t;
    // Rows of four: (who, row, face) for each block of 4 deck cards, per §6.2.
    struct Block {
        int who, row;
        bool up;
    };
    static constexpr std::array<Block, 8> seed_order{{{0, 0, false},
                                                      {1, 0, false},
                                                      {0, 1, false},
                                                      {1, 1, false},
                                                      {0, 0, true},
                                                      {1, 0, true},
                                                      {0, 1, true},
                                                      {1, 1, true}}};
    static constexpr std::array<Block, 8> blog_order{{{0, 0, false},
                                                      {1, 0, false},
                                                      {0, 0, true},
                                                      {1, 0, true},
                                                      {0, 1, false},
                                                      {1, 1, false},
                                                      {0, 1, true},
                                                      {1, 1, true}}};
    const auto& blocks = order == DecouverteDealOrder::Seed ? seed_order : blog_order;
    for (int b = 0; b < 8; ++b)
        for (int k = 0; k < 4; ++k) {
            int pile = blocks[b].row * 4 + k;
            Card card = deck[b * 4 + k];
            if (blocks[b].up)
                t[blocks[b].who].place_up(pile, card);
            else
                t[blocks[b].who].place_down(pile, card);
        }
    return t;
}

}  // namespace belote
