#include "ai/position.hpp"

#include <bit>

namespace belote::ai {
Position::Position(const PlaySetup& setup, const std::array<CardSet, max_seats>& hands, Seat leader, int tricks_played,
                   std::array<int, 2> points, std::array<int, 2> tricks_won)
    : setup_(setup), leader_(leader), points_(points), tricks_won_(tricks_won) {
    for (int s = 0; s < max_seats; ++s) hands_[s] = hands[s].bits();
    beneath_.fill(no_card);
    tricks_left_ = setup.tricks_per_deal - tricks_played;
}

void Position::add_pending_reveal(Seat seat, std::int8_t lower) {
    pending_seat_[pending_] = static_cast<std::int8_t>(seat);
    pending_lower_[pending_] = lower;
    ++pending_;
}

void Position::push_played_cover(int card, std::int8_t lower) {
    const Seat seat = to_play();
    beneath_[card] = lower;
    tableau_ |= lower != no_card;
    if (lower != no_card) add_pending_reveal(seat, lower);
    push_trick_card(card);
}

int Position::capot_state() const {
    int played = setup_.tricks_per_deal - tricks_left_;
    return (tricks_won_[0] == played ? 1 : 0) | (tricks_won_[1] == played ? 2 : 0);
}

Seat Position::reveal(int card) {
    const Seat s = awaiting_seat_[--awaiting_];
    hands_[s] |= 1u << card;
    pool_ &= ~(1u << card);
    return s;
}

void Position::unreveal(int card, Seat seat) {
    // Deeper trick ends may have reused the slot: restore it from the caller's record.
    awaiting_seat_[awaiting_++] = static_cast<std::int8_t>(seat);
    hands_[seat] &= ~(1u << card);
    pool_ |= 1u << card;
}

}  // namespace belote::ai
