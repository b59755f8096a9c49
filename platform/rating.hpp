#pragma once
// The skill rating (docs/room.md "Rating"): Glicko-2 (Mark E. Glickman, "Example of the Glicko-2
// system", 2012), one rating per player and variant, updated once per competitive match that
// counts. Pure functions.

#include <vector>

namespace belote::platform {

/// Glicko-2's parameters (docs/room.md "Rating").
inline constexpr double rating_start = 1500.0;    ///< a new player's rating
inline constexpr double rating_start_rd = 350.0;  ///< a new player's rating deviation
inline constexpr double rating_start_volatility = 0.06;
inline constexpr double rating_tau = 0.5;            ///< the system constant τ (limits volatility changes)
inline constexpr double rating_epsilon = 0.000001;   ///< the convergence tolerance of the volatility
inline constexpr int rating_provisional_games = 10;  ///< rated games before a rating is no longer provisional

/// A player's rating on the Glicko scale.
struct Rating {
    double rating = rating_start;
    double rd = rating_start_rd;  ///< rating deviation
    double volatility = rating_start_volatility;
    int games = 0;  ///< rated games so far
    bool provisional() const { return games < rating_provisional_games; }
    bool operator==(const Rating&) const = default;
};

/// One game of a rating period: the opponent's rating and deviation, and the score (1 win,
/// 0.5 draw, 0 loss).
struct RatedGame {
    double rating = rating_start;
    double rd = rating_start_rd;
    double score = 0;
};

/// `player` after the games of one rating period (Glickman's steps 1 to 8; with no games, only
/// the deviation grows). `games` of the result counts one more when `games` is not empty.
Rating glicko2(const Rating& player, const std::vector<RatedGame>& games, double tau = rating_tau);

/// The ratings of every seat after a match won by side `winner`: at four seats each player plays
/// one game against the opposing partnership as a composite opponent (the mean of the two ratings,
/// the root mean square of the two deviations); at two or three seats each player plays one game
/// against each other seat (a win for the winner, a draw between two losers). `ratings[s]` is
/// seat s's rating before the match.
std::vector<Rating> rate_match(const std::vector<Rating>& ratings, int winner);

}  // namespace belote::platform
