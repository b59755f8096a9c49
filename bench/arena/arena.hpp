#pragma once
// The strength benchmark: mirrored duplicate matches between two robot configurations (issue 15).
// Every pair plays one match seed twice with the teams swapped (at three players, three times: side
// A, one robot, sits on each seat in turn against two of side B); every match of a pair deals the
// same decks from the same first dealer, and each robot role draws its seeds from the same stream in
// all of them (common random numbers), so that the luck of the cards cancels within a pair.

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.hpp"

namespace belote::arena {

/// One robot configuration, as named on the command line:
///   easy | medium | hard | expert          (ai::decide, fixed work)
///   <level>:scale=S                        (work multiplied by S)
///   <level>:ms=B                           (wall-clock budget of B ms per decision, with a clock)
///   ismcts                                 (the reference, 100 ms of its thread's CPU time per card)
///   ismcts:ms=B | ismcts:iterations=N      (its budget, or the fixed-work equivalent)
///   oracle                                 (a yardstick that sees every hand: bench/arena/oracle.hpp)
///   <spec>:bid=<level or oracle>           (auction calls by another level: isolates card play)
///   <level>:worlds=N:over=N:exact=N:horizon=N:bidworlds=N:bidhorizon=N   (tuning: the level's
///                                          parameters with these changed, see ai/levels.hpp)
struct RobotSpec {
    std::string name;  ///< as given
    std::string kind;  ///< easy, medium, hard, expert, ismcts or oracle
    double scale = 1.0;
    int budget_ms = 0;                                ///< 0 = fixed work
    int iterations = 0;                               ///< ismcts fixed work
    std::string bid;                                  ///< empty, or the level (or oracle) making the auction calls
    std::vector<std::pair<std::string, int>> tuning;  ///< parameter overrides (tuning keys above)
};

/// Parses a robot spec; nullopt with no side effect when it is not one.
std::optional<RobotSpec> parse_robot_spec(const std::string& text);

/// A robot bound to its spec: decides an action for the seat of a view with a seed. Only the oracle
/// reads `match` (every hand); the robots decide from the view alone.
using Robot = std::function<Action(const View& view, const Match& match, std::uint64_t seed)>;
/// Builds the robot of `spec` (the clock is std::chrono::steady_clock when a budget is set).
Robot make_robot(const RobotSpec& spec);

/// What to play.
struct ArenaConfig {
    MatchOptions options;
    RobotSpec a, b;                      ///< the two sides compared
    std::optional<RobotSpec> a_partner;  ///< partner test: side A's second seat plays this instead of `a`
    std::optional<RobotSpec> b_partner;
    int pairs = 10;          ///< mirrored pairs (2 matches each)
    std::uint64_t seed = 1;  ///< first match seed; pair i uses a seed derived from seed and i
    int max_deals = 200;     ///< safety stop for one match
};

/// The result of one match, from side A's point of view.
struct MatchResult {
    bool a_won = false;
    int deals = 0;
    double a_minus_b_points = 0;  ///< summed deal scores of A minus B (at three: minus B's mean)
    std::array<int, 2> taken{};   ///< deals played with side A (0) or B (1) as takers
    std::array<int, 2> failed{};  ///< ... of which the takers failed (dedans)
    std::array<int, 2> litige{};  ///< ... or tied (litige)
};

/// A decision's timing.
struct Timing {
    std::vector<double> a_ms, b_ms;    ///< wall-clock milliseconds per decision of each side
    std::vector<double> a_cpu, b_cpu;  ///< CPU milliseconds of the deciding thread (one core)
};

/// The matches of one pair, in the order played.
using PairResult = std::vector<MatchResult>;

/// The number of matches in a pair: 2, or 3 at three players (one per seat of side A).
int matches_per_pair(const MatchOptions& options);

/// Plays the matches of pair `index`: A on the first seats (0, 2 / 0), then A on (1, 3 / 1); at
/// three players A on seat 0, 1, then 2, side B on the two others.
PairResult play_pair(const ArenaConfig& config, int index, Timing& timing);

/// A mean with its 95% confidence interval (normal approximation over independent pairs).
struct Estimate {
    double mean = 0, low = 0, high = 0;
};

/// The mean of `xs` with its 95% interval (1.96 standard errors; none for fewer than 2 values).
Estimate estimate(const std::vector<double>& xs);

/// Summary over the pairs.
struct ArenaSummary {
    int pairs = 0, matches = 0, deals = 0;
    int opponents = 1;         ///< B's seats facing one A seat: 1, or 2 at three players
    Estimate win_rate;         ///< side A's share of matches won (0..1; equal strength: 1 / (opponents + 1))
    Estimate points_per_deal;  ///< A's deal score minus B's (at three: minus the mean of B's two), per deal
    /// Elo difference of A over B implied by win_rate (bounds from its interval); at three by the
    /// Bradley-Terry-Luce model of one A against two B: p = g_A / (g_A + 2 g_B).
    Estimate elo;
    std::array<double, 3> a_time{}, b_time{};  ///< p50, p99, max wall-clock milliseconds per decision
    std::array<double, 3> a_cpu{}, b_cpu{};    ///< the same in CPU time of the deciding thread
    int a_decisions = 0, b_decisions = 0;
    std::array<int, 2> taken{}, failed{}, litige{};  ///< contracts by side (A, B), summed over matches
};

/// Summarises pair results (results[i] = pair i) and timings; `opponents` as in ArenaSummary.
ArenaSummary summarize(const std::vector<PairResult>& results, const Timing& timing, int opponents = 1);

/// Side A of one run minus side A of another over the same pairs (same variant, seed and B: the same
/// deals), pair by pair, so that the luck of the cards cancels between the runs too.
struct PairedDifference {
    int pairs = 0;
    Estimate win_rate;         ///< difference of the pairs' match-win shares (−1..1)
    Estimate points_per_deal;  ///< difference of the pairs' points per deal
};

/// The paired difference of `x` minus `y`, where x[i] and y[i] are the same pair (extra pairs of the
/// longer one are left out).
PairedDifference paired_difference(const std::vector<PairResult>& x, const std::vector<PairResult>& y);

/// A readable multi-line report.
std::string format_summary(const ArenaConfig& config, const ArenaSummary& summary);

}  // namespace belote::arena
