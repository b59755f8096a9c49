#pragma once
// A deal in play as a search position: every seat's cards, the trick in progress, the tricks and points
// won so far; apply/undo of single cards without heap allocation (docs/rules.md §1.3–§1.5, §6.4).

#include <array>
#include <bit>
#include <cstdint>

#include "ai/card_tables.hpp"
#include "engine/options.hpp"
#include "engine/trick.hpp"

namespace belote::ai {

inline constexpr int max_seats = 4;
/// Marks a face-down card whose identity nobody knows (Découverte, §6.1): see Position::beneath().
inline constexpr std::int8_t unknown_card = -2;
inline constexpr std::int8_t no_card = -1;

/// The play rules of one deal that the search needs. `tables` must outlive every Position using it.
struct PlaySetup {
    const CardTables* tables = nullptr;
    PlayRules rules;
    int seats = 4;             ///< 4 (classic, coinche), 2 (Découverte) or 3 (three_player)
    bool partnerships = true;  ///< partner rules of §1.5 (4 seats); false with 2 or 3 seats
    int tricks_per_deal = 8;   ///< 8, or 16 in Découverte
    /// The side whose points each seat's tricks count for: the partnerships at 4, each player at 2. At
    /// three the search plays the taker against the two others (the opponents' common interest, §7).
    std::array<Team, max_seats> sides{0, 1, 0, 1};
    Team team(Seat s) const { return sides[s]; }
};

/// A position of the play phase. Trivially copyable (about 200 bytes); play() and undo() are O(1).
///
/// Hands hold the cards a seat may play from: in Découverte, the available tableau cards; a covered
/// card's lower card is given by beneath() (a card, no_card, or unknown_card) and joins the hand when
/// the trick in which its cover was played ends (§6.4). An unknown lower card needs a chance outcome:
/// after such a trick, awaiting_reveal() is true until reveal() is called for each one.
class Position {
public:
    Position() = default;
    /// A position at the start of a trick led by `leader`, after `tricks_played` complete tricks in
    /// which the teams won `points` (card points) and `tricks_won`. `hands` are indexed by seat.
    Position(const PlaySetup& setup, const std::array<CardSet, max_seats>& hands, Seat leader, int tricks_played,
             std::array<int, 2> points, std::array<int, 2> tricks_won);

    /// Adds `card` to the trick in progress as if its seat (the next to play) had played it before the
    /// search starts; the card must not be in any hand. Used to set up a position in mid-trick.
    void push_trick_card(int card);
    /// Découverte: sets what lies under `top` (a card of a hand): a card index, no_card or unknown_card.
    void set_beneath(int top, std::int8_t lower) {
        beneath_[top] = lower;
        tableau_ |= lower != no_card;
    }
    /// Découverte: like push_trick_card() for a cover that uncovers `lower` (a card, no_card or
    /// unknown_card) for its seat at the end of this trick.
    void push_played_cover(int card, std::int8_t lower);
    /// Découverte: the cards nobody has seen (the pool that unknown lower cards are drawn from).
    void set_unknown_pool(CardSet pool) { pool_ = pool.bits(); }

    const PlaySetup& setup() const { return setup_; }
    const CardTables& tables() const { return *setup_.tables; }
    Seat to_play() const { return wrap(leader_ + trick_size_); }
    Seat leader() const { return leader_; }
    int trick_size() const { return trick_size_; }
    int trick_card(int i) const { return trick_[i]; }
    /// Index in the trick of the card winning it so far (trick not empty).
    int winning_index() const { return win_pos_; }
    Seat trick_winner() const { return wrap(leader_ + win_pos_); }
    /// The seat `k` places after seat 0 for k < 2 × seats (a seat index plus an offset within a trick).
    Seat wrap(int k) const { return k >= setup_.seats ? k - setup_.seats : k; }
    std::uint32_t hand(Seat s) const { return hands_[s]; }
    std::int8_t beneath(int top) const { return beneath_[top]; }
    std::uint32_t unknown_pool() const { return pool_; }
    /// Cards of the hands that cover a lower card (Découverte; 0 otherwise).
    std::uint32_t covers() const {
        if (!tableau_) return 0;
        std::uint32_t out = 0;
        for (int s = 0; s < setup_.seats; ++s)
            for (std::uint32_t m = hands_[s]; m; m &= m - 1)
                if (beneath_[std::countr_zero(m)] != no_card) out |= 1u << std::countr_zero(m);
        return out;
    }
    /// Cards still to come into play besides the hands and the trick: the known lower cards under the
    /// hands' tops and the unknown pool (Découverte; 0 otherwise).
    std::uint32_t hidden_live() const {
        if (!tableau_) return 0;
        std::uint32_t live = pool_;
        for (int s = 0; s < setup_.seats; ++s)
            for (std::uint32_t m = hands_[s]; m; m &= m - 1) {
                const int lower = beneath_[std::countr_zero(m)];
                if (lower >= 0) live |= 1u << lower;
            }
        for (int i = 0; i < pending_; ++i)
            if (pending_lower_[i] >= 0) live |= 1u << pending_lower_[i];
        return live;
    }
    int tricks_left() const { return tricks_left_; }
    int tricks_played() const { return setup_.tricks_per_deal - tricks_left_; }
    bool finished() const { return tricks_left_ == 0; }
    /// Card points won by each team so far, with the last-trick bonus (10, or 100 on capot) once finished.
    const std::array<int, 2>& points() const { return points_; }
    const std::array<int, 2>& tricks_won() const { return tricks_won_; }
    /// Card points (no bonus) and tricks won by seat `s` in the tricks completed since construction
    /// (for scoring each player on his own, §7).
    int seat_points(Seat s) const { return seat_points_[s]; }
    int seat_tricks(Seat s) const { return seat_tricks_[s]; }
    /// 2 bits: bit t set while team t has won every trick so far (both at the start of the deal).
    int capot_state() const;

