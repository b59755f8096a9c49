#pragma once
// A Découverte tableau: 8 piles, each a face-down card under a face-up card (docs/rules.md §6.1, §6.4).

#include <array>
#include <optional>

#include "engine/card.hpp"
#include "engine/deck.hpp"
#include "engine/options.hpp"

namespace belote {

inline constexpr int tableau_piles = 8;

/// What anyone may see of one pile: its face-up top card, and how many face-down cards it holds
/// (0 or 1). A face-down card is only "a card is here": its identity never appears (docs/design.md inv. 2).
struct PileView {
    std::optional<Card> face_up;
    int face_down = 0;
    bool operator==(const PileView&) const = default;
};
using TableauView = std::array<PileView, tableau_piles>;

/// One player's tableau (engine-side, knows the face-down cards).
class Tableau {
public:
    /// Puts `card` face down on pile `pile` (empty pile).
    void place_down(int pile, Card card);
    /// Covers pile `pile` with `card` face up.
    void place_up(int pile, Card card);

    /// Cards the owner may play now: face-up pile tops, minus cards turned up during this trick (§6.4).
    CardSet available() const { return face_up_ - locked_; }
    /// Every face-up card still in the tableau (available or turned up during the current trick).
    CardSet face_up() const { return face_up_; }
    /// Face-down cards still hidden.
    CardSet face_down() const { return face_down_; }
    int cards_left() const { return face_up_.size() + face_down_.size(); }

    /// Removes the available card `card`; returns its pile. The card beneath (if any) stays face down.
    int play(Card card);
    /// Turns up the face-down card of `pile`, if any, and returns it. `locked`: not playable until
    /// unlock() (a card turned up during a trick cannot answer it, §6.4).
    std::optional<Card> reveal(int pile, bool locked);
    /// End of a trick: cards turned up during it become available.
    void unlock() { locked_ = CardSet{}; }

    TableauView view() const;

private:
    std::array<std::array<std::optional<Card>, 2>, tableau_piles> piles_{};  // [pile][0 = lower, 1 = upper]
    CardSet face_up_, face_down_, locked_;
};

/// Deals both tableaux from `deck` (§6.2). Index 0 = non-dealer, 1 = dealer. The indicator is deck[31],
/// the dealer's last face-up card, in both deal orders.
std::array<Tableau, 2> deal_tableaux(const Deck& deck, DecouverteDealOrder order);

}  // namespace belote
