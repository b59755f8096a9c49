#include "engine/robot.hpp"

#include <algorithm>

namespace belote {
namespace {

constexpr int contre_min_value = 90;

// Enough defence to contre an opponent's contract: for a suit contract, two of its top trumps (J, 9, A)
// and an outside ace, or one and three aces; for SA three aces; for TA two jacks.
bool defends_well(CardSet hand, const Contract& contract) {
    int aces = 0, jacks = 0;
    for (int su = 0; su < suit_count; ++su) {
        Suit s = static_cast<Suit>(su);
        if (contract.is_trump(s)) continue;
        aces += hand.contains(Card(Rank::Ace, s));
        jacks += hand.contains(Card(Rank::Jack, s));
    }
    if (contract.kind == ContractKind::NoTrump) return aces >= 3;
    if (contract.kind == ContractKind::AllTrump) return jacks >= 2;
    Suit t = contract.trump;
    int top_trumps =
        hand.contains(Card(Rank::Jack, t)) + hand.contains(Card(Rank::Nine, t)) + hand.contains(Card(Rank::Ace, t));
    return (top_trumps >= 2 && aces >= 1) || (top_trumps >= 1 && aces >= 3);
}

// Coinche (§4.2): bid the best denomination when its estimate clears the next value; overbid a
// partner only with a clearly better hand; contre an opponent's suit contract when holding its J and 9.
Action choose_coinche_bid(const View& view, int margin) {
    Seat me = *view.observer.seat;
    bool partner_holds = view.bid && team_of(view.bid->seat) == team_of(me);
    int needed = view.bid ? view.bid->value + (partner_holds ? 20 : 10) : 80;
    std::optional<Action> best;
    int best_estimate = 0;
    for (const Action& a : view.legal) {
        if (a.kind != ActionKind::Bid || a.value == capot_bid_value) continue;
        int estimate = estimate_contract(view.hand, a.contract) + margin;
        if (estimate < needed || estimate < a.value) continue;
        // Highest affordable value for this denomination.
        if (!best || a.value > best->value || (a.value == best->value && estimate > best_estimate)) {
            best = a;
            best_estimate = estimate;
        }
    }
    if (best) {
        if (best_estimate >= 170)  // nearly everything: try the capot
            for (const Action& a : view.legal)
                if (a.kind == ActionKind::Bid && a.value == capot_bid_value && a.contract == best->contract) return a;
        return *best;
    }
    for (const Action& a : view.legal) {
        if (a.kind == ActionKind::Contre && view.bid->value >= contre_min_value &&
            defends_well(view.hand, view.bid->contract))
            return a;
        // Surcontre only when this hand alone clearly makes the contract.
        if (a.kind == ActionKind::Surcontre && estimate_contract(view.hand, view.bid->contract) >= view.bid->value + 30)
            return a;
    }
    return Action::pass();
}

// `margin` (a few points either way, drawn per decision) keeps robots from being perfectly predictable.
Action choose_auction(const View& view, int margin) {
    if (view.options.variant == Variant::Coinche) return choose_coinche_bid(view, 3 * margin);
    Action best = Action::pass();
    int best_score = 0;
    for (const Action& a : view.legal) {
        int score = 0;
        if (a.kind == ActionKind::Take) {
            CardSet with_turn_up = view.hand;
            // The taker gets the turn-up (§2.2, §7); in Découverte the indicator stays put (§6.3).
            if (view.options.variant != Variant::Decouverte) with_turn_up.insert(*view.turn_up);
            score = evaluate_hand(with_turn_up, view.turn_up->suit()) - take_threshold_round1 + margin;
        } else if (a.kind == ActionKind::NameSuit) {
            score = evaluate_hand(view.hand, a.contract.trump) - take_threshold_round2 + margin;
        } else {
            continue;
        }
        if (score >= best_score) {
            best = a;
            best_score = score;
        }
    }
    return best;
}

CardSet legal_set(const View& view) {
    CardSet set;
    for (const Action& a : view.legal)
        if (a.kind == ActionKind::PlayCard) set.insert(a.card);
    return set;
}

// melds = manual (§3.2): announce every combination (the widest Declare action).
Action choose_declaration(const View& view) {
    const Action* best = &view.legal.front();
    for (const Action& a : view.legal)
        if (a.cards.size() > best->cards.size()) best = &a;
    return *best;
}

// Lowest value card, preferring non-trumps and low strength: what to throw away.
Card cheapest(CardSet cards, const Contract& contract) {
    auto cost = [&](Card c) {
        return card_points(c, contract) * 10 + strength_in_suit(c, contract) +
               (contract.ranks_as_trump(c.suit()) ? 100 : 0);
    };
    return *std::min_element(cards.begin(), cards.end(), [&](Card a, Card b) { return cost(a) < cost(b); });
}

// Highest-point card that is not a trump if possible: what to give a partner who wins.
Card richest(CardSet cards, const Contract& contract) {
    auto value = [&](Card c) { return card_points(c, contract) - (contract.ranks_as_trump(c.suit()) ? 50 : 0); };
    return *std::max_element(cards.begin(), cards.end(), [&](Card a, Card b) { return value(a) < value(b); });
}

Card choose_lead(CardSet legal, Seat me, int seats, std::optional<Seat> taker, const Contract& contract) {
    bool our_contract = taker && side_of(*taker, seats) == side_of(me, seats);
    CardSet trumps = contract.kind == ContractKind::SuitTrump ? legal.suit(contract.trump) : CardSet{};
    if (our_contract && trumps.contains(Card(Rank::Jack, contract.trump))) return Card(Rank::Jack, contract.trump);
    for (int s = 0; s < suit_count; ++s) {
        Card ace(Rank::Ace, static_cast<Suit>(s));
        if (legal.contains(ace) && !contract.ranks_as_trump(ace.suit())) return ace;
    }
    CardSet plain = legal - trumps;
    return cheapest(plain.empty() ? legal : plain, contract);
}

Card choose_follow(CardSet legal, const Trick& trick, Seat me, int seats, const Contract& contract) {
    Seat winner = trick.winner(contract);
    bool partner_winning = seats == 4 && team_of(winner) == team_of(me);
    bool last_to_play = trick.size() == seats - 1;
    if (partner_winning && (last_to_play || strength_in_suit(trick.card(trick.winning_index(contract)), contract) >= 6))
        return richest(legal, contract);

    CardSet winning;
    for (Card c : legal) {
        Trick probe = trick;
        probe.add(c);
        if (probe.winning_index(contract) == probe.size() - 1) winning.insert(c);
    }
    if (partner_winning || winning.empty()) return cheapest(legal, contract);
    if (last_to_play) return richest(winning, contract);
    // Win with the cheapest card that still wins.
    return cheapest(winning, contract);
}

}  // namespace

Card robot_card(CardSet legal, const Trick& trick, Seat me, int seats, std::optional<Seat> taker,
                const Contract& contract) {
    if (legal.size() == 1) return legal.first();
    return trick.empty() ? choose_lead(legal, me, seats, taker, contract)
                         : choose_follow(legal, trick, me, seats, contract);
}

Action with_belote_words(const View& view, Card card) {
    Action chosen = Action::play(card);
    for (const Action& a : view.legal)
        if (a.kind == ActionKind::PlayCard && a.card == card && a.belote != BeloteCall::None) chosen = a;
    return chosen;
}

int evaluate_hand(CardSet hand, Suit trump) {
    Contract contract = Contract::suit(trump);
    CardSet trumps = hand.suit(trump);
    int score = card_points(trumps, contract) + 6 * trumps.size();
    for (Card c : hand - trumps)
        if (c.rank() == Rank::Ace)
            score += 10;
        else if (c.rank() == Rank::Ten && hand.contains(Card(Rank::Ace, c.suit())))
            score += 5;
    return score;
}

int estimate_contract(CardSet hand, const Contract& contract) {
    if (contract.kind == ContractKind::SuitTrump) return evaluate_hand(hand, contract.trump) + 20;
    int score = 0;
    for (int su = 0; su < suit_count; ++su) {
        Suit s = static_cast<Suit>(su);
        auto has = [&](Rank r) { return hand.contains(Card(r, s)); };
        if (contract.kind == ContractKind::NoTrump) {  // aces and their tens take the tricks
            if (has(Rank::Ace)) score += 24 + (has(Rank::Ten) ? 14 + (has(Rank::King) ? 6 : 0) : 0);
        } else {  // all trump: jacks and their nines
            if (has(Rank::Jack))
                score += 22 + (has(Rank::Nine) ? 12 + (has(Rank::Ace) ? 4 : 0) : 0);
            else if (has(Rank::Nine))
                score += 4;
        }
    }
    return score;
}

Action robot_decide(const View& view, Rng& rng) {
    if (view.legal.empty()) return Action::pass();
    if (view.phase == Phase::Auction) return choose_auction(view, static_cast<int>(rng.below(7)) - 3);
    if (view.legal.front().kind == ActionKind::Declare) return choose_declaration(view);
    const Card card =
        robot_card(legal_set(view), view.trick, *view.observer.seat, view.seats, view.taker, *view.contract);
    return with_belote_words(view, card);
}

}  // namespace belote