    /// The cards the seat to play may play (§1.5 on masks; same result as engine legal_cards).
    std::uint32_t legal() const;
    /// Plays `card` (one of legal()) for to_play(); completes the trick when it is the last card.
    void play(int card);
    /// Undoes the last play().
    void undo();

    /// True when a finished trick uncovered an unknown card: reveal() must be called before play().
    bool awaiting_reveal() const { return awaiting_ > 0; }
    /// The seat whose uncovered card is to be revealed next.
    Seat reveal_seat() const { return awaiting_seat_[awaiting_ - 1]; }
    /// Chance outcome: the next awaited lower card is `card` (a member of unknown_pool()). Returns
    /// the seat that received it, to pass to unreveal().
    Seat reveal(int card);
    /// Undoes the last reveal(), which gave `card` to `seat`.
    void unreveal(int card, Seat seat);

private:
    struct Ply {
        std::int8_t card = 0;
        std::int8_t win_pos_before = 0;
        std::int8_t pending_before = 0;
        std::int8_t awaiting_before = 0;
        bool trick_end = false;
        std::uint8_t bonus = 0;  // last-trick bonus added on this play
        std::uint8_t trick_points = 0;
        std::int8_t winner = 0;  // seat that won the trick ended by this play
        Seat leader_before = 0;
        std::array<std::int8_t, max_seats> trick_before{};      // the trick's cards, restored on undo
        std::array<std::int8_t, 2> revealed{no_card, no_card};  // known lower cards added on trick end
        std::array<std::int8_t, 2> revealed_seat{};
    };
    void end_trick(Ply& ply);
    void add_pending_reveal(Seat seat, std::int8_t lower);

