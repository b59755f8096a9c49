#include "engine/trick.hpp"

namespace belote {

CardSet Trick::cards() const {
    CardSet set;
    for (int i = 0; i < size_; ++i) set.insert(cards_[i]);
    return set;
}

int Trick::winning_index(const Contract& contract) const {
    auto beats = [&](Card challenger, Card best) {
        if (challenger.suit() == best.suit())
            return strength_in_suit(challenger, contract) > strength_in_suit(best, contract);
        return contract.is_trump(challenger.suit());  // a trump beats any non-trump card; off-suit never wins
    };
    int best = 0;
    for (int i = 1; i < size_; ++i)
        if (beats(cards_[i], cards_[best])) best = i;
    return best;
}

int Trick::points(const Contract& contract) const {
    int sum = 0;
    for (int i = 0; i < size_; ++i) sum += card_points(cards_[i], contract);
    return sum;
}

}  // namespace belote
