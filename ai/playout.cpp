#include "ai/playout.hpp"

#include <bit>

namespace belote::ai {
namespace {

// Can any seat of the other team still to play in this trick beat `card` (which wins so far)?
bool beaten_later(const Position& pos, int card) {
    const CardTables& t = pos.tables();
    const PlaySetup& setup = pos.setup();
    const Team team = setup.team(pos.to_play());
    const int led = pos.trick_size() == 0 ? card >> 3 : pos.trick_card(0) >> 3;
    for (int i = pos.trick_size() + 1; i < setup.seats; ++i) {
        const Seat s = pos.wrap(pos.leader() + i);
        if (setup.team(s) == team) continue;
        const std::uint32_t hand = pos.hand(s);
        const std::uint32_t follow = hand & suit_mask(led);
        if (follow) {
            if ((card >> 3) == led && (t.above[card] & follow)) return true;
        } else if (t.trump & hand) {
            if (!((t.trump >> card) & 1u)) return true;  // ruffs a plain card
            if (t.above[card] & hand) return true;       // overtrumps
        }
    }
    return false;
}

int pick(std::uint32_t cards, int (*key)(const CardTables&, int), const CardTables& t) {
    int best = std::countr_zero(cards), best_key = key(t, best);
    for (std::uint32_t m = cards & (cards - 1); m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const int k = key(t, c);
        if (k > best_key) {
            best = c;
            best_key = k;
        }
    }
    return best;
}

int strength(const CardTables& t, int c) { return t.strength[c]; }
// Throw: fewest points, then weakest, trumps last.
int throw_key(const CardTables& t, int c) {
    return -(t.points[c] * 16 + strength(t, c) + (((t.trump_order >> c) & 1u) ? 400 : 0));
}
// Give: most points, keeping trumps.
int give_key(const CardTables& t, int c) {
    return t.points[c] * 16 - strength(t, c) - (((t.trump >> c) & 1u) ? 400 : 0);
}
// Win cheaply: weakest winner, then fewest points.
int cheap_win_key(const CardTables& t, int c) { return -(strength(t, c) * 32 + t.points[c]); }
// Cash: most points among safe masters.
int cash_key(const CardTables& t, int c) { return t.points[c] * 16 + strength(t, c); }

}  // namespace

int greedy_card(const Position& pos) {
    const std::uint32_t legal = pos.legal();
    if (single(legal)) return std::countr_zero(legal);
    const CardTables& t = pos.tables();
    const Seat me = pos.to_play();
    const PlaySetup& setup = pos.setup();
    if (pos.trick_size() == 0) {
        std::uint32_t others = 0;
        for (int s = 0; s < setup.seats; ++s)
            if (s != me) others |= pos.hand(s);
        std::uint32_t safe = 0;
        for (std::uint32_t m = legal; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            if (!(t.above[c] & others) && !beaten_later(pos, c)) safe |= 1u << c;
        }
        if (safe) return pick(safe, cash_key, t);
        // A suit the partner wins for sure: lead low in it.
        if (setup.partnerships) {
            const Seat partner = pos.wrap(me + 2);
            std::uint32_t opponents = pos.hand(pos.wrap(me + 1)) | pos.hand(pos.wrap(me + 3));
            std::uint32_t feeding = 0;
            for (int suit = 0; suit < 4; ++suit) {
                const std::uint32_t mine = legal & suit_mask(suit) & ~t.trump;
                const std::uint32_t theirs = opponents & suit_mask(suit);
                const std::uint32_t his = pos.hand(partner) & suit_mask(suit);
                if (!mine || !his) continue;
                // The partner's best card of the suit beats every opponent's card of it, and no void
                // opponent can ruff.
                int best = -1;
                for (std::uint32_t m = his; m; m &= m - 1) {
                    const int c = std::countr_zero(m);
                    if (best < 0 || t.strength[c] > t.strength[best]) best = c;
                }
                if (t.above[best] & (theirs | mine)) continue;
                bool ruff = false;
                for (Seat o : {pos.wrap(me + 1), pos.wrap(me + 3)})
                    if (!(pos.hand(o) & suit_mask(suit)) && (pos.hand(o) & t.trump)) ruff = true;
                if (!ruff) feeding |= mine;
            }
            if (feeding) return pick(feeding, throw_key, t);
        }
        const std::uint32_t plain = legal & ~t.trump_order;
        return pick(plain ? plain : legal, throw_key, t);
    }
    const int best = pos.trick_card(pos.winning_index());
    const bool partner_wins = setup.team(pos.trick_winner()) == setup.team(me);
    if (partner_wins && !beaten_later(pos, best)) return pick(legal, give_key, t);
    std::uint32_t safe_winners = 0;
    for (std::uint32_t m = legal; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        if (t.beats(c, best) && !beaten_later(pos, c)) safe_winners |= 1u << c;
    }
    if (safe_winners) return pick(safe_winners, cheap_win_key, t);
    return pick(legal, throw_key, t);
}

int greedy_playout(Position& pos, Team team) {
    std::array<std::int8_t, 48> steps{};  // 1 = a play, -1 - card = a reveal of `card`
    std::array<std::int8_t, 48> seats{};  // the seat of each reveal
    int n = 0;
    while (!pos.finished()) {
        if (pos.awaiting_reveal()) {
            const int card = std::countr_zero(pos.unknown_pool());
            seats[n] = static_cast<std::int8_t>(pos.reveal(card));
            steps[n++] = static_cast<std::int8_t>(-1 - card);
        } else {
            pos.play(greedy_card(pos));
            steps[n++] = 1;
        }
    }
    const int margin = pos.points()[team] - pos.points()[1 - team];
    while (n > 0) {
        const int s = steps[--n];
        if (s == 1)
            pos.undo();
        else
            pos.unreveal(-1 - s, seats[n]);
    }
    return margin;
}

}  // namespace belote::ai
