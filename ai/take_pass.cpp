#include "ai/take_pass.hpp"

#include "engine/robot.hpp"

namespace belote::ai {
namespace {

// The evaluation of taking the turned suit with `hand`: the turn-up joins it outside Découverte (its
// indicator stays put, docs/rules.md §6.3).
int take_evaluation(const View& view, CardSet hand) {
    if (view.options.variant != Variant::Decouverte) hand.insert(*view.turn_up);
    return evaluate_hand(hand, view.turn_up->suit());
}

std::optional<Suit> natural_call(const View& view, CardSet hand, int round) {
    const Suit turned = view.turn_up->suit();
    if (round == 1) return take_evaluation(view, hand) >= take_threshold_round1 ? std::optional(turned) : std::nullopt;
    std::optional<Suit> best;
    int best_eval = take_threshold_round2 - 1;
    for (int su = 0; su < suit_count; ++su) {
        const Suit s = static_cast<Suit>(su);
        if (s == turned && !view.options.rules.round2_allow_turned_suit) continue;
        const int e = evaluate_hand(hand, s);
        if (e > best_eval) {
            best = s;
            best_eval = e;
        }
    }
    return best;
}

}  // namespace

std::optional<NaturalTake> natural_take_after_pass(const View& view, const std::array<CardSet, 4>& hands) {
    const int seats = view.seats;
    const Seat eldest = (view.dealer + 1) % seats;
    const int spoken = static_cast<int>(view.auction.size()) % seats;  // calls made in this round
    for (int i = spoken + 1; i < seats; ++i) {
        const Seat s = (eldest + i) % seats;
        if (auto suit = natural_call(view, hands[s], view.auction_round)) return NaturalTake{s, *suit};
    }
    if (view.auction_round == 2) return std::nullopt;
    for (int i = 0; i < seats; ++i) {
        const Seat s = (eldest + i) % seats;
        if (auto suit = natural_call(view, hands[s], 2)) return NaturalTake{s, *suit};
    }
    return std::nullopt;
}

int natural_evaluation(const View& view, const Action& call) {
    if (call.kind == ActionKind::Take) return take_evaluation(view, view.hand);
    if (call.kind == ActionKind::NameSuit) return evaluate_hand(view.hand, call.contract.trump);
    return 0;
}

bool reaches_natural_take(const View& view, int evaluation) {
    for (const Action& a : view.legal)
        if ((a.kind == ActionKind::Take || a.kind == ActionKind::NameSuit) && natural_evaluation(view, a) >= evaluation)
            return true;
    return false;
}

Action best_take_pass_call(const View& view, const std::vector<double>& totals, double caution, int evaluated) {
    std::size_t pass = 0;
    for (std::size_t i = 0; i < view.legal.size(); ++i)
        if (view.legal[i].kind == ActionKind::Pass) pass = i;
    std::size_t best = pass;
    for (std::size_t i = 0; i < view.legal.size(); ++i)
        if (i != pass && totals[i] > totals[best] + caution * evaluated &&
            totals[i] > totals[pass] + caution * evaluated)
            best = i;
    return view.legal[best];
}

}  // namespace belote::ai
