#include "ai/world_weights.hpp"

#include <algorithm>
#include <cmath>

#include "engine/legal.hpp"
#include "engine/robot.hpp"

namespace belote::ai {
namespace {

constexpr double classic_softness = 7;
constexpr double coinche_softness = 8;
constexpr double partner_support = 20;  // what a raise of the partner's bid assumes the partner adds
constexpr double discard_ace_factor = 0.55;
constexpr double discard_ten_factor = 0.8;

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
// Likelihoods are floored so that no world is ruled out by a soft reading.
double floor_p(double p) { return std::clamp(p, 0.03, 0.97); }

// Classic hands are evaluated after 5 cards. `cards` are the seat's cards of the deal other than the
// turn-up; 5/n of an (almost additive) evaluation is its expectation over the unknown first five.
// `turn_up`, when given, is counted in full (the turn-up a round-1 taker receives).
double classic_evaluation(CardSet cards, std::optional<Card> turn_up, Suit trump) {
    const double first_five = cards.empty() ? 0.0 : 5.0 / cards.size() * evaluate_hand(cards, trump);
    return first_five + (turn_up ? evaluate_hand(CardSet{*turn_up}, trump) : 0.0);
}

}  // namespace

bool natural_contre(CardSet hand, const Contract& contract) {
    int aces = 0, jacks = 0, nines = 0;
    for (int su = 0; su < suit_count; ++su) {
        const Suit s = static_cast<Suit>(su);
        if (contract.is_trump(s)) continue;
        aces += hand.contains(Card(Rank::Ace, s));
        jacks += hand.contains(Card(Rank::Jack, s));
        nines += hand.contains(Card(Rank::Nine, s));
    }
    if (contract.kind == ContractKind::NoTrump) return aces >= 2;
    if (contract.kind == ContractKind::AllTrump) return jacks >= 2 || (jacks >= 1 && nines >= 1);
    const Suit t = contract.trump;
    const int top =
        hand.contains(Card(Rank::Jack, t)) + hand.contains(Card(Rank::Nine, t)) + hand.contains(Card(Rank::Ace, t));
    return top >= 2 || (top >= 1 && aces >= 2);
}

double auction_likelihood(const View& view, Seat seat, CardSet hand, bool read_contre) {
    double p = 1.0;
    if (view.options.variant == Variant::Coinche) {
        std::optional<int> standing;  // value of the standing bid before each call
        std::optional<Seat> standing_seat;
        std::optional<Contract> standing_contract;
        for (const AuctionCall& call : view.auction) {
            if (call.seat == seat) {
                if (call.action.kind == ActionKind::Bid && call.action.value != capot_bid_value) {
                    // A raise of the partner's bid counts on the partner's values too.
                    const bool raise = standing_seat && team_of(*standing_seat) == team_of(seat);
                    const double e = estimate_contract(hand, call.action.contract) + (raise ? partner_support : 0);
                    p *= floor_p(logistic((e - call.action.value) / coinche_softness));
                } else if (call.action.kind == ActionKind::Pass) {
                    const int needed = standing ? *standing + 10 : 80;
                    double best = 0;
                    for (int d = 0; d < 6; ++d) {
                        Contract c = d < 4    ? Contract::suit(static_cast<Suit>(d))
                                     : d == 4 ? Contract::no_trump()
                                              : Contract::all_trump();
                        best = std::max(best, static_cast<double>(estimate_contract(hand, c)));
                    }
                    if (needed <= 160) p *= floor_p(1.0 - logistic((best - needed) / coinche_softness));
                } else if (call.action.kind == ActionKind::Contre && read_contre && standing_contract &&
                           !natural_contre(hand, *standing_contract)) {
                    p *= floor_p(0);  // a contre shows defence in the doubler's own hand
                }
            }
            if (call.action.kind == ActionKind::Bid) {
                standing = call.action.value;
                standing_seat = call.seat;
                standing_contract = call.action.contract;
            }
        }
        return p;
    }
    if (!view.deal_turn_up) return 1.0;
    const Card turn_up = *view.deal_turn_up;
    CardSet cards = hand;
    cards.erase(turn_up);  // the taker's turn-up is not among its first five cards
    for (const AuctionCall& call : view.auction) {
        if (call.seat != seat) continue;
        const ActionKind kind = call.action.kind;
        if (kind == ActionKind::Take) {
            p *= floor_p(logistic((classic_evaluation(cards, turn_up, turn_up.suit()) - take_threshold_round1) /
                                  classic_softness));
        } else if (kind == ActionKind::NameSuit) {
            p *= floor_p(
                logistic((classic_evaluation(cards, std::nullopt, call.action.contract.trump) - take_threshold_round2) /
                         classic_softness));
        } else {
            // A pass: in round 1 it denies a take of the turned suit; in round 2, a take of any suit.
            const bool round2 = &call - view.auction.data() >= view.seats;
            if (!round2) {
                p *= floor_p(1.0 -
                             logistic((classic_evaluation(cards, turn_up, turn_up.suit()) - take_threshold_round1) /
                                      classic_softness));
            } else {
                for (int su = 0; su < suit_count; ++su) {
                    const Suit s = static_cast<Suit>(su);
                    if (s == turn_up.suit() && !view.options.rules.round2_allow_turned_suit) continue;
                    p *= floor_p(1.0 - logistic((classic_evaluation(cards, std::nullopt, s) - take_threshold_round2) /
                                                classic_softness));
                }
            }
        }
    }
    return p;
}

WorldWeigher::WorldWeigher(const View& view, const Knowledge& knowledge, double off_model_play)
    : view_(&view), knowledge_(&knowledge), off_model_play_(off_model_play) {}

double WorldWeigher::auction_weight(Seat seat, CardSet dealt) const { return auction_likelihood(*view_, seat, dealt); }

double WorldWeigher::weight(const World& world) const {
    const Knowledge& k = *knowledge_;
    double w = 1.0;
    for (Seat s = 0; s < k.seats; ++s) {
        if (s == k.me) continue;
        CardSet dealt = world[s] | k.played_by[s];
        // The classic turn-up was dealt to the taker; the taker evaluated it as part of its hand.
        w *= auction_weight(s, dealt);
    }
    // Discards: a seat keeps its high cards of a suit it hopes to win; throwing from a suit suggests
    // it does not hold that suit's ace (or ten) any more.
    const Contract contract = *view_->contract;
    for (const Discard& d : k.discards) {
        if (d.seat == k.me) continue;
        const Suit suit = d.card.suit();
        const Card ace(Rank::Ace, suit), ten(Rank::Ten, suit);
        if (contract.ranks_as_trump(suit)) continue;
        if (world[d.seat].contains(ace) && d.card != ace)
            w *= discard_ace_factor;
        else if (world[d.seat].contains(ten) && d.card != ten && !world[d.seat].contains(ace))
            w *= discard_ten_factor;
    }
    return off_model_play_ < 1.0 ? w * play_weight(world) : w;
}

// Replays the deal's tricks in `world`: every card another seat chose among several legal ones is
// compared with the plain player's card from the hand the world gives that seat at that moment.
double WorldWeigher::play_weight(const World& world) const {
    const View& view = *view_;
    const Contract& contract = *view.contract;
    const bool partnerships = view.seats == 4;
    // Hands at the start of each trick, newest trick first: the world's hands plus the cards played since.
    World held = world;
    double w = 1.0;
    auto replay = [&](const Trick& trick) {
        for (int i = 0; i < trick.size(); ++i) held[trick.seat(i)].insert(trick.card(i));
        Trick before(trick.leader(), view.seats);
        for (int i = 0; i < trick.size(); ++i) {
            const Seat seat = trick.seat(i);
            if (seat != knowledge_->me) {
                const CardSet legal = legal_cards(held[seat], before, contract, view.options.rules.play, partnerships);
                if (legal.size() > 1 &&
                    robot_card(legal, before, seat, view.seats, view.taker, contract) != trick.card(i))
                    w *= off_model_play_;
            }
            before.add(trick.card(i));
        }
    };
    replay(view.trick);
    for (auto t = view.tricks.rbegin(); t != view.tricks.rend(); ++t) replay(*t);
    return w;
}

std::vector<std::size_t> systematic_resample(const std::vector<double>& cumulative, int kept, Rng& rng) {
    std::vector<std::size_t> picks;
    const double step = cumulative.back() / kept;
    double u = step * (static_cast<double>(rng.below(1u << 20)) / (1u << 20));
    std::size_t j = 0;
    for (int i = 0; i < kept; ++i, u += step) {
        while (j + 1 < cumulative.size() && cumulative[j] < u) ++j;
        picks.push_back(j);
    }
    return picks;
}

}  // namespace belote::ai
