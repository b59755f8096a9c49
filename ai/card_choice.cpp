#include "ai/card_choice.hpp"

namespace belote::ai {

CardSet legal_cards_of(const View& view) {
    CardSet set;
    for (const Action& a : view.legal)
        if (a.kind == ActionKind::PlayCard) set.insert(a.card);
    return set;
}

Card CardScores::best(const Contract& contract) const {
    auto cheaper = [&](Card a, Card b) {
        const int pa = card_points(a, contract), pb = card_points(b, contract);
        if (pa != pb) return pa < pb;
        const int sa = strength_in_suit(a, contract), sb = strength_in_suit(b, contract);
        if (sa != sb) return sa < sb;
        return a.index() < b.index();
    };
    Card best = candidates_.first();
    for (Card c : candidates_) {
        const double d = mean(c) - mean(best);
        if (d > 1e-6 || (d > -1e-6 && cheaper(c, best))) best = c;
    }
    return best;
}

}  // namespace belote::ai
