#pragma once
// A trick in play and its winner (docs/rules.md §1.3).

#include <array>

#include "engine/contract.hpp"

namespace belote {

/// Seats are numbered 0..n-1 in play order (docs/design.md); 4 players: teams {0,2} and {1,3}.
using Seat = int;
/// A partnership: 0 = seats 0 and 2, 1 = seats 1 and 3 (2-player games: team = seat).
using Team = int;
constexpr Team team_of(Seat seat) { return seat % 2; }
/// The side `seat` plays for at a table of `seats` players: its partnership at four (team_of), itself
/// at two or three (docs/rules.md §1.1, §7). A Side as in engine/sides.hpp.
constexpr int side_of(Seat seat, int seats) { return seats == 4 ? team_of(seat) : seat; }
/// How many sides a table of `seats` players has: 2 partnerships at four, else one per player.
constexpr int side_count(int seats) { return seats == 4 ? 2 : seats; }

/// Tricks in a deal at four or three players: 8 cards each (§1.1, §7).
inline constexpr int tricks_per_deal = 8;
/// Tricks in a Découverte deal: each player plays his 8 hand cards and 8 tableau cards (§6.5).
inline constexpr int decouverte_tricks_per_deal = 16;

/// The cards played to one trick, in play order, starting with the leader.
class Trick {
public:
    Trick() = default;
    /// A new empty trick led by `leader` at a table of `players` (2, 3 or 4).
    Trick(Seat leader, int players) : leader_(leader), players_(players) {}

    Seat leader() const { return leader_; }
    int players() const { return players_; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool complete() const { return size_ == players_; }
    Card card(int i) const { return cards_[i]; }
    /// Seat that played the i-th card.
    Seat seat(int i) const { return (leader_ + i) % players_; }
    /// Seat that plays next (meaningless once complete).
    Seat next_seat() const { return seat(size_); }
    Suit led_suit() const { return cards_[0].suit(); }
    void add(Card c) { cards_[size_++] = c; }
    CardSet cards() const;

    /// Index (0..size-1) of the card that currently wins under `contract`; the trick must not be empty.
    /// docs/rules.md §1.3: highest trump, else the highest card of the suit led; TA ranks the led suit as trump.
    int winning_index(const Contract& contract) const;
    Seat winner(const Contract& contract) const { return seat(winning_index(contract)); }
    /// Sum of the card points of the cards played (no last-trick bonus).
    int points(const Contract& contract) const;

private:
    std::array<Card, 4> cards_{};
    Seat leader_ = 0;
    int players_ = 4;
    int size_ = 0;
};

}  // namespace belote
