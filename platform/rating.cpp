#include "platform/rating.hpp"

#include <cmath>
#include <numbers>

namespace belote::platform {

namespace {

constexpr double scale = 173.7178;  // Glicko-2's factor between the Glicko and Glicko-2 scales

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

/// Step 5: the new volatility, by the Illinois algorithm.
double new_volatility(double phi, double sigma, double delta, double v, double tau) {
    const double a = std::log(sigma * sigma);
    auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double lo = a, hi = 0;
    if (delta * delta > phi * phi + v) {
        hi = std::log(delta * delta - phi * phi - v);
    } else {
        double k = 1;
        while (f(a - k * tau) < 0) ++k;
        hi = a - k * tau;
    }
    double f_lo = f(lo), f_hi = f(hi);
    // lo = A, hi = B in Glickman's notation.
    while (std::abs(hi - lo) > rating_epsilon) {
        const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        const double f_c = f(c);
        if (f_c * f_hi < 0) {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2;
        }
        hi = c;
        f_hi = f_c;
    }
    return std::exp(lo / 2);
}

}  // namespace

Rating glicko2(const Rating& player, const std::vector<RatedGame>& games, double tau) {
    const double mu = (player.rating - rating_start) / scale;
    const double phi = player.rd / scale;
    if (games.empty()) {
        Rating out = player;
        out.rd = std::sqrt(phi * phi + player.volatility * player.volatility) * scale;
        return out;
    }
    double v_inverse = 0, sum = 0;
    for (const auto& game : games) {
        const double mu_j = (game.rating - rating_start) / scale;
        const double phi_j = game.rd / scale;
        const double e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
        sum += g(phi_j) * (game.score - e);
    }
    const double v = 1.0 / v_inverse;
    const double sigma = new_volatility(phi, player.volatility, v * sum, v, tau);
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double mu_new = mu + phi_new * phi_new * sum;
    return {mu_new * scale + rating_start, phi_new * scale, sigma, player.games + 1};
}

std::vector<Rating> rate_match(const std::vector<Rating>& ratings, int winner) {
    const int seats = static_cast<int>(ratings.size());
    std::vector<Rating> out;
    for (int s = 0; s < seats; ++s) {
        std::vector<RatedGame> games;
        if (seats == 4) {
            const auto& a = ratings[(s + 1) % 4];
            const auto& b = ratings[(s + 3) % 4];
            games.push_back(
                {(a.rating + b.rating) / 2, std::sqrt((a.rd * a.rd + b.rd * b.rd) / 2), s % 2 == winner ? 1.0 : 0.0});
        } else {
            for (int o = 0; o < seats; ++o) {
                if (o == s) continue;
                const double score = s == winner ? 1.0 : o == winner ? 0.0 : 0.5;
                games.push_back({ratings[o].rating, ratings[o].rd, score});
            }
        }
        out.push_back(glicko2(ratings[s], games));
    }
    return out;
}

}  // namespace belote::platform
