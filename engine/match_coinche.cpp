// Match: the Coinche deal and auction (docs/rules.md §4.1, §4.2). Play and scoring dispatch in match.cpp.
#include "engine/match.hpp"

namespace belote {

// §4.1: all 8 cards in three rounds from the eldest (coinche_deal_pattern); no turn-up.
void Match::start_coinche_deal(std::vector<Event>& out) {
    switch (options_.rules.coinche.deal_pattern) {
        case CoincheDealPattern::P323: deal_packets({3, 2, 3}); break;
        case CoincheDealPattern::P332: deal_packets({3, 3, 2}); break;
        case CoincheDealPattern::P233: deal_packets({2, 3, 3}); break;
    }
    deal_.coinche.emplace(eldest(), options_.rules.coinche);
    phase_ = Phase::Auction;
    DealStarted started{deal_.number, deal_.dealer, std::nullopt, {}, {}};
    for (Seat s = 0; s < seats_; ++s) {
        started.hands[s] = deal_.hands[s];
        started.hand_sizes[s] = deal_.hands[s].size();
    }
    out.push_back(started);
    announce_turn(eldest(), out);
}

// §4.2: one call; at the end either the deal is thrown in (no bid) or the last bid is the contract.
void Match::apply_coinche_auction(Seat seat, const Action& action, std::vector<Event>& out) {
    deal_.calls.push_back({seat, action});
    out.push_back(AuctionCall{seat, action});
    CoincheAuction& auction = *deal_.coinche;
    auction.apply(seat, action);  // seat may differ from the turn: a contre out of turn (any_time)
    if (!auction.finished()) return announce_turn(auction.to_act(), out);
    if (auction.thrown_in()) return throw_in(out);

    const CoincheBid& bid = *auction.bid();
    deal_.taker = bid.seat;
    deal_.contract = bid.contract;
    ContractSettled settled{bid.seat, bid.contract, {}, bid.value, auction.contre_level()};
    for (Seat s = 0; s < seats_; ++s) settled.hands[s] = deal_.hands[s];
    out.push_back(settled);
    begin_play(out);  // P0 (eldest) leads whoever won the auction (§4.2)
}

}  // namespace belote
