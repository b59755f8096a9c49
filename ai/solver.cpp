#include "ai/solver.hpp"

#include "ai/static_eval.hpp"
#include "ai/table_hash.hpp"
#include "engine/scoring.hpp"

#include <algorithm>
#include <bit>

namespace belote::ai {
namespace {
constexpr int total_card_points = 152;
constexpr int capot_extra = 90;  // 100 instead of 10 for the last trick
constexpr int score_infinity = 1000;
constexpr int exact_leaf_tricks = 3;  // beyond the horizon, endings this short are still searched exactly

std::uint32_t contract_key(const Contract& c) {
    if (c.kind == ContractKind::NoTrump) return 4;
    if (c.kind == ContractKind::AllTrump) return 5;
    return static_cast<std::uint32_t>(c.trump);
}
}  // namespace

Solver::Solver(int table_bits) : table_(std::size_t{1} << table_bits), mask_((std::size_t{1} << table_bits) - 1) {}

std::uint32_t Solver::distinct_moves(const Position& pos, std::uint32_t moves) {
    bool any = false;
    for (int suit = 0; suit < 4; ++suit) any |= several(moves & suit_mask(suit));
    if (!any) return moves;
    const CardTables& t = pos.tables();
    std::uint32_t live = pos.hidden_live();
    for (int s = 0; s < pos.setup().seats; ++s) live |= pos.hand(s);
    const std::uint32_t covers = pos.covers();  // a cover uncovers a card: never equivalent
    for (int i = 0; i < pos.trick_size(); ++i) live |= 1u << pos.trick_card(i);
    std::uint32_t keep = moves;
    for (int suit = 0; suit < 4; ++suit) {
        if (!several(moves & suit_mask(suit))) continue;
        const auto& order = t.order[suit];
        int previous = -1;  // last move of a run, while no other live card interrupts it
        for (int card : order) {
            if (!((live >> card) & 1u)) continue;
            if (!((moves >> card) & 1u) || ((covers >> card) & 1u)) {
                previous = -1;
                continue;
            }
            if (previous >= 0 && t.points[previous] == t.points[card]) keep &= ~(1u << card);
            previous = card;
        }
    }
    return keep;
}

std::uint32_t Solver::extra_key(const Position& pos) const {
    const int horizon_left = horizon_ ? horizon_ - (root_tricks_left_ - pos.tricks_left()) : 15;
    return 1u | (static_cast<std::uint32_t>(pos.leader()) << 1) | (static_cast<std::uint32_t>(pos.capot_state()) << 3) |
           (static_cast<std::uint32_t>(team_) << 5) | (static_cast<std::uint32_t>(horizon_left) << 6) |
           (contract_key(pos.tables().contract) << 10) | (context_ << 13);
}

std::size_t Solver::slot(const Position& pos, std::uint32_t extra) const {
    std::uint64_t a = (static_cast<std::uint64_t>(pos.hand(0)) << 32) | pos.hand(1);
    std::uint64_t b = (static_cast<std::uint64_t>(pos.hand(2)) << 32) | pos.hand(3);
    return table_hash(a ^ table_hash(b ^ table_hash(extra))) & mask_;
}

// The last trick of a 4-seat deal (one card each) or of any deal where every seat holds one card:
// played out directly.
int Solver::last_trick(Position& pos) const {
    const int seats = pos.setup().seats;
    for (int i = 0; i < seats; ++i) pos.play(std::countr_zero(pos.legal()));
    int value = margin(pos);
    for (int i = 0; i < seats; ++i) pos.undo();
    return value;
}

int Solver::order_moves(const Position& pos, std::uint32_t moves, int tt_best, std::array<std::int8_t, 8>& out) const {
    const CardTables& t = pos.tables();
    std::array<int, 8> score{};
    int n = 0;
    const Seat me = pos.to_play();
    const bool leading = pos.trick_size() == 0;
    const bool partner_wins = !leading && pos.setup().team(pos.trick_winner()) == pos.setup().team(me);
    const int best = leading ? -1 : pos.trick_card(pos.winning_index());
    const bool last = pos.trick_size() == pos.setup().seats - 1;
    std::uint32_t others = 0;
    for (int s = 0; s < pos.setup().seats; ++s)
        if (s != me) others |= pos.hand(s);
    for (std::uint32_t m = moves; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        int sc;
        if (c == tt_best) {
            sc = 1 << 20;
        } else if (leading) {
            const bool master = (t.above[c] & others) == 0;
            sc = master ? 500 + t.points[c] : 100 - t.points[c] - t.strength[c];
        } else if (partner_wins) {
            sc = last ? 300 + t.points[c] : 200 + t.points[c] - ((t.trump_order >> c) & 1u) * 30;
        } else if (t.beats(c, best)) {
            sc = 400 - t.points[c] / 2 - 8 * t.strength[c];  // cheapest winner first
        } else {
            sc = 100 - t.points[c];
        }
        out[n] = static_cast<std::int8_t>(c);
        score[n++] = sc;
    }
    // Insertion sort, best first (at most 8 moves).
    for (int i = 1; i < n; ++i) {
        std::int8_t c = out[i];
        int s = score[i];
        int j = i - 1;
        for (; j >= 0 && score[j] < s; --j) {
            out[j + 1] = out[j];
            score[j + 1] = score[j];
        }
        out[j + 1] = c;
        score[j + 1] = s;
    }
    return n;
}

int Solver::search(Position& pos, int alpha, int beta) {
    ++nodes_;
    if (pos.finished()) return margin(pos);
    if (aborted_ || (node_limit_ && nodes_ > node_limit_) || (budget_ && (nodes_ & 1023) == 0 && budget_->expired())) {
        aborted_ = true;
        return margin(pos);
    }
    const bool boundary = pos.trick_size() == 0;
    const int alpha0 = alpha, beta0 = beta;
    Entry* entry = nullptr;
    std::uint32_t extra = 0;
    int tt_best = -1;
    int base = 0;
    if (boundary) {
        if (pos.tricks_left() == 1 && single(pos.hand(pos.leader()))) return last_trick(pos);
        if (horizon_ && root_tricks_left_ - pos.tricks_left() >= horizon_ && pos.tricks_left() > exact_leaf_tricks) {
            // A leaf costs more than a node: count it as the plies a playout plays (or a few).
            if (pos.setup().seats == 4) {
                nodes_ += 2;
                return static_margin(pos, team_);
            }
            nodes_ += static_cast<std::uint64_t>(pos.setup().seats * pos.tricks_left());
            return greedy_playout(pos, team_);
        }
        base = margin(pos);
        const int remaining = total_card_points - pos.points()[0] - pos.points()[1] + last_trick_bonus;
        const int capot = pos.capot_state();
        const int hi = base + remaining + ((capot >> team_) & 1 ? capot_extra : 0);
        const int lo = base - remaining - ((capot >> (1 - team_)) & 1 ? capot_extra : 0);
        if (hi <= alpha) return hi;
        if (lo >= beta) return lo;
        extra = extra_key(pos);
        entry = &table_[slot(pos, extra)];
    }
    if (entry) {
        if (entry->extra == extra && entry->hands[0] == pos.hand(0) && entry->hands[1] == pos.hand(1) &&
            entry->hands[2] == pos.hand(2) && entry->hands[3] == pos.hand(3)) {
            const int elo = entry->lower + base, ehi = entry->upper + base;
            if (elo >= beta) return elo;
            if (ehi <= alpha) return ehi;
            if (elo == ehi) return elo;
            alpha = std::max(alpha, elo);
            beta = std::min(beta, ehi);
            tt_best = entry->best;
        } else {
            entry->extra = 0;  // slot will be overwritten below
        }
    }

    std::array<std::int8_t, 8> moves{};
    const int n = order_moves(pos, distinct_moves(pos, pos.legal()), tt_best, moves);
    const bool maximizing = pos.setup().team(pos.to_play()) == team_;
    int best = maximizing ? -score_infinity : score_infinity;
    int best_move = moves[0];
    for (int i = 0; i < n; ++i) {
        pos.play(moves[i]);
        const int v = search(pos, alpha, beta);
        pos.undo();
        if (maximizing ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (maximizing)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        if (alpha >= beta) break;
    }
    if (entry && !aborted_) {
        // Deeper nodes may have taken the slot meanwhile: merge only with this position's own bounds.
        const bool had = entry->extra == extra && entry->hands[0] == pos.hand(0) && entry->hands[1] == pos.hand(1) &&
                         entry->hands[2] == pos.hand(2) && entry->hands[3] == pos.hand(3);
        int lower = had ? entry->lower : -score_infinity, upper = had ? entry->upper : score_infinity;
        const int rel = best - base;
        if (best <= alpha0)
            upper = std::min(upper, rel);
        else if (best >= beta0)
            lower = std::max(lower, rel);
        else
            lower = upper = rel;
        entry->hands = {pos.hand(0), pos.hand(1), pos.hand(2), pos.hand(3)};
        entry->extra = extra;
        entry->lower = static_cast<std::int16_t>(lower);
        entry->upper = static_cast<std::int16_t>(upper);
        entry->best = static_cast<std::int8_t>(best_move);
    }
    return best;
}

int Solver::solve(Position& pos, Team team, int alpha, int beta) {
    team_ = team;
    root_tricks_left_ = pos.tricks_left();
    return search(pos, alpha, beta);
}

int Solver::solve(Position& pos, Team team) {
    team_ = team;
    root_tricks_left_ = pos.tricks_left();
    return mtdf(pos, 0);
}

int Solver::solve_from(Position& pos, Team team, int guess) {
    team_ = team;
    root_tricks_left_ = pos.tricks_left();
    return mtdf(pos, guess & ~1);
}

// MTD(f): zero-window searches converging on the exact value; margins are even, so windows step by 2.
int Solver::mtdf(Position& pos, int guess) {
    int lower = -score_infinity, upper = score_infinity, g = guess;
    while (lower < upper) {
        const int beta = g == lower ? g + 1 : g;
        g = search(pos, beta - 1, beta);
        if (aborted_) return g;
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return g;
}

void Solver::solve_moves(Position& pos, Team team, std::uint32_t moves, std::array<int, 32>& values) {
    team_ = team;
    root_tricks_left_ = pos.tricks_left();
    const std::uint32_t distinct = distinct_moves(pos, moves);
    for (std::uint32_t m = distinct; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        pos.play(c);
        values[c] = mtdf(pos, 0);
        pos.undo();
    }
    // Equivalent cards share the value of the lowest card of their run.
    const CardTables& t = pos.tables();
    for (std::uint32_t m = moves & ~distinct; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const auto& order = t.order[c >> 3];
        int k = 0;
        while (order[k] != c) ++k;
        while (!((distinct >> order[k]) & 1u)) --k;
        values[c] = values[order[k]];
    }
}

bool move_margins(Solver& solver, Position& pos, Team team, CardSet moves, bool search, std::array<int, 32>& values) {
    if (search) {
        solver.solve_moves(pos, team, moves.bits(), values);
        return !solver.aborted();
    }
    for (Card c : moves) {
        pos.play(c.index());
        values[c.index()] = greedy_playout(pos, team);
        pos.undo();
    }
    return true;
}

}  // namespace belote::ai
