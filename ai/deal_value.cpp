#include "ai/deal_value.hpp"

#include "engine/coinche_scoring.hpp"
#include "engine/decouverte_scoring.hpp"
#include "engine/scoring.hpp"

namespace belote::ai {
int deal_value(const DealStakes& stakes, Team team, int margin) {
    const DealScore score = deal_score(stakes, team, margin);
    return score.score[team] - score.score[1 - team];
}

DealScore deal_score(const DealStakes& stakes, Team team, int margin) {
    const bool decouverte = stakes.variant == Variant::Decouverte;
    const int tricks = decouverte ? decouverte_tricks_per_deal : tricks_per_deal;
    const Team other = 1 - team;
    DealTally tally;
    tally.takers = stakes.takers;
    tally.belote = stakes.belote;
    tally.melds = stakes.melds;
    if (margin >= capot_points || margin <= -capot_points) {
        const Team sweeper = margin > 0 ? team : other;
        tally.tricks[sweeper] = tricks;
        tally.card_points[sweeper] = capot_points - 100;
        tally.last_trick_winner = sweeper;
    } else {
        // Any split of the tricks short of a sweep scores the same; the last trick goes to a side
        // that has at least its 10 points.
        const int mine = (deal_points + margin) / 2, theirs = deal_points - mine;
        tally.tricks = {tricks / 2, tricks / 2};
        const Team last = mine >= last_trick_bonus ? team : other;
        tally.last_trick_winner = last;
        tally.card_points[team] = mine - (last == team ? last_trick_bonus : 0);
        tally.card_points[other] = theirs - (last == other ? last_trick_bonus : 0);
    }
    if (decouverte) return score_decouverte_deal(tally);
    if (stakes.variant == Variant::Coinche)
        return score_coinche_deal(tally, stakes.bid, stakes.contre_level, stakes.escrow, stakes.rules);
    return score_classic_deal(tally, stakes.escrow, stakes.rules);
}

DealStakes stakes_of(const View& view) {
    DealStakes stakes;
    stakes.variant = view.options.variant;
    stakes.rules = view.options.rules;
    stakes.takers = view.taker ? team_of(*view.taker) : 0;
    stakes.escrow = view.escrow;
    stakes.melds = view.meld_points;
    for (int su = 0; su < suit_count; ++su)
        if (view.belote_by_suit[su]) stakes.belote[team_of(*view.belote_by_suit[su])] += 20;
    if (view.bid) stakes.bid = *view.bid;
    stakes.contre_level = view.contre_level;
    return stakes;
}

}  // namespace belote::ai
