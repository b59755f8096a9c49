#include "ai/knowledge.hpp"

namespace belote::ai {

bool belote_counts(const View& view, Suit suit) {
    const Contract& c = *view.contract;
    if (view.options.variant == Variant::Decouverte) return false;  // §6.6
    if (c.kind == ContractKind::SuitTrump) return suit == c.trump;
    if (c.kind == ContractKind::AllTrump) return view.options.rules.coinche.ta_belote == TaBelote::EachSuit;
    return false;  // no trump: no belote (§4.3)
}

namespace {

// What the card `card` played by `seat` into `before` (the trick before it) shows (§1.5).
void learn_from_play(Knowledge& k, const View& view, const Trick& before, Seat seat, Card card) {
    if (before.empty()) return;
    const Contract& contract = *view.contract;
    const PlayRules& rules = view.options.rules.play;
    const Suit led = before.led_suit();
    const Card best = before.card(before.winning_index(contract));
    const bool partner_winning =
        k.seats == 4 && before.size() >= 2 && before.winning_index(contract) == before.size() - 2;
    if (card.suit() != led) k.excluded[seat] |= CardSet::of_suit(led);  // a void shown
    if (contract.kind == ContractKind::NoTrump) return;

    if (contract.ranks_as_trump(led)) {  // trump led (or TA): had to beat the best card when able
        const bool must_beat = rules.trump_lead_overtake_partner || !partner_winning;
        if (card.suit() == led && must_beat && !cards_above(best, contract).contains(card))
            k.excluded[seat] |= cards_above(best, contract);
        return;
    }
    if (card.suit() == led) return;
    if (partner_winning && rules.partner_winning_exemption) return;  // free choice (restrictions aside)
    const Suit trump = contract.trump;
    const bool trick_has_trump = best.suit() == trump;
    if (card.suit() != trump) {
        // Not following, not trumping: no trump at all, or (without the undertrump duty) none above
        // the trick's best trump.
        if (!trick_has_trump || rules.must_undertrump)
            k.excluded[seat] |= CardSet::of_suit(trump);
        else
            k.excluded[seat] |= cards_above(best, contract);
        if (!partner_winning) k.discards.push_back({seat, card});
    } else if (trick_has_trump && !cards_above(best, contract).contains(card)) {
        k.excluded[seat] |= cards_above(best, contract);  // undertrumped: could not overtrump
    }
}

void learn_from_trick(Knowledge& k, const View& view, const Trick& trick) {
    Trick before(trick.leader(), trick.players());
    for (int i = 0; i < trick.size(); ++i) {
        const Seat seat = trick.seat(i);
        const Card card = trick.card(i);
        learn_from_play(k, view, before, seat, card);
        k.played.insert(card);
        k.played_by[seat].insert(card);
        before.add(card);
    }
}

// §2.5: a seat that played a belote honour announced belote iff it held both; the partner honour is
// then in its hand (until played), otherwise not.
void learn_from_belote(Knowledge& k, const View& view) {
    for (int su = 0; su < suit_count; ++su) {
        const Suit suit = static_cast<Suit>(su);
        if (!belote_counts(view, suit)) continue;
        const Card king(Rank::King, suit), queen(Rank::Queen, suit);
        for (Seat s = 0; s < k.seats; ++s) {
            for (auto [played, other] : {std::pair{king, queen}, std::pair{queen, king}}) {
                if (!k.played_by[s].contains(played) || k.played.contains(other)) continue;
                // belote_king_first: the queen played first scores nothing, whoever holds the king.
                if (played == queen && view.options.rules.belote.king_first && view.belote_by_suit[su] != s) continue;
                if (view.belote_by_suit[su] == s)
                    k.holds[s].insert(other);
                else
                    k.excluded[s].insert(other);
            }
        }
    }
}

}  // namespace

CardSet cards_out_of_play(const MatchOptions& options) {
    CardSet out;
    if (cards_in_play(options) == 24)
        for (int su = 0; su < suit_count; ++su)
            for (Rank r : {Rank::Seven, Rank::Eight}) out.insert(Card(r, static_cast<Suit>(su)));
    return out;
}

CardSet Knowledge::unknown() const {
    CardSet known = own | played;
    for (Seat s = 0; s < seats; ++s) known |= holds[s];
    return CardSet::full() - known - out_of_play;
}

Knowledge infer_knowledge(const View& view) {
    Knowledge k;
    k.me = *view.observer.seat;
    k.seats = view.seats;
    k.own = view.hand;
    for (Seat s = 0; s < view.seats; ++s) k.hand_size[s] = view.hand_sizes[s];
    for (const Trick& trick : view.tricks) learn_from_trick(k, view, trick);
    learn_from_trick(k, view, view.trick);
    learn_from_belote(k, view);
    k.out_of_play = cards_out_of_play(view.options);
    if (view.options.variant == Variant::ThreePlayer && k.out_of_play.empty())  // §7: 32 cards, 8 undealt
        k.undealt = deck_size - view.seats * 8;                                 // everybody holds 8
    // §2.2: the classic turn-up went to the taker.
    if (view.deal_turn_up && view.taker && view.options.variant != Variant::Coinche &&
        !k.played.contains(*view.deal_turn_up))
        k.holds[*view.taker].insert(*view.deal_turn_up);
    // §3.2: the scoring side's combinations are shown from trick 2.
    for (const SeatMelds& shown : view.shown_melds)
        for (const Meld& meld : shown.melds) k.holds[shown.seat] |= meld.cards - k.played;
    k.holds[k.me] = CardSet{};
    for (Seat s = 0; s < k.seats; ++s) {
        k.excluded[s] = k.excluded[s] - k.holds[s];
        if (s != k.me) k.excluded[s] |= k.own;
    }
    return k;
}

}  // namespace belote::ai
