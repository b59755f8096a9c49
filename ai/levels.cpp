#include "ai/levels.hpp"

#include <algorithm>
#include <cmath>

namespace belote::ai {
namespace {
int scaled(int n, double scale) { return std::max(1, static_cast<int>(std::lround(n * scale))); }
std::uint64_t scaled(std::uint64_t n, double scale) {
    return std::max<std::uint64_t>(1000, static_cast<std::uint64_t>(static_cast<double>(n) * scale));
}
}  // namespace

LevelParams level_params(Level level, double work_scale, bool decouverte) {
    LevelParams p;
    // Découverte tricks have two cards, so twice the tricks cost about the same search.
    auto table = [&](int exact, int early, int exact16, int early16) {
        return decouverte ? depths(exact16, early16) : depths(exact, early);
    };
    switch (level) {
        case Level::Easy:
        case Level::Medium:
            p.heuristic_bidding = true;
            p.play = PlayParams{8, 1, table(3, 0, 6, 0), 200'000, 13, 0, 0};
            break;
        case Level::Hard:
            p.play = PlayParams{16, 3, table(5, 1, 8, 2), 1'500'000, 15, 4, 6};
            p.play.depth[6] = decouverte ? p.play.depth[6] : 2;
            p.bid = BidParams{16, 8, 1, 300'000, 0.0, 0.6, 0.8, 8, 1};
            break;
        case Level::Expert:
            p.play = PlayParams{32, 4, table(6, 2, 10, 4), 4'000'000, 16, 6, 8};
            p.play.depth[7] = decouverte ? p.play.depth[7] : 3;
            p.bid = BidParams{20, 16, 2, 1'000'000, 0.0, 0.6, 0.8, 8, 1};
            break;
    }
    p.play.worlds = scaled(p.play.worlds, work_scale);
    p.play.node_budget = scaled(p.play.node_budget, work_scale);
    p.bid.worlds = scaled(p.bid.worlds, work_scale);
    p.bid.node_budget = scaled(p.bid.node_budget, work_scale);
    return p;
}

}  // namespace belote::ai
