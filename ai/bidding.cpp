#include "ai/bidding.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "ai/deal_evaluator.hpp"
#include "ai/deal_value.hpp"
#include "ai/decouverte_play.hpp"
#include "ai/knowledge.hpp"
#include "ai/take_pass.hpp"
#include "ai/three_player_play.hpp"
#include "ai/world_weights.hpp"
#include "engine/deck.hpp"
#include "engine/melds.hpp"
#include "engine/robot.hpp"

namespace belote::ai {
namespace {

// A sampled auction-time deal: every seat's cards dealt so far, and (classic) the undealt stock.
struct AuctionDeal {
    std::array<CardSet, 4> dealt{};
    std::array<Card, 32> stock{};
    int stock_size = 0;
};

// Draws the other seats' cards uniformly (no card has been played: any layout of the unseen cards is
// possible), then keeps `params.worlds` of them resampled by the likelihood of the calls made so far.
std::vector<AuctionDeal> sample_deals(const View& view, const BidParams& params, Rng& rng) {
    const Seat me = *view.observer.seat;
    CardSet seen = view.hand | cards_out_of_play(view.options);
    if (view.turn_up) seen.insert(*view.turn_up);
    std::vector<Card> unseen = to_vector(CardSet::full() - seen);  // at three with 32 cards, the undealt too
    const int drawn_count = params.worlds * std::max(1, params.oversample);
    std::vector<AuctionDeal> drawn;
    std::vector<double> cumulative;
    double total = 0;
    for (int i = 0; i < drawn_count; ++i) {
        for (int j = static_cast<int>(unseen.size()) - 1; j > 0; --j)
            std::swap(unseen[j], unseen[rng.below(static_cast<std::uint64_t>(j) + 1)]);
        AuctionDeal deal;
        deal.dealt[me] = view.hand;
        std::size_t next = 0;
        for (Seat s = 0; s < view.seats; ++s) {
            if (s == me) continue;
            for (int k = 0; k < view.hand_sizes[s]; ++k) deal.dealt[s].insert(unseen[next++]);
        }
        for (; next < unseen.size(); ++next) deal.stock[deal.stock_size++] = unseen[next];
        double w = 1.0;
        if (params.oversample > 1)
            for (Seat s = 0; s < view.seats; ++s)
                if (s != me) w *= auction_likelihood(view, s, deal.dealt[s], params.read_contre);
        total += w;
        cumulative.push_back(total);
        drawn.push_back(deal);
    }
    if (params.oversample <= 1) return drawn;
    std::vector<AuctionDeal> kept;
    for (std::size_t i : systematic_resample(cumulative, params.worlds, rng)) kept.push_back(drawn[i]);
    return kept;
}

// §2.2 step 4 (§7 at three): the taker receives the turn-up and 2 cards, the others 3, in play order
// from the eldest.
std::array<CardSet, 4> complete_classic(const AuctionDeal& deal, Card turn_up, Seat taker, Seat eldest, int seats) {
    std::array<CardSet, 4> hands = deal.dealt;
    hands[taker].insert(turn_up);
    int next = 0;
    for (int i = 0; i < seats; ++i) {
        const Seat s = (eldest + i) % seats;
        for (int k = 0; k < (s == taker ? 2 : 3); ++k) hands[s].insert(deal.stock[next++]);
    }
    return hands;
}

// The stakes of a complete deal: belote held (§2.5, §4.3) and combinations counted (§3.3).
DealStakes deal_stakes(const View& view, const std::array<CardSet, 4>& hands, const Contract& contract, Team takers) {
    DealStakes stakes;
    stakes.variant = view.options.variant;
    stakes.rules = view.options.rules;
    stakes.takers = takers;
    stakes.escrow = view.escrow;
    for (int su = 0; su < suit_count; ++su) {
        const Suit suit = static_cast<Suit>(su);
        const bool counts = contract.kind == ContractKind::SuitTrump ? suit == contract.trump
                            : contract.kind == ContractKind::AllTrump
                                ? view.options.rules.coinche.ta_belote == TaBelote::EachSuit
                                : false;
        if (!counts) continue;
        const CardSet honours{Card(Rank::King, suit), Card(Rank::Queen, suit)};
        for (Seat s = 0; s < 4; ++s)
            if ((hands[s] & honours) == honours) stakes.belote[team_of(s)] += 20;
    }
    if (uses_melds(view.options)) {
        std::array<std::vector<Meld>, 4> melds;
        for (Seat s = 0; s < 4; ++s) melds[s] = find_melds(hands[s], view.options.rules.melds.long_run);
        stakes.melds =
            resolve_melds(melds, contract, (view.dealer + 1) % 4, view.options.rules.melds.equal_tiebreak).points;
    }
    return stakes;
}

// Double-dummy play favours the declaring side (it never misguesses), so simulations give the
// declarers `handicap` card points less: their margin drops by twice that, within −capot_points..capot_points.
int handicapped(int margin, bool our_contract, int handicap) {
    if (margin >= capot_points || margin <= -capot_points) return margin;
    const int shifted = our_contract ? margin - 2 * handicap : margin + 2 * handicap;
    return std::clamp(shifted, -deal_points, deal_points);
}

// --- Classic take/pass (§2.3) ---

// Classic take/pass, at four (partnerships) or three (each for himself, §7: the deal played out and
// scored per player, three_player_play.hpp).
Action classic_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget) {
    const Seat me = *view.observer.seat;
    const Team team = team_of(me);
    const Seat eldest = (view.dealer + 1) % view.seats;
    const Card turn_up = *view.turn_up;
    const std::vector<AuctionDeal> deals = sample_deals(view, params, rng);
    DealEvaluator evaluator(params.horizon, params.node_budget, budget);
    const PlayRules& rules = view.options.rules.play;
    auto value_of = [&](const AuctionDeal& deal, Seat taker, Suit trump) -> double {
        const std::array<CardSet, 4> hands = complete_classic(deal, turn_up, taker, eldest, view.seats);
        if (view.seats == 3) return three_player_deal_value(view, hands, trump, taker, me);
        const Contract contract = Contract::suit(trump);
        const int margin = handicapped(evaluator.margin(hands, contract, rules, eldest, team), team_of(taker) == team,
                                       params.declarer_handicap);
        return deal_value(deal_stakes(view, hands, contract, team_of(taker)), team, margin);
    };
    std::vector<double> totals(view.legal.size(), 0.0);
    int evaluated = 0;
    for (const AuctionDeal& deal : deals) {
        if (evaluated > 0 && budget.expired()) break;
        for (std::size_t i = 0; i < view.legal.size(); ++i) {
            const Action& a = view.legal[i];
            if (a.kind == ActionKind::Take) {
                totals[i] += value_of(deal, me, turn_up.suit());
            } else if (a.kind == ActionKind::NameSuit) {
                totals[i] += value_of(deal, me, a.contract.trump);
            } else {
                const auto next = natural_take_after_pass(view, deal.dealt);
                totals[i] += next ? value_of(deal, next->taker, next->trump) : 0.0;
            }
        }
        ++evaluated;
    }
    // A hand this strong is taken: passing it, even where the simulation finds a trap that pays,
    // misleads a partner (measured in docs/robots.md, 2026-12-05 evening).
    if (params.sure_take > 0 && reaches_natural_take(view, params.sure_take)) {
        for (std::size_t i = 0; i < view.legal.size(); ++i)
            if (view.legal[i].kind == ActionKind::Pass) totals[i] = -std::numeric_limits<double>::infinity();
    } else if (params.min_trumps > 0 || params.min_take > 0) {
        // A take a partner could not read as one (too few trumps, the turn-up counted for a take, or
        // too weak a hand) is not made, whatever the simulation.
        for (std::size_t i = 0; i < view.legal.size(); ++i) {
            const Action& a = view.legal[i];
            const bool take = a.kind == ActionKind::Take;
            if (!take && a.kind != ActionKind::NameSuit) continue;
            const Suit trump = take ? turn_up.suit() : a.contract.trump;
            if (view.hand.suit(trump).size() + (take ? 1 : 0) < params.min_trumps ||
                natural_evaluation(view, a) < params.min_take)
                totals[i] = -std::numeric_limits<double>::infinity();
        }
    }
    return best_take_pass_call(view, totals, params.caution, evaluated);
}

// --- Coinche ladder, contre, surcontre (§4.2) ---

/// A capot is bid on a hand that shows this much by itself, as the engine robot does (engine/robot.cpp).
constexpr int capot_shown = 170;

/// What `hand` shows by itself for `contract` in card points: estimate_contract, plus its combinations
/// (when the rules count them) and its belote.
int own_hand_value(const View& view, CardSet hand, const Contract& contract) {
    int value = estimate_contract(hand, contract);
    if (uses_melds(view.options))
        for (const Meld& m : find_melds(hand, view.options.rules.melds)) value += m.points;
    if (contract.kind == ContractKind::SuitTrump && hand.contains(Card(Rank::King, contract.trump)) &&
        hand.contains(Card(Rank::Queen, contract.trump)))
        value += 20;
    return value;
}

/// The denomination of the partner's last bid, if it came after a bid of `me` in another denomination.
std::optional<Contract> partners_answer(const std::vector<AuctionCall>& auction, Seat me) {
    const Seat partner = (me + 2) % 4;
    std::optional<std::size_t> last;
    for (std::size_t i = 0; i < auction.size(); ++i)
        if (auction[i].seat == partner && auction[i].action.kind == ActionKind::Bid) last = i;
    if (!last) return std::nullopt;
    const Contract answer = auction[*last].action.contract;
    for (std::size_t i = 0; i < *last; ++i)
        if (auction[i].seat == me && auction[i].action.kind == ActionKind::Bid && auction[i].action.contract != answer)
            return answer;
    return std::nullopt;
}

Action coinche_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget) {
    const Seat me = *view.observer.seat;
    const Team team = team_of(me);
    const Seat eldest = (view.dealer + 1) % 4;
    const std::vector<AuctionDeal> deals = sample_deals(view, params, rng);
    DealEvaluator evaluator(params.horizon, params.node_budget, budget);
    const PlayRules& rules = view.options.rules.play;

    // A suit of the robot's own names its trumps: too few of them is not a natural bid.
    auto own_suit_too_short = [&](const Contract& c) {
        if (c.kind != ContractKind::SuitTrump || params.min_trumps <= 0) return false;
        for (const AuctionCall& call : view.auction)
            if (call.action.kind == ActionKind::Bid && team_of(call.seat) == team && call.action.contract == c)
                return false;  // the side's suit already: support
        return view.hand.suit(c.trump).size() < params.min_trumps;
    };
    // The partner answered a bid of the robot's with another denomination: only the partner's is bid
    // now, also after an opponent's overcall (no bidding war within a side).
    const std::optional<Contract> answer = params.one_own_suit ? partners_answer(view.auction, me) : std::nullopt;
    auto not_natural = [&](const Contract& c) { return own_suit_too_short(c) || (answer && c != *answer); };
    // A bid of the robot's own denomination says what its hand holds: no jump far above that. Per
    // denomination, what the hand shows (nullopt: the partner bid it, or no cap).
    std::array<std::optional<int>, 6> shown{};
    if (params.jump_slack >= 0)
        for (int d = 0; d < 6; ++d) shown[d] = own_hand_value(view, view.hand, contract_of_index(d));
    for (const AuctionCall& call : view.auction)
        if (call.seat == (me + 2) % 4 && call.action.kind == ActionKind::Bid)
            shown[contract_index(call.action.contract)].reset();
    auto too_high = [&](const Action& bid) {
        const std::optional<int> own = shown[contract_index(bid.contract)];
        if (!own) return false;
        return bid.value == capot_bid_value ? *own < capot_shown : bid.value > *own + params.jump_slack;
    };
    const bool partner_holds = view.bid && team_of(view.bid->seat) == team;
    // The denominations worth simulating: the standing contract's and the robot's best few by the
    // engine robot's estimate of its own hand (a bid names a denomination the hand supports).
    std::array<bool, 6> needed{};
    std::array<int, 6> estimate{};
    estimate.fill(-1);
    for (const Action& a : view.legal)
        if (a.kind == ActionKind::Bid && !not_natural(a.contract))
            estimate[contract_index(a.contract)] = estimate_contract(view.hand, a.contract);
    for (int k = 0; k < params.denominations; ++k) {
        int best = -1;
        for (int d = 0; d < 6; ++d)
            if (!needed[d] && estimate[d] >= 0 && (best < 0 || estimate[d] > estimate[best])) best = d;
        if (best >= 0) needed[best] = true;
    }
    // The partner's denominations (support), and the standing contract's.
    for (const AuctionCall& call : view.auction)
        if (call.action.kind == ActionKind::Bid && team_of(call.seat) == team && call.seat != me)
            needed[contract_index(call.action.contract)] = true;
    if (view.bid) needed[contract_index(view.bid->contract)] = true;

    // Per call: mean deal value undoubled and contré, and how often the contract it leads to is made.
    const std::size_t n = view.legal.size();
    std::vector<double> plain(n, 0.0), doubled(n, 0.0), made(n, 0.0);
    int evaluated = 0;
    for (const AuctionDeal& deal : deals) {
        if (evaluated > 0 && budget.expired()) break;
        std::array<int, 6> margins{};
        std::array<DealStakes, 6> stakes{};
        for (int d = 0; d < 6; ++d) {
            if (!needed[d]) continue;
            const Contract contract = contract_of_index(d);
            margins[d] = evaluator.margin(deal.dealt, contract, rules, eldest, team);
            stakes[d] = deal_stakes(view, deal.dealt, contract, team);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const Action& a = view.legal[i];
            DealStakes s;
            int d = 0;
            if (a.kind == ActionKind::Bid && !needed[contract_index(a.contract)]) continue;
            if (a.kind == ActionKind::Bid) {
                d = contract_index(a.contract);
                s = stakes[d];
                s.takers = team;
                s.bid = CoincheBid{me, a.value, a.contract};
                s.contre_level = 0;
            } else if (view.bid) {  // pass, contre or surcontre: the standing contract is played
                d = contract_index(view.bid->contract);
                s = stakes[d];
                s.takers = team_of(view.bid->seat);
                s.bid = *view.bid;
                s.contre_level = a.kind == ActionKind::Contre      ? 1
                                 : a.kind == ActionKind::Surcontre ? 2
                                                                   : view.contre_level;
            } else {
                continue;  // pass with no bid: the deal may be thrown in, worth 0
            }
            const int margin = handicapped(margins[d], s.takers == team, params.declarer_handicap);
            const DealScore score = deal_score(s, team, margin);
            plain[i] += score.score[team] - score.score[1 - team];
            made[i] += score.outcome == DealOutcome::Made;
            if (a.kind == ActionKind::Bid) {
                s.contre_level = 1;
                doubled[i] += deal_value(s, team, margin);
            }
        }
        ++evaluated;
    }
    if (evaluated == 0) return Action::pass();
    std::size_t pass = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (view.legal[i].kind == ActionKind::Pass) pass = i;
    // Natural calls only: a bid the side expects to make (and valued as contré when its chances are
    // only fair, since opponents double a doubtful contract); a contre when the contract is expected
    // to fail; a surcontre when it is expected to be made.
    // Over the partner's standing bid, a raise needs a safe contract: the partner has already spoken
    // for the side, and a raise is read as the values of both hands.
    auto value_of = [&](std::size_t i) -> std::optional<double> {
        const Action& a = view.legal[i];
        const double p = made[i] / evaluated;
        if (a.kind == ActionKind::Bid) {
            if (!needed[contract_index(a.contract)] || p < (partner_holds ? params.safe_make : params.min_make) ||
                not_natural(a.contract) || too_high(a))
                return std::nullopt;
            return (p >= params.safe_make ? plain[i] : doubled[i]) / evaluated;
        }
        if (a.kind == ActionKind::Contre &&
            (p > 1.0 - params.safe_make || !natural_contre(view.hand, view.bid->contract)))
            return std::nullopt;
        if (a.kind == ActionKind::Surcontre && p < params.safe_make) return std::nullopt;
        return plain[i] / evaluated;
    };
    const double pass_value = plain[pass] / evaluated;
    std::size_t best = pass;
    double best_value = pass_value + params.caution;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == pass) continue;
        const auto v = value_of(i);
        if (v && *v > best_value + 1e-9) {
            best = i;
            best_value = *v;
        }
    }
    return view.legal[best];
}

}  // namespace

Action choose_call(const View& view, const BidParams& params, Rng& rng, const Budget& budget) {
    if (view.legal.size() == 1) return view.legal.front();
    switch (view.options.variant) {
        case Variant::Coinche: return coinche_call(view, params, rng, budget);
        case Variant::Decouverte: return choose_decouverte_call(view, params, rng, budget);
        default: return classic_call(view, params, rng, budget);
    }
}

}  // namespace belote::ai
