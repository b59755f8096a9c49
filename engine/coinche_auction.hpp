#pragma once
// The Coinche auction (docs/rules.md §4.2): numeric bids 80..160 or capot in S/H/D/C/SA/TA, contre by an
// opponent in turn, surcontre by the contracted side, and the end conditions.

#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/options.hpp"

namespace belote {

/// The standing bid.
struct CoincheBid {
    Seat seat = 0;
    int value = 0;  ///< 80..160, or capot_bid_value
    Contract contract;
    bool capot() const { return value == capot_bid_value; }
    bool operator==(const CoincheBid&) const = default;
};

/// Auction state machine for one deal. 4 seats; `first` (the eldest) speaks first.
class CoincheAuction {
public:
    CoincheAuction(Seat first, const CoincheRules& rules) : rules_(rules), turn_(first) {}

    /// The seat to speak (meaningless once finished()).
    Seat to_act() const { return turn_; }
    /// Actions the seat to act may take (§4.2).
    std::vector<Action> legal() const;
    /// Actions `seat` may take now: legal() for the seat to act; for another seat, {contre} when
    /// coinche_contre_timing = any_time lets it contre the standing bid out of turn, else nothing.
    std::vector<Action> legal(Seat seat) const;
    /// Applies a legal action of to_act().
    void apply(const Action& action);
    /// Applies a legal action of `seat` (see legal(seat)): a contre out of turn hands the word to
    /// the contracted side, from the seat after the doubler.
    void apply(Seat seat, const Action& action);

    bool finished() const { return finished_; }
    /// Finished with no bid: the deal is thrown in (§4.2).
    bool thrown_in() const { return finished_ && !bid_; }
    const std::optional<CoincheBid>& bid() const { return bid_; }
    /// 0 = plain, 1 = contré, 2 = surcontré.
    int contre_level() const { return level_; }
    std::optional<Seat> contrer() const { return contrer_; }

private:
    void advance();
    bool may_contre(Seat seat) const;
    /// Whether a bid of `value` in `contract` is above the standing bid (coinche_bid_ranking).
    bool outbids(int value, const Contract& contract) const;

    CoincheRules rules_;
    Seat turn_;
    std::optional<CoincheBid> bid_;
    int level_ = 0;
    std::optional<Seat> contrer_;
    int passes_ = 0;  // consecutive passes (since the last bid, or since the contre)
    bool finished_ = false;
};

}  // namespace belote
