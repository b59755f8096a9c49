#include "engine/decouverte_scoring.hpp"

namespace belote {
namespace {
constexpr int deal_value = 162;
constexpr int capot_value = 252;
constexpr int tricks_per_deal = 16;
constexpr int half = 81;
}  // namespace

DealScore score_decouverte_deal(const DealTally& tally) {
    const Team t = tally.takers, d = 1 - tally.takers;
    DealScore s;
    s.takers = t;
    s.card_points = tally.card_points;
    s.capot = tally.tricks[t] == tricks_per_deal || tally.tricks[d] == tricks_per_deal;
    s.last_trick[tally.last_trick_winner] = s.capot ? 100 : 10;
    std::array<int, 2> total{};
    for (Team x : {0, 1}) total[x] = s.card_points[x] + s.last_trick[x];
    // §6.6: made iff the declarer scores more than 81 (81-81 fails; there is no escrow).
    if (total[t] > half) {
        s.outcome = DealOutcome::Made;
        s.score = total;  // capot by the declarer: 252 / 0
    } else {
        s.outcome = DealOutcome::Failed;
        s.score[d] = tally.tricks[d] == tricks_per_deal ? capot_value : deal_value;
    }
    return s;
}

}  // namespace belote
