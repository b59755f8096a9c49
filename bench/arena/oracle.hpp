#pragma once
// A yardstick for the strength benchmark, not a robot a table can seat: an oracle that sees every
// hand of the true deal. It estimates how far any robot could get against a given opponent in a
// variant, so that a strength target can be checked against the luck of the cards (docs/robots.md).
//
// Card play: the card with the best exact double-dummy margin on the true deal (ai::Solver), which
// is perfect play against perfect opponents. Classic auction (take/pass, both rounds): each take is
// valued by exactly solving the deal it completes (the deck's remaining cards are known too, with the
// belote and the combinations the hands hold), a pass at 0; the best is called. Four-seat variants
// only; in Coinche the auction calls are expert's.

#include <cstdint>
#include <memory>

#include "ai/solver.hpp"
#include "engine/match.hpp"

namespace belote::arena {

/// The oracle of one seat role. Keeps a solver table between decisions (positions of one deal
/// recur); not thread-safe.
class Oracle {
public:
    Oracle();
    /// The action of the seat to act in `match` (4 seats; `view` is that seat's view). `seed` drives
    /// only what the oracle leaves to a robot: Coinche calls (expert) and announcing combinations
    /// (the seat filler's). Throws std::invalid_argument at two or three seats.
    Action decide(const View& view, const Match& match, std::uint64_t seed);

private:
    Action classic_call(const View& view, const Match& match);
    Card best_card(const View& view, const Match& match);
    std::unique_ptr<ai::Solver> solver_;
};

}  // namespace belote::arena
