#pragma once
// Decisions played both ways (docs/robots.md "Decisions played both ways"): where a robot variant B
// would act differently from its baseline A in the same position under the same seed, the deal is
// played on from A's action and from B's, so that only that one decision differs between the two
// play-outs. Far fewer positions than matches separate a change that touches few decisions.

#include <cstdint>
#include <optional>

#include "bench/arena/arena.hpp"

namespace belote::arena {

/// What to fork.
struct ForkConfig {
    MatchOptions options;          ///< variant and rules (target irrelevant: one deal per seed)
    RobotSpec a;                   ///< the baseline: every seat's decisions up to the fork
    RobotSpec b;                   ///< the variant, asked at each of A's decisions
    RobotSpec opponents;           ///< the other side's seats after the fork (the deciding side plays A)
    std::uint64_t first_seed = 1;  ///< deal 1 of the match of each seed first_seed .. first_seed+deals-1
    int deals = 1000;
    int playouts = 4;  ///< play-outs of each branch, each under its own seeds
    /// Only decisions of this phase fork (Auction: the deal is not played past its auction unless it
    /// forks); nullopt: every decision.
    std::optional<Phase> phase;
};

/// The outcome over every fork: `forks` positions out of `decisions` where B acted differently; per
/// fork, B's branch minus A's in the deciding side's deal score less the mean of the other sides'
/// (points, averaged over the play-outs), with its 95% interval over the forks.
struct ForkReport {
    int decisions = 0;
    int forks = 0;
    Estimate difference;
};

/// Plays config.deals first deals with A at every seat and forks each decision where B differs.
ForkReport run_forks(const ForkConfig& config);

}  // namespace belote::arena
