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

LevelParams level_params(Level level, double work_scale) {
    LevelParams p;
    switch (level) {
        case Level::Easy:
        case Level::Medium:
            p.heuristic_bidding = true;
            p.play = PlayParams{8, 1, 3, 0, 200'000, 13, 0, 0};
            break;
        case Level::Hard:
            p.play = PlayParams{16, 3, 4, 1, 1'500'000, 15, 4, 6};
            p.bid = BidParams{24, 3, 0, 0, 0.0};
            break;
        case Level::Expert:
            p.play = PlayParams{32, 4, 5, 1, 4'000'000, 16, 6, 8};
            p.bid = BidParams{48, 4, 0, 0, 0.0};
            break;
    }
    p.play.worlds = scaled(p.play.worlds, work_scale);
    p.play.node_budget = scaled(p.play.node_budget, work_scale);
    p.bid.worlds = scaled(p.bid.worlds, work_scale);
    p.bid.node_budget = scaled(p.bid.node_budget, work_scale);
    return p;
}

}  // namespace belote::ai
