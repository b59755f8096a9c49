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
}  // namespace

std::vector<Action> CoincheAuction::legal() const {
    std::vector<Action> actions{Action::pass()};
    if (finished_) return {};
    if (level_ == 1) {  // after a contre only the contracted side speaks: surcontre or pass (§4.2)
        actions.push_back(Action::surcontre());
        return actions;
    }
    // Bids: a higher value (value_only ranking), or capot while the standing bid is not capot.
    if (!bid_ || !bid_->capot()) {
        int from = bid_ ? bid_->value + bid_step : min_bid;
        for (const Contract& c : denominations(rules_)) {
            for (int v = from; v <= max_numeric_bid; v += bid_step) actions.push_back(Action::bid(v, c));
            actions.push_back(Action::bid(capot_bid_value, c));
        }
    }
    // Contre: in turn, by an opponent of the standing bid (§4.2, coinche_contre_timing = in_turn).
    if (bid_ && team_of(bid_->seat) != team_of(turn_) && (!bid_->capot() || rules_.capot_doublable))
        actions.push_back(Action::contre());
    return actions;
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
