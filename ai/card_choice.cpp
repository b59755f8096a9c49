#include "ai/card_choice.hpp"

#include <algorithm>
#include <optional>

namespace belote::ai {

CardSet legal_cards_of(const View& view) {
    CardSet set;
    for (const Action& a : view.legal)
        if (a.kind == ActionKind::PlayCard) set.insert(a.card);
    return set;
}

Card CardScores::best(const Contract& contract, double tolerance) const {
    auto cheaper = [&](Card a, Card b) {
        const int pa = card_points(a, contract), pb = card_points(b, contract);
        if (pa != pb) return pa < pb;
        const int sa = strength_in_suit(a, contract), sb = strength_in_suit(b, contract);
        if (sa != sb) return sa < sb;
        return a.index() < b.index();
    };
    double highest = mean(candidates_.first());
    for (Card c : candidates_) highest = std::max(highest, mean(c));
    std::optional<Card> best;
    for (Card c : candidates_)
        if (mean(c) >= highest - tolerance && (!best || cheaper(c, *best))) best = c;
    return *best;
}

}  // namespace belote::ai
