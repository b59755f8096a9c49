#include "engine/coinche_auction.hpp"

namespace belote {
namespace {
constexpr int min_bid = 80;
constexpr int max_numeric_bid = 160;
constexpr int bid_step = 10;

std::vector<Contract> denominations(const CoincheRules& rules) {
    std::vector<Contract> out;
    for (int s = 0; s < suit_count; ++s) out.push_back(Contract::suit(static_cast<Suit>(s)));
    if (rules.sa_ta) {  // §9 coinche_sa_ta
        out.push_back(Contract::no_trump());
        out.push_back(Contract::all_trump());
    }
    return out;
}

// §4.2 coinche_bid_ranking = denomination_order: ♣ < ♦ < ♥ < ♠ < SA < TA.
int denomination_rank(const Contract& c) {
    switch (c.kind) {
        case ContractKind::NoTrump: return 4;
        case ContractKind::AllTrump: return 5;
        case ContractKind::SuitTrump: break;
    }
    switch (c.trump) {
        case Suit::Clubs: return 0;
        case Suit::Diamonds: return 1;
        case Suit::Hearts: return 2;
        case Suit::Spades: return 3;
    }
    return 0;
}
}  // namespace

bool CoincheAuction::outbids(int value, const Contract& contract) const {
    if (!bid_) return true;
    if (value > bid_->value) return true;
    // denomination_order: the same value in a higher denomination (a capot too) also outbids.
    return rules_.bid_ranking == CoincheBidRanking::DenominationOrder && value == bid_->value &&
           denomination_rank(contract) > denomination_rank(bid_->contract);
}

// A contre needs a standing bid by the other side, not yet contred (§4.2), and a doublable capot.
bool CoincheAuction::may_contre(Seat seat) const {
    return !finished_ && level_ == 0 && bid_ && team_of(bid_->seat) != team_of(seat) &&
           (!bid_->capot() || rules_.capot_doublable);
}

std::vector<Action> CoincheAuction::legal() const {
    std::vector<Action> actions{Action::pass()};
    if (finished_) return {};
    if (level_ == 1) {  // after a contre only the contracted side speaks: surcontre or pass (§4.2)
        actions.push_back(Action::surcontre());
        return actions;
    }
    // Bids: a higher bid (coinche_bid_ranking), the values in order per denomination, capot last.
    for (const Contract& c : denominations(rules_)) {
        for (int v = min_bid; v <= max_numeric_bid; v += bid_step)
            if (outbids(v, c)) actions.push_back(Action::bid(v, c));
        if (outbids(capot_bid_value, c)) actions.push_back(Action::bid(capot_bid_value, c));
    }
    // Contre: by an opponent of the standing bid (§4.2).
    if (may_contre(turn_)) actions.push_back(Action::contre());
    return actions;
}

std::vector<Action> CoincheAuction::legal(Seat seat) const {
    if (seat == turn_) return legal();
    // coinche_contre_timing = any_time: either opponent may contre while the bid stands (§4.2).
    if (rules_.contre_timing == CoincheContreTiming::AnyTime && may_contre(seat)) return {Action::contre()};
    return {};
}

void CoincheAuction::apply(Seat seat, const Action& action) {
    if (seat != turn_ && action.kind == ActionKind::Contre) turn_ = seat;  // out of turn (any_time)
    apply(action);
}

void CoincheAuction::apply(const Action& action) {
    switch (action.kind) {
        case ActionKind::Bid:
            bid_ = CoincheBid{turn_, action.value, action.contract};
            passes_ = 0;
            // §4.2 / §9 coinche_capot_doublable = false: a capot bid ends the auction at once (PC).
            if (bid_->capot() && !rules_.capot_doublable) {
                finished_ = true;
                return;
            }
            break;
        case ActionKind::Contre:
            level_ = 1;
            contrer_ = turn_;
            passes_ = 0;
            break;
        case ActionKind::Surcontre:
            level_ = 2;
            finished_ = true;  // a surcontre ends the auction at once
            return;
        default:  // pass
            ++passes_;
            if (level_ == 1 && passes_ == 2) {
                finished_ = true;
                return;
            }  // both contracted players passed: ×2
            if (!bid_ && passes_ == 4) {
                finished_ = true;
                return;
            }  // four passes, no bid: thrown in
            if (bid_ && level_ == 0 && passes_ == 3) {
                finished_ = true;
                return;
            }  // three passes after a bid
            break;
    }
    advance();
}

void CoincheAuction::advance() {
    turn_ = (turn_ + 1) % 4;
    // After a contre the doubler's partner is skipped: only the contracted side speaks (§4.2, X4).
    if (level_ == 1 && team_of(turn_) != team_of(bid_->seat)) turn_ = (turn_ + 1) % 4;
}

}  // namespace belote
