#include "engine/scoring.hpp"

namespace belote {
DealTally tally_for(int sides) {
    DealTally t;
    t.card_points = t.tricks = t.belote = t.melds = SideValues::zeros(sides);
    return t;
}

void settle_escrow(DealScore& score, int escrow_before) {
    if (score.outcome == DealOutcome::Litige) {
        score.escrow_after = escrow_before + score.escrow_added;
        return;
    }
    Team winners = score.outcome == DealOutcome::Made ? score.takers : 1 - score.takers;
    score.escrow_awarded[winners] = escrow_before;
    score.score[winners] += escrow_before;
}

DealScore score_classic_deal(const DealTally& tally, int escrow_before, const RuleOptions& rules) {
    const Team t = tally.takers, d = 1 - tally.takers;
    DealScore s;
    s.takers = t;
    s.card_points = tally.card_points;
    s.belote = tally.belote;
    s.melds = tally.melds;
    s.capot = tally.tricks[t] == tricks_per_deal || tally.tricks[d] == tricks_per_deal;
    s.last_trick[tally.last_trick_winner] = s.capot ? capot_last_trick_bonus : last_trick_bonus;

    std::array<int, 2> total{};
    for (Team x : {0, 1}) total[x] = s.card_points[x] + s.last_trick[x] + s.melds[x] + s.belote[x];
    const int all_melds = s.melds[0] + s.melds[1];

    // §3.4: counted combinations go to the side that wins the deal unless the options keep them with their owner.
    const bool capot_moves = rules.melds.capot == MeldTransfer::ToWinners;
    const bool failed_moves = rules.melds.failed_contract == MeldTransfer::ToWinners;

    if (tally.tricks[t] == tricks_per_deal) {  // capot by the takers: always made (§2.6, §3.4)
        s.outcome = DealOutcome::Made;
        s.score[t] = capot_points + (capot_moves ? all_melds : s.melds[t]) + s.belote[t];
        s.score[d] = s.belote[d] + (capot_moves ? 0 : s.melds[d]);
    } else if (tally.tricks[d] == tricks_per_deal) {  // swept by the defenders
        s.outcome = DealOutcome::Failed;
        s.score[t] = s.belote[t] + (capot_moves ? 0 : s.melds[t]);
        s.score[d] = capot_points + (capot_moves ? all_melds : s.melds[d]) + s.belote[d];
    } else if (total[t] > total[d]) {
        s.outcome = DealOutcome::Made;
        s.score = total;
    } else if (total[t] < total[d]) {
        s.outcome = DealOutcome::Failed;
        s.score[t] = s.belote[t] + (failed_moves ? 0 : s.melds[t]);
        s.score[d] = deal_points + (failed_moves ? all_melds : s.melds[d]) + s.belote[d];
    } else {  // litige (§2.7): defenders score now, the takers' total waits in escrow
        s.outcome = DealOutcome::Litige;
        s.score[d] = total[d];
        s.escrow_added = total[t];
        if (!rules.litige_escrow_includes_belote) {
            s.escrow_added -= s.belote[t];
            s.score[t] = s.belote[t];
        }
    }

    settle_escrow(s, escrow_before);
    return s;
}

}  // namespace belote
