#include "ai/card_choice.hpp"

#include <algorithm>

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
    // Both sums are over the same worlds, so comparing sums compares means.
    const double tolerance = 1e-6 * std::max(1, worlds_);
    auto better = [&](Card a, Card b) {
        for (const auto* sums : {&sum_, &tiebreak_sum_}) {
            const double d = (*sums)[a.index()] - (*sums)[b.index()];
            if (d > tolerance) return true;
            if (d < -tolerance) return false;
        }
        return cheaper(a, b);
    };
    Card best = candidates_.first();
    for (Card c : candidates_)
        if (better(c, best)) best = c;
    return best;
}

}  // namespace belote::ai
