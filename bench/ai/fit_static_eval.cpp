// belote-fit-static-eval: regenerates the weights of ai/static_eval.cpp. For each contract kind and
// each number of tricks left (2..8) it solves random positions exactly, fits the linear model of
// static_features() by least squares on three quarters of them and reports the error on the rest.
//   belote-fit-static-eval [kind 0|1|2] [positions per row]   (about 10 CPU minutes for all rows)
// Prints the rows in the layout of the `weights` table.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ai/solver.hpp"
#include "ai/static_eval.hpp"
#include "engine/deck.hpp"

namespace {

using namespace belote;
using namespace belote::ai;
constexpr int F = static_feature_count;

// Least squares by the normal equations (Gauss-Jordan with partial pivoting, a tiny ridge).
std::array<double, F> fit(const std::vector<StaticFeatures>& x, const std::vector<double>& y) {
    double a[F][F + 1] = {};
    for (std::size_t i = 0; i < x.size(); ++i)
        for (int r = 0; r < F; ++r) {
            for (int c = 0; c < F; ++c) a[r][c] += double(x[i][r]) * x[i][c];
            a[r][F] += double(x[i][r]) * y[i];
        }
    for (int r = 0; r < F; ++r) a[r][r] += 1e-3;
    for (int c = 0; c < F; ++c) {
        int p = c;
        for (int r = c + 1; r < F; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
        for (int k = 0; k <= F; ++k) std::swap(a[c][k], a[p][k]);
        for (int r = 0; r < F; ++r)
            if (r != c) {
                const double q = a[r][c] / a[c][c];
                for (int k = 0; k <= F; ++k) a[r][k] -= q * a[c][k];
            }
    }
    std::array<double, F> w{};
    for (int r = 0; r < F; ++r) w[r] = a[r][F] / a[r][r];
    return w;
}

}  // namespace

int main(int argc, char** argv) {
    const int only = argc > 1 ? std::atoi(argv[1]) : -1;
    const int base_n = argc > 2 ? std::atoi(argv[2]) : 4000;
    for (int kind = 0; kind < 3; ++kind) {
        if (only >= 0 && kind != only) continue;
        std::printf("// kind %d\n", kind);
        const Contract contract = kind == 0   ? Contract::suit(Suit::Hearts)
                                  : kind == 1 ? Contract::no_trump()
                                              : Contract::all_trump();
        const CardTables tables = CardTables::of(contract);
        const PlaySetup setup{&tables, PlayRules{}, 4, true, 8};
        for (int tricks = 2; tricks <= 8; ++tricks) {
            const int n = tricks <= 6 ? base_n : tricks == 7 ? base_n / 2 : base_n * 3 / 10;
            Rng rng(17 + tricks + 100 * kind);
            Solver solver(17);
            std::vector<StaticFeatures> x;
            std::vector<double> y, greedy;
            for (int i = 0; i < n; ++i) {
                Deck deck = ordered_deck();
                shuffle(deck, rng);
                std::array<CardSet, 4> hands{};
                for (int s = 0; s < 4; ++s)
                    for (int k = 0; k < tricks; ++k) hands[s].insert(deck[s * tricks + k]);
                const Seat leader = static_cast<Seat>(rng.below(4));
                // Earlier tricks split between the teams (no capot) except for whole deals.
                Position pos = tricks == 8 ? Position(setup, hands, leader, 0, {}, {})
                                           : Position(setup, hands, leader, 8 - tricks, {}, {1, 1});
                const int value = solver.solve_from(pos, 0, greedy_playout(pos, 0));
                x.push_back(static_features(pos, 0));
                y.push_back(value);
                greedy.push_back(greedy_playout(pos, 0));
            }
            const int train = n * 3 / 4;
            const std::array<double, F> w = fit(std::vector<StaticFeatures>(x.begin(), x.begin() + train),
                                                std::vector<double>(y.begin(), y.begin() + train));
            double se = 0, se_greedy = 0, mean = 0, var = 0;
            for (int i = train; i < n; ++i) mean += y[i] / (n - train);
            for (int i = train; i < n; ++i) {
                double p = 0;
                for (int k = 0; k < F; ++k) p += w[k] * x[i][k];
                se += (p - y[i]) * (p - y[i]);
                se_greedy += (greedy[i] - y[i]) * (greedy[i] - y[i]);
                var += (y[i] - mean) * (y[i] - mean);
            }
            const double m = n - train;
            std::printf("        {");
            for (int k = 0; k < F; ++k) std::printf("%.3ff%s", w[k], k + 1 < F ? ", " : "");
            std::printf("},  // %d tricks: rmse %.1f (greedy %.1f, sd %.1f)\n", tricks, std::sqrt(se / m),
                        std::sqrt(se_greedy / m), std::sqrt(var / m));
            std::fflush(stdout);
        }
    }
}
