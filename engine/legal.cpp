#include "engine/legal.hpp"

namespace belote {
namespace {

// The best card of suit `suit` in the trick, by strength under `contract` (the suit must be present).
Card best_of_suit(const Trick& trick, Suit suit, const Contract& contract) {
    Card best{};
    int best_strength = -1;
    for (int i = 0; i < trick.size(); ++i) {
        Card c = trick.card(i);
        if (c.suit() == suit && strength_in_suit(c, contract) > best_strength) {
            best = c;
            best_strength = strength_in_suit(c, contract);
        }
    }
    return best;
}

bool trick_has_suit(const Trick& trick, Suit suit) { return !trick.cards().suit(suit).empty(); }

// Following a suit ranked as trump (trump lead, or any lead in TA): must beat the best card of that
// suit when possible, unless the partner wins and the option allows not overtaking him.
CardSet follow_trump_order(CardSet follow, const Trick& trick, const Contract& contract, const PlayRules& rules,
                           bool partner_winning) {
    CardSet higher = follow & cards_above(best_of_suit(trick, trick.led_suit(), contract), contract);
    if (!higher.empty() && (rules.trump_lead_overtake_partner || !partner_winning)) return higher;
    return follow;
}

// §1.5 apply(partner_winning_trump_restriction, hand) when the partner wins and a plain suit was led.
CardSet partner_winning_choice(CardSet hand, const Trick& trick, const Contract& contract, const PlayRules& rules) {
    Suit trump = contract.trump;
    if (rules.partner_winning_trump_restriction == PartnerWinningTrumpRestriction::None ||
        !trick_has_suit(trick, trump))
        return hand;
    CardSet trumps = hand.suit(trump);
    CardSet higher = trumps & cards_above(best_of_suit(trick, trump, contract), contract);
    CardSet without_lower = hand - (trumps - higher);
    if (rules.partner_winning_trump_restriction == PartnerWinningTrumpRestriction::NoUndertrumpIfCanOvertrump)
        return higher.empty() ? hand : without_lower;
    return without_lower.empty() ? hand : without_lower;  // NoUndertrumpUnlessOnlyTrumps
}

}  // namespace

CardSet legal_cards(CardSet hand, const Trick& trick, const Contract& contract, const PlayRules& rules,
                    bool partnerships) {
    if (trick.empty()) return hand;
    Suit led = trick.led_suit();
    CardSet follow = hand.suit(led);
    bool partner_winning = partnerships && trick.size() >= 2 && trick.winning_index(contract) == trick.size() - 2;

    if (contract.kind == ContractKind::NoTrump) return follow.empty() ? hand : follow;
    if (contract.ranks_as_trump(led)) {
        if (follow.empty()) return hand;
        return follow_trump_order(follow, trick, contract, rules, partner_winning);
    }
    if (!follow.empty()) return follow;
    if (partner_winning && rules.partner_winning_exemption) return partner_winning_choice(hand, trick, contract, rules);
    CardSet trumps = hand.suit(contract.trump);
    if (trumps.empty()) return hand;
    if (!trick_has_suit(trick, contract.trump)) return trumps;
    CardSet over = trumps & cards_above(best_of_suit(trick, contract.trump, contract), contract);
    if (!over.empty()) return over;
    return rules.must_undertrump ? trumps : hand;
}

}  // namespace belote
