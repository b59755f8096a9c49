#include "ai/chance_solver.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "ai/table_hash.hpp"

namespace belote::ai {
namespace {
constexpr double infinity = 1e9;
}  // namespace

ChanceSolver::ChanceSolver(int table_bits)
    : table_(std::size_t{1} << table_bits), mask_((std::size_t{1} << table_bits) - 1) {}

std::uint32_t ChanceSolver::extra_key(const Position& pos) const {
    return 1u | (static_cast<std::uint32_t>(pos.leader()) << 1) | (static_cast<std::uint32_t>(pos.capot_state()) << 3) |
           (static_cast<std::uint32_t>(team_) << 5) | (static_cast<std::uint32_t>(pos.tricks_left()) << 6) |
           // The utility is of the final margin, so a value depends on the margin so far.
           (static_cast<std::uint32_t>(pos.points()[team_] - pos.points()[1 - team_] + 256) << 11);
}

double ChanceSolver::chance(Position& pos) {
    // Every unseen card is equally likely to be the uncovered one.
    const std::uint32_t pool = pos.unknown_pool();
    double sum = 0;
    for (std::uint32_t m = pool; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const Seat seat = pos.reveal(c);
        sum += pos.awaiting_reveal() ? chance(pos) : search(pos, -infinity, infinity);
        pos.unreveal(c, seat);
    }
    return sum / std::popcount(pool);
}

double ChanceSolver::search(Position& pos, double alpha, double beta) {
    ++nodes_;
    if (pos.finished()) return (*utility_)[margin_index(pos.points()[team_] - pos.points()[1 - team_])];
    if (aborted_ || (node_limit_ && nodes_ > node_limit_) || (budget_ && (nodes_ & 1023) == 0 && budget_->expired())) {
        aborted_ = true;
        return 0;
    }
    if (pos.awaiting_reveal()) return chance(pos);
    const bool boundary = pos.trick_size() == 0;
    const double alpha0 = alpha, beta0 = beta;
    Entry* entry = nullptr;
    std::uint32_t extra = 0;
    if (boundary) {
        extra = extra_key(pos);
        const std::uint64_t key = (static_cast<std::uint64_t>(pos.hand(0)) << 32 | pos.hand(1)) ^
                                  table_hash(static_cast<std::uint64_t>(pos.unknown_pool()) << 32 | extra);
        entry = &table_[table_hash(key) & mask_];
        if (entry->extra == extra && entry->hand0 == pos.hand(0) && entry->hand1 == pos.hand(1) &&
            entry->pool == pos.unknown_pool()) {
            if (entry->lower >= beta) return entry->lower;
            if (entry->upper <= alpha) return entry->upper;
            if (entry->lower == entry->upper) return entry->lower;
            alpha = std::max<double>(alpha, entry->lower);
            beta = std::min<double>(beta, entry->upper);
        } else {
            *entry = Entry{pos.hand(0),
                           pos.hand(1),
                           pos.unknown_pool(),
                           0,
                           static_cast<float>(-infinity),
                           static_cast<float>(infinity)};
        }
    }
    const bool maximizing = pos.setup().team(pos.to_play()) == team_;
    double best = maximizing ? -infinity : infinity;
    for (std::uint32_t m = pos.legal(); m; m &= m - 1) {
        pos.play(std::countr_zero(m));
        const double v = search(pos, alpha, beta);
        pos.undo();
        if (maximizing) {
            best = std::max(best, v);
            alpha = std::max(alpha, v);
        } else {
            best = std::min(best, v);
            beta = std::min(beta, v);
        }
        if (alpha >= beta) break;
    }
    if (entry && !aborted_) {
        // Deeper nodes may have taken the slot meanwhile: then it starts afresh for this position.
        if (!(entry->extra == extra && entry->hand0 == pos.hand(0) && entry->hand1 == pos.hand(1) &&
              entry->pool == pos.unknown_pool()))
            *entry = Entry{pos.hand(0),
                           pos.hand(1),
                           pos.unknown_pool(),
                           0,
                           static_cast<float>(-infinity),
                           static_cast<float>(infinity)};
        // Bounds are stored as floats, rounded outwards so that they stay bounds.
        if (best <= alpha0)
            entry->upper =
                std::min(entry->upper, std::nextafter(static_cast<float>(best), static_cast<float>(infinity)));
        else if (best >= beta0)
            entry->lower =
                std::max(entry->lower, std::nextafter(static_cast<float>(best), static_cast<float>(-infinity)));
        else
            entry->lower = entry->upper = static_cast<float>(best);
        entry->extra = extra;
    }
    return best;
}

double ChanceSolver::solve(Position& pos, Team team, const MarginUtility& utility) {
    team_ = team;
    utility_ = &utility;
    return search(pos, -infinity, infinity);
}

void ChanceSolver::solve_moves(Position& pos, Team team, const MarginUtility& utility, std::uint32_t moves,
                               std::array<double, 32>& values) {
    team_ = team;
    utility_ = &utility;
    for (std::uint32_t m = moves; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        pos.play(c);
        values[c] = search(pos, -infinity, infinity);
        pos.undo();
    }
}

}  // namespace belote::ai
