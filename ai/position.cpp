#include "ai/position.hpp"

#include <bit>

namespace belote::ai {
namespace {
constexpr int last_trick_bonus = 10;
constexpr int capot_last_trick_bonus = 100;
}  // namespace

Position::Position(const PlaySetup& setup, const std::array<CardSet, max_seats>& hands, Seat leader, int tricks_played,
                   std::array<int, 2> points, std::array<int, 2> tricks_won)
    : setup_(setup), leader_(leader), points_(points), tricks_won_(tricks_won) {
    for (int s = 0; s < max_seats; ++s) hands_[s] = hands[s].bits();
    beneath_.fill(no_card);
    tricks_left_ = setup.tricks_per_deal - tricks_played;
}

void Position::push_trick_card(int card) {
    if (trick_size_ == 0 || tables().beats(card, trick_[win_pos_])) win_pos_ = trick_size_;
    trick_[trick_size_++] = static_cast<std::int8_t>(card);
}

void Position::add_pending_reveal(Seat seat, std::int8_t lower) {
    pending_seat_[pending_] = static_cast<std::int8_t>(seat);
    pending_lower_[pending_] = lower;
    ++pending_;
}

void Position::push_played_cover(int card, std::int8_t lower) {
    const Seat seat = to_play();
    beneath_[card] = lower;
    if (lower != no_card) add_pending_reveal(seat, lower);
    push_trick_card(card);
}

int Position::capot_state() const {
    int played = setup_.tricks_per_deal - tricks_left_;
    return (tricks_won_[0] == played ? 1 : 0) | (tricks_won_[1] == played ? 2 : 0);
}

std::uint32_t Position::legal() const {
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

void Position::play(int card) {
    Ply& ply = plies_[ply_count_++];
    const Seat seat = to_play();
    ply.card = static_cast<std::int8_t>(card);
    ply.win_pos_before = static_cast<std::int8_t>(win_pos_);
    ply.pending_before = static_cast<std::int8_t>(pending_);
    ply.awaiting_before = static_cast<std::int8_t>(awaiting_);
    ply.trick_end = false;
    hands_[seat] &= ~(1u << card);
    if (beneath_[card] != no_card) add_pending_reveal(seat, beneath_[card]);
    push_trick_card(card);
    if (trick_size_ == setup_.seats) end_trick(ply);
}

void Position::end_trick(Ply& ply) {
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
    --tricks_left_;
    ply.bonus = 0;
    if (tricks_left_ == 0) {
        ply.bonus = tricks_won_[team] == setup_.tricks_per_deal ? capot_last_trick_bonus : last_trick_bonus;
        points_[team] += ply.bonus;
    }
    // §6.4: covers played in this trick uncover their lower cards, available from the next trick.
    ply.revealed = {no_card, no_card};
    for (int i = 0; i < pending_; ++i) {
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

void Position::undo() {
    Ply& ply = plies_[--ply_count_];
    if (ply.trick_end) {
        for (int i = 0; i < 2; ++i)
            if (ply.revealed[i] != no_card) hands_[ply.revealed_seat[i]] &= ~(1u << ply.revealed[i]);
        const Team team = setup_.team(ply.winner);
        points_[team] -= ply.trick_points + ply.bonus;
        tricks_won_[team] -= 1;
        ++tricks_left_;
        leader_ = ply.leader_before;
        trick_ = ply.trick_before;
        trick_size_ = setup_.seats;
        // Plays of the next trick reused the pending-reveal slots: rebuild them from the trick's cards.
        int n = 0;
        for (int i = 0; i < setup_.seats; ++i)
            if (beneath_[trick_[i]] != no_card) {
                pending_seat_[n] = static_cast<std::int8_t>((leader_ + i) % setup_.seats);
                pending_lower_[n++] = beneath_[trick_[i]];
            }
    }
    --trick_size_;
    hands_[(leader_ + trick_size_) % setup_.seats] |= 1u << ply.card;
    win_pos_ = ply.win_pos_before;
    pending_ = ply.pending_before;
    awaiting_ = ply.awaiting_before;
}

void Position::reveal(int card) {
    const Seat s = awaiting_seat_[--awaiting_];
    hands_[s] |= 1u << card;
    pool_ &= ~(1u << card);
}

void Position::unreveal(int card) {
    const Seat s = awaiting_seat_[awaiting_++];
    hands_[s] &= ~(1u << card);
    pool_ |= 1u << card;
}

}  // namespace belote::ai