    PlaySetup setup_;
    std::array<std::uint32_t, max_seats> hands_{};
    std::array<std::int8_t, 32> beneath_{};
    std::uint32_t pool_ = 0;
    bool tableau_ = false;  // some card has a lower card (Découverte)
    std::array<std::int8_t, max_seats> trick_{};
    int trick_size_ = 0;
    int win_pos_ = 0;
    Seat leader_ = 0;
    int tricks_left_ = 8;
    std::array<int, 2> points_{};
    std::array<int, 2> tricks_won_{};
    std::array<std::int16_t, max_seats> seat_points_{};
    std::array<std::int8_t, max_seats> seat_tricks_{};
    // Découverte: covers played in the trick in progress, with what they uncover.
    std::array<std::int8_t, 2> pending_lower_{};
    std::array<std::int8_t, 2> pending_seat_{};
    int pending_ = 0;
    // Unknown uncovered cards awaiting a chance outcome (reveal()).
    std::array<std::int8_t, 2> awaiting_seat_{};
    int awaiting_ = 0;
    std::array<Ply, 33> plies_{};
    int ply_count_ = 0;
};

// Hot paths of the search, inline.

inline constexpr int position_last_trick_bonus = 10;
inline constexpr int position_capot_last_trick_bonus = 100;

inline void Position::push_trick_card(int card) {
    if (trick_size_ == 0 || tables().beats(card, trick_[win_pos_])) win_pos_ = trick_size_;
    trick_[trick_size_++] = static_cast<std::int8_t>(card);
}

inline std::uint32_t Position::legal() const {
    const std::uint32_t hand = hands_[to_play()];
    if (trick_size_ == 0) return hand;
    const CardTables& t = tables();
    const int led = trick_[0] >> 3;
    const std::uint32_t follow = hand & suit_mask(led);
    const int best = trick_[win_pos_];
    const bool partner_winning = setup_.partnerships && trick_size_ >= 2 && win_pos_ == trick_size_ - 2;
    const PlayRules& r = setup_.rules;

    if (t.contract.kind == ContractKind::NoTrump) return follow ? follow : hand;
    if ((t.trump_order >> trick_[0]) & 1u) {  // trump led, or any lead in TA: the winner is the best of the led suit
        if (!follow) return hand;
        const std::uint32_t higher = follow & t.above[best];
        if (higher && (r.trump_lead_overtake_partner || !partner_winning)) return higher;
        return follow;
    }
    if (follow) return follow;
    const bool trick_has_trump = (t.trump >> best) & 1u;  // the winner is a trump iff the trick holds one
    const std::uint32_t trumps = hand & t.trump;
    if (partner_winning && r.partner_winning_exemption) {
        if (r.partner_winning_trump_restriction == PartnerWinningTrumpRestriction::None || !trick_has_trump)
            return hand;
        const std::uint32_t higher = trumps & t.above[best];
        const std::uint32_t without_lower = hand & ~(trumps & ~higher);
        if (r.partner_winning_trump_restriction == PartnerWinningTrumpRestriction::NoUndertrumpIfCanOvertrump)
            return higher ? without_lower : hand;
        return without_lower ? without_lower : hand;
    }
    if (!trumps) return hand;
    if (!trick_has_trump) return trumps;
    const std::uint32_t over = trumps & t.above[best];
    if (over) return over;
    return r.must_undertrump ? trumps : hand;
}

inline void Position::play(int card) {
    Ply& ply = plies_[ply_count_++];
    const Seat seat = to_play();
    ply.card = static_cast<std::int8_t>(card);
    ply.win_pos_before = static_cast<std::int8_t>(win_pos_);
    ply.pending_before = static_cast<std::int8_t>(pending_);
    ply.awaiting_before = static_cast<std::int8_t>(awaiting_);
    ply.trick_end = false;
    hands_[seat] &= ~(1u << card);
    if (tableau_ && beneath_[card] != no_card) add_pending_reveal(seat, beneath_[card]);
    push_trick_card(card);
    if (trick_size_ == setup_.seats) end_trick(ply);
}

inline void Position::end_trick(Ply& ply) {
    const CardTables& t = tables();
    int pts = 0;
    for (int i = 0; i < trick_size_; ++i) pts += t.points[trick_[i]];
    const Seat winner = trick_winner();
    const Team team = setup_.team(winner);
    ply.trick_end = true;
    ply.trick_points = static_cast<std::uint8_t>(pts);
    ply.winner = static_cast<std::int8_t>(winner);
    ply.leader_before = leader_;
    ply.trick_before = trick_;
    points_[team] += pts;
    tricks_won_[team] += 1;
    seat_points_[winner] = static_cast<std::int16_t>(seat_points_[winner] + pts);
    ++seat_tricks_[winner];
    --tricks_left_;
    ply.bonus = 0;
    if (tricks_left_ == 0) {
        ply.bonus =
            tricks_won_[team] == setup_.tricks_per_deal ? position_capot_last_trick_bonus : position_last_trick_bonus;
        points_[team] += ply.bonus;
    }
    // §6.4: covers played in this trick uncover their lower cards, available from the next trick.
    ply.revealed = {no_card, no_card};
    for (int i = 0; i < pending_; ++i) {  // (none outside Découverte)
        const Seat s = pending_seat_[i];
        if (pending_lower_[i] == unknown_card) {
            awaiting_seat_[awaiting_++] = static_cast<std::int8_t>(s);
        } else if (pending_lower_[i] != no_card) {
            hands_[s] |= 1u << pending_lower_[i];
            ply.revealed[i] = pending_lower_[i];
            ply.revealed_seat[i] = static_cast<std::int8_t>(s);
        }
    }
    pending_ = 0;
    leader_ = winner;
    trick_size_ = 0;
    win_pos_ = 0;
}

inline void Position::undo() {
    Ply& ply = plies_[--ply_count_];
    if (ply.trick_end) {
        for (int i = 0; i < 2; ++i)
            if (ply.revealed[i] != no_card) hands_[ply.revealed_seat[i]] &= ~(1u << ply.revealed[i]);
        const Team team = setup_.team(ply.winner);
        points_[team] -= ply.trick_points + ply.bonus;
        tricks_won_[team] -= 1;
        seat_points_[ply.winner] = static_cast<std::int16_t>(seat_points_[ply.winner] - ply.trick_points);
        --seat_tricks_[ply.winner];
        ++tricks_left_;
        leader_ = ply.leader_before;
        trick_ = ply.trick_before;
        trick_size_ = setup_.seats;
        // Plays of the next trick reused the pending-reveal slots: rebuild them from the trick's cards.
        int n = 0;
        for (int i = 0; tableau_ && i < setup_.seats; ++i)
            if (beneath_[trick_[i]] != no_card) {
                pending_seat_[n] = static_cast<std::int8_t>(wrap(leader_ + i));
                pending_lower_[n++] = beneath_[trick_[i]];
            }
    }
    --trick_size_;
    hands_[wrap(leader_ + trick_size_)] |= 1u << ply.card;
    win_pos_ = ply.win_pos_before;
    pending_ = ply.pending_before;
    awaiting_ = ply.awaiting_before;
}

}  // namespace belote::ai
