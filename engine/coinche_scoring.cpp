#include "engine/coinche_scoring.hpp"

namespace belote {
namespace {
constexpr int capot_forfait = 500;

int multiplier_for(int contre_level, const CoincheRules& rules) {
    return contre_level == 0 ? 1 : contre_level == 1 ? 2 : rules.surcontre_multiplier;
}

// §4.4: made, failed or litige. The tie rule holds whichever success rule is chosen: a tie on a
// doubled or redoubled contract fails; on an undoubled one it is a litige, or fails with coinche_tie = fail.
DealOutcome outcome_of(const CoincheBid& bid, bool takers_capot, int tT, int tD, int m, const CoincheRules& rules) {
    if (bid.capot()) return takers_capot ? DealOutcome::Made : DealOutcome::Failed;
    if (takers_capot) return DealOutcome::Made;  // all 8 tricks always make a numeric contract
    if (tT < bid.value) return DealOutcome::Failed;
    if (tT == tD) return m == 1 && rules.tie == CoincheTie::Litige ? DealOutcome::Litige : DealOutcome::Failed;
    if (rules.success == CoincheSuccess::ReachOnly) return DealOutcome::Made;
    return tT > tD ? DealOutcome::Made : DealOutcome::Failed;
}

}  // namespace

DealScore score_coinche_deal(const DealTally& tally, const CoincheBid& bid, int contre_level, int escrow_before,
                             const RuleOptions& options) {
    const CoincheRules& rules = options.coinche;
    const Team t = tally.takers, d = 1 - tally.takers;
    DealScore s;
    s.takers = t;
    s.card_points = tally.card_points;
    s.belote = tally.belote;
    s.melds = tally.melds;
    s.contract_value = bid.value;
    const int m = multiplier_for(contre_level, rules);
    s.multiplier = m;
    std::array<bool, 2> swept{tally.tricks[0] == tricks_per_deal, tally.tricks[1] == tricks_per_deal};
    s.capot = swept[0] || swept[1];
    s.last_trick[tally.last_trick_winner] = s.capot ? capot_last_trick_bonus : last_trick_bonus;

    std::array<int, 2> total{};
    for (Team x : {0, 1}) total[x] = s.card_points[x] + s.last_trick[x] + s.melds[x] + s.belote[x];
    const int all_melds = s.melds[0] + s.melds[1];
    // §4.4 coinche_melds_count / coinche_belote_counts = false: the contract is decided on totals
    // without those points (both sides alike); they are still scored.
    std::array<int, 2> judged = total;
    for (Team x : {0, 1}) {
        if (!rules.melds_count) judged[x] -= s.melds[x];
        if (!rules.belote_counts) judged[x] -= s.belote[x];
    }
    s.outcome = outcome_of(bid, swept[t], judged[t], judged[d], m, rules);

    // §4.5 "card base": 252 for a side that took every trick, else 162 (coinche_fail_base).
    auto base = [&](Team x) { return swept[x] ? capot_points : rules.fail_base; };
    // The contract part of the winner's score: m × (base + V) by default (coinche_double_scope,
    // coinche_capot_scoring = forfait_500 replaces base + V of a capot contract by 500).
    auto contract_part = [&](Team x) {
        if (bid.capot() && rules.capot_scoring == CoincheCapotScoring::Forfait500) return m * capot_forfait;
        if (rules.double_scope == CoincheDoubleScope::ContractOnly) return base(x) + m * bid.value;
        return m * (base(x) + bid.value);
    };
    // coinche_double_scope = whole_score: the winners' combinations and belote are multiplied too.
    const int bonus_factor = rules.double_scope == CoincheDoubleScope::WholeScore ? m : 1;
    const bool belote_to_defenders = rules.belote_on_failure == CoincheBeloteOnFailure::ToDefenders;
    // §3.4 / §9: on a capot the swept side's combinations go to the capot side (capot_melds), on any
    // other failure the takers' combinations go to the defenders (failed_contract_melds), unless the
    // option keeps them with their owner.
    const bool capot_moves = options.melds.capot == MeldTransfer::ToWinners;
    const bool failed_moves = options.melds.failed_contract == MeldTransfer::ToWinners;

    switch (s.outcome) {
        case DealOutcome::Made:
            if (m == 1) {  // "points made + points bid"; a capot side also takes the defenders' combinations
                bool forfait = bid.capot() && rules.capot_scoring == CoincheCapotScoring::Forfait500;
                int moved = swept[t] && capot_moves ? s.melds[d] : 0;
                s.score[t] = (forfait ? capot_forfait + s.melds[t] + s.belote[t] : total[t] + bid.value) + moved;
                s.score[d] = total[d] - moved;
            } else {  // doubled: all or nothing; melds and belote are not multiplied (but see whole_score)
                s.score[t] = contract_part(t) + bonus_factor * (all_melds + s.belote[t]);
                s.score[d] = s.belote[d];
            }
            break;
        case DealOutcome::Failed: {
            bool moves = swept[d] ? capot_moves : failed_moves;
            s.score[d] = contract_part(d) + bonus_factor * (s.melds[d] + (moves ? s.melds[t] : 0) + s.belote[d]);
            s.score[t] = s.belote[t] + (moves ? 0 : s.melds[t]);
            if (belote_to_defenders) {  // §9 coinche_belote_on_failure = to_defenders (FFB-CT)
                s.score[d] += bonus_factor * s.belote[t];
                s.score[t] -= s.belote[t];
            }
            break;
        }
        case DealOutcome::Litige:  // §4.5: defenders score tD, tT waits in escrow, nobody scores V
            s.score[d] = total[d];
            s.escrow_added = total[t];
            if (!options.litige_escrow_includes_belote) {  // §2.7: the takers' belote is scored at once
                s.escrow_added -= s.belote[t];
                s.score[t] = s.belote[t];
            }
            break;
    }

    settle_escrow(s, escrow_before);
    return s;
}

}  // namespace belote
