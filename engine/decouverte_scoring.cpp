#include "engine/decouverte_scoring.hpp"

namespace belote {
DealScore score_decouverte_deal(const DealTally& tally, const RuleOptions& rules) {
    const Team t = tally.takers, d = 1 - tally.takers;
    DealScore s;
    s.takers = t;
    s.card_points = tally.card_points;
    s.belote = tally.belote;
    s.melds = tally.melds;
    const bool capot_t = tally.tricks[t] == decouverte_tricks_per_deal,
               capot_d = tally.tricks[d] == decouverte_tricks_per_deal;
    s.capot = capot_t || capot_d;
    s.last_trick[tally.last_trick_winner] = s.capot ? 100 : 10;
    std::array<int, 2> total{};
    for (Team x : {0, 1}) total[x] = s.card_points[x] + s.last_trick[x] + s.melds[x] + s.belote[x];
    const bool capot_moves = rules.melds.capot == MeldTransfer::ToWinners;
    const bool failed_moves = rules.melds.failed_contract == MeldTransfer::ToWinners;
    // §6.6: made iff the declarer scores more than his opponent (more than 81 without bonuses);
    // 81-81 fails and there is no escrow. A belote is never lost (§2.5).
    if (capot_t || (!capot_d && total[t] > total[d])) {
        s.outcome = DealOutcome::Made;
        s.score = total;  // capot by the declarer: 252 / 0, plus bonuses
        if (capot_t && capot_moves) {
            s.score[t] += s.melds[d];
            s.score[d] -= s.melds[d];
        }
    } else {
        s.outcome = DealOutcome::Failed;
        const bool moves = capot_d ? capot_moves : failed_moves;
        s.score[d] = (capot_d ? capot_points : deal_points) + s.melds[d] + (moves ? s.melds[t] : 0) + s.belote[d];
        s.score[t] = s.belote[t] + (moves ? 0 : s.melds[t]);
    }
    return s;
}

}  // namespace belote
