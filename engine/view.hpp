#pragma once
// What one observer may know of a match at a moment (docs/design.md invariant 2).

#include <optional>
#include <vector>

#include "engine/events.hpp"

namespace belote {

/// The phase a match is in. Between deals there is no phase: scoring and the next deal happen at once.
enum class Phase : std::uint8_t { NotStarted, Auction, Play, Finished };

/// An observer's view. A seat sees its own hand and its own legal actions; a spectator sees neither.
/// Arrays indexed by seat have `seats` meaningful entries; SideValues have one entry per side
/// (side_count(seats)).
struct View {
    Observer observer;
    MatchOptions options;
    int seats = 4;
    Phase phase = Phase::NotStarted;
    int deal_number = 0;  ///< 1-based; 0 before the first deal
    Seat dealer = 0;
    std::optional<Card> turn_up;  ///< the proposed trump (classic), shown until the hands are completed
    CardSet hand;                 ///< the observer's own cards (empty for a spectator)
    std::array<int, 4> hand_sizes{};
    int auction_round = 1;
    std::vector<AuctionCall> auction;  ///< calls of the current deal, in order
    std::optional<Seat> taker;
    std::optional<Contract> contract;
    std::optional<Seat> belote_seat;  ///< seat that has announced belote this deal
    Trick trick;                      ///< the trick in play (may be empty)
    std::optional<Trick> last_trick;
    int tricks_played = 0;
    SideValues tricks_won{};       ///< by side (a team at four, a seat at two or three)
    SideValues card_points_won{};  ///< card points of the tricks won so far this deal (public)
    SideValues totals{};
    int escrow = 0;
    std::optional<Seat> to_act;
    std::vector<Action> legal;       ///< the observer's own legal actions (to act, or a contre out of turn)
    std::vector<DealScore> history;  ///< scores of the completed deals
    std::optional<Side> winner;      ///< set when the match is finished

    // Coinche (§4.2): the standing bid, contre level (0 / 1 contré / 2 surcontré) and who contred.
    std::optional<CoincheBid> bid;
    int contre_level = 0;
    std::optional<Seat> contrer;
    // Announcements (CL1, CO §3.2): the observer's own combinations this deal, and, from trick 2, the
    // combinations shown by the side that scores them.
    std::vector<Meld> own_melds;
    std::optional<Team> meld_winner;
    std::vector<SeatMelds> shown_melds;
    SideValues meld_points{};  ///< counted combination points, public from trick 2
    /// melds = manual (§3.2): what each seat announced in trick 1 (nullopt = not yet), indexed by seat.
    std::array<std::optional<std::vector<MeldCall>>, 4> declared_melds{};
    /// Seat that announced belote in each suit (TA may have several), indexed by Suit.
    std::array<std::optional<Seat>, 4> belote_by_suit{};
    /// Découverte (§6.4): both tableaux, indexed by seat; face-down cards only as counts.
    std::vector<TableauView> tableaux;
    /// The completed tricks of the current deal, in play order, each with its leader (public: every
    /// seat saw them played). Empty before the first trick is complete. Used by robots (ai/).
    std::vector<Trick> tricks;
    /// The turn-up (classic) or indicator (Découverte) of the current deal, kept after the auction
    /// (public: it was shown to everyone; in classic it went to the taker, §2.2). Unset in Coinche.
    std::optional<Card> deal_turn_up;
};

}  // namespace belote
