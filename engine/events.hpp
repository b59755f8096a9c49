#pragma once
// Events a match emits, and their per-observer form (docs/design.md invariant 2).

#include <array>
#include <optional>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/coinche_auction.hpp"
#include "engine/melds.hpp"
#include "engine/options.hpp"
#include "engine/scoring.hpp"
#include "engine/tableau.hpp"

namespace belote {

/// Who looks at the match: one seat, or a spectator (public information only).
struct Observer {
    std::optional<Seat> seat;  ///< nullopt = spectator
    static Observer of_seat(Seat s) { return {s}; }
    static Observer spectator() { return {}; }
    bool sees_seat(Seat s) const { return seat && *seat == s; }
};

/// Per-seat private cards: an entry is nullopt in an observer's copy unless it is that observer's.
using PrivateHands = std::array<std::optional<CardSet>, 4>;

struct MatchStarted {
    MatchOptions options;
    Seat first_dealer = 0;
};
/// A deal starts: the first packets are dealt (classic: 5 cards each) and the turn-up is shown.
/// Coinche: all 8 cards, no turn-up. Découverte: `turn_up` is the indicator (it stays in the dealer's
/// tableau), `hands` are all nullopt (no hands; see TableauxDealt), `hand_sizes` = 16.
struct DealStarted {
    int deal_number = 0;
    Seat dealer = 0;
    std::optional<Card> turn_up;
    PrivateHands hands;
    std::array<int, 4> hand_sizes{};
};
/// One auction call (take, pass, name a suit...).
struct AuctionCall {
    Seat seat = 0;
    Action action;
};
/// Everyone passed twice: no score, the deal is dealt again by `next_dealer` (§2.3).
struct DealThrownIn {
    Seat next_dealer = 0;
};
/// The contract is settled and the hands completed (classic: taker turn-up + 2, others 3).
/// Coinche: `taker` is the last bidder, `bid_value` the contract (250 = capot), `contre_level`
/// 0 plain / 1 contré / 2 surcontré; hands are unchanged. Découverte: no hands (all nullopt).
struct ContractSettled {
    Seat taker = 0;
    Contract contract;
    PrivateHands hands;
    int bid_value = 0;
    int contre_level = 0;
};
/// A seat must act. `legal` is that seat's own information (its hand shows through it).
struct TurnStarted {
    Seat seat = 0;
    bool auction = true;
    std::optional<std::vector<Action>> legal;
};
struct CardPlayed {
    Seat seat = 0;
    Card card;
    BeloteCall belote = BeloteCall::None;
};
struct TrickWon {
    int trick_number = 0;
    Seat winner = 0;
    Trick trick;
    int points = 0;
};
/// A deal is scored; `totals` are the match totals after it, by side.
struct DealScored {
    int deal_number = 0;
    DealScore score;
    SideValues totals{};
};
/// The match is over (§8): `winner` is a side (a team at four, a seat at two or three).
struct MatchEnded {
    Side winner = 0;
    SideValues totals{};
};

/// Start of trick 1 with announcements (CL1, CO; §3.2 auto): each seat's combinations, found from its
/// 8 cards. Private: an observer's copy keeps only its own entry.
struct MeldsFound {
    std::array<std::optional<std::vector<Meld>>, 4> melds;
};
/// Start of trick 2: the side whose combinations count shows them (§3.2, §3.3). Public. Not emitted
/// when nobody scores (no combination, or a cancelled tie); the losing side's stay hidden.
struct MeldsShown {
    Team team = 0;
    std::vector<SeatMelds> melds;
    int points = 0;
};
/// Découverte (§6.2): both tableaux after the deal, indexed by seat. Public; face-down cards appear
/// only as counts.
struct TableauxDealt {
    std::array<TableauView, 2> tableaux{};
};
/// Découverte (§6.4): the face-down card of `seat`'s pile `pile` is turned face up. Public.
struct CardRevealed {
    Seat seat = 0;
    int pile = 0;
    Card card;
};

/// melds = manual (§3.2): `seat` announced these combinations (kind, length, points; no cards) in
/// trick 1, just before playing its card. Public. Empty `melds`: the seat announced nothing.
struct MeldsDeclared {
    Seat seat = 0;
    std::vector<MeldCall> melds;
};

// New event types go at the end (protocol code visits this variant).
using Event =
    std::variant<MatchStarted, DealStarted, AuctionCall, DealThrownIn, ContractSettled, TurnStarted, CardPlayed,
                 TrickWon, DealScored, MatchEnded, MeldsFound, MeldsShown, TableauxDealt, CardRevealed, MeldsDeclared>;

/// The form of `event` that `observer` may see: other seats' hands and other seats' legal actions
/// removed. The only way engine events should reach a client (docs/design.md invariant 2).
Event project(const Event& event, const Observer& observer);

}  // namespace belote
