#include "engine/three_player_scoring.hpp"

namespace belote {
namespace {
constexpr int players = 3;
constexpr int shut_out_bonus = 50;

// §7 three_player_capot: the bonuses that come on top of the card points, by seat.
SideValues bonuses(const DealTally& tally, ThreePlayerCapot capot) {
    SideValues bonus = SideValues::zeros(players);
    int shut_out = 0;
    for (Side p = 0; p < players; ++p) shut_out += tally.tricks[p] == 0;
    if (shut_out == 2) {
        bonus[tally.last_trick_winner] = capot_last_trick_bonus;  // one player took every trick
    } else if (shut_out == 1 && capot == ThreePlayerCapot::ShutOut50) {
        for (Side p = 0; p < players; ++p)
            if (tally.tricks[p] > 0) bonus[p] = shut_out_bonus;
    } else {
        bonus[tally.last_trick_winner] = last_trick_bonus;
    }
    return bonus;
}

}  // namespace

DealScore score_three_player_deal(const DealTally& tally, const ThreePlayerRules& rules) {
    const Side t = tally.takers;
    const Side a = (t + 1) % players, b = (t + 2) % players;  // the opponents, in play order after the taker
    DealScore s;
    s.takers = t;
    s.card_points = tally.card_points;
    s.belote = tally.belote;
    s.melds = SideValues::zeros(players);
    s.escrow_awarded = SideValues::zeros(players);
    s.last_trick = bonuses(tally, rules.capot);
    s.capot = tally.tricks[tally.last_trick_winner] == tricks_per_deal;
    SideValues total = SideValues::zeros(players);
    for (Side p = 0; p < players; ++p) total[p] = s.card_points[p] + s.last_trick[p] + s.belote[p];

    const bool made = rules.success == ThreePlayerSuccess::BeatEach ? total[t] > total[a] && total[t] > total[b]
                                                                    : total[t] > total[a] + total[b];
    s.score = total;
    if (made) {
        s.outcome = DealOutcome::Made;
    } else {  // §7: the taker keeps his belote; his other points are lost, or shared by the opponents
        s.outcome = DealOutcome::Failed;
        const int lost = total[t] - s.belote[t];
        s.score[t] = s.belote[t];
        if (rules.failure == ThreePlayerFailure::OpponentsShare) {
            s.score[a] += lost - lost / 2;
            s.score[b] += lost / 2;
        }
    }
    return s;
}

}  // namespace belote
