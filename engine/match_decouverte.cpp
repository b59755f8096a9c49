// Match: the Découverte deal, tableaux and reveals (docs/rules.md §6). The trump choice reuses the
// classic two-round auction with the indicator as the turn-up (§6.3); scoring dispatches in match.cpp.
#include "engine/match.hpp"

namespace belote {

// §6.2: tableaux dealt in rows of four (decouverte_deal_order); §6.3: the indicator is the dealer's last
// face-up card (deck index 31) and stays in his tableau.
void Match::start_decouverte_deal(std::vector<Event>& out) {
    auto dealt = deal_tableaux(deal_.deck, options_.rules.decouverte.deal_order);
    deal_.tableaux[eldest()] = dealt[0];  // the non-dealer
    deal_.tableaux[deal_.dealer] = dealt[1];
    deal_.turn_up = deal_.deck[deck_size - 1];
    deal_.next_card = deck_size;
    phase_ = Phase::Auction;

    DealStarted started{deal_.number, deal_.dealer, deal_.turn_up, {}, {}};
    TableauxDealt tableaux;
    for (Seat s = 0; s < seats_; ++s) {
        started.hand_sizes[s] = deal_.tableaux[s].cards_left();
        tableaux.tableaux[s] = deal_.tableaux[s].view();
    }
    out.push_back(started);
    out.push_back(tableaux);
    announce_turn(eldest(), out);
}

// §6.4: a played face-up card uncovers the card beneath, which is turned only after both players have
// played to the trick (after_trick), or at once but unusable in this trick (leader_immediately).
void Match::play_from_tableau(Seat seat, const Action& action, std::vector<Event>& out) {
    const Card card = action.card;
    bool leading = deal_.trick.empty();
    BeloteCall call = belote_call(seat, action);  // only with decouverte_belote (§6.6)
    int pile = deal_.tableaux[seat].play(card);
    deal_.trick.add(card);
    out.push_back(CardPlayed{seat, card, call});
    bool now = leading && options_.rules.decouverte.reveal == DecouverteReveal::LeaderImmediately;
    if (now) {
        if (auto revealed = deal_.tableaux[seat].reveal(pile, /*locked=*/true))
            out.push_back(CardRevealed{seat, pile, *revealed});
    } else {
        deal_.pending_reveals[deal_.pending_count++] = {seat, pile};
    }
    if (deal_.trick.complete()) return finish_trick(out);
    announce_turn(deal_.trick.next_seat(), out);
}

// End of a trick (before the next lead): turn up the uncovered cards; all become available.
void Match::reveal_after_trick(std::vector<Event>& out) {
    for (int i = 0; i < deal_.pending_count; ++i) {
        auto [seat, pile] = deal_.pending_reveals[i];
        if (auto revealed = deal_.tableaux[seat].reveal(pile, /*locked=*/false))
            out.push_back(CardRevealed{seat, pile, *revealed});
    }
    deal_.pending_count = 0;
    for (Tableau& t : deal_.tableaux) t.unlock();
}

}  // namespace belote
