#pragma once
// The match state machine: deals, auction, play, scoring and the end of the match (docs/rules.md §1, §2, §8).

#include <deque>
#include <string>
#include <vector>

#include "engine/coinche_auction.hpp"
#include "engine/deck.hpp"
#include "engine/melds.hpp"
#include "engine/tableau.hpp"
#include "engine/view.hpp"

namespace belote {

/// Why an action was refused. The match is unchanged when an action is refused.
enum class RejectReason : std::uint8_t { None, NotStarted, MatchOver, NotYourTurn, IllegalAction };

/// Result of Match::apply: either a refusal (reason + readable message that reveals nothing hidden)
/// or the events the action produced, in order, in their full (unprojected) form.
struct ApplyResult {
    RejectReason reason = RejectReason::None;
    std::string message;
    std::vector<Event> events;
    bool ok() const { return reason == RejectReason::None; }
};

/// Why an action would be refused: the reason and a readable message that reveals nothing hidden.
struct Rejection {
    RejectReason reason = RejectReason::None;
    std::string message;
};

/// docs/rules.md §8: after a completed deal, the winner is the side with the strictly highest total
/// once at least one side has reached `target`; nullopt while nobody has reached it or the highest
/// total is shared. `totals` has one entry per side (2 or 3).
std::optional<Side> match_winner(const SideValues& totals, int target);

/// One deal as played: the deck after the cut and who dealt it (for game records and replays).
struct DealRecord {
    Seat dealer = 0;
    Deck deck{};
};

/// A whole match. Deterministic: the same options, seed and accepted actions give the same deals,
/// events and scores (docs/design.md invariant 1). Not thread-safe; one owner (the table strand) uses it.
class Match {
public:
    /// `options` must be valid (see validate()); throws std::invalid_argument otherwise.
    Match(MatchOptions options, std::uint64_t seed);

    /// Deals the first deal, dealt by `first_dealer` or, when unset, by a seat drawn from the seed
    /// (§2.1). Returns the events produced. Later calls do nothing and return no events.
    std::vector<Event> start(std::optional<Seat> first_dealer = std::nullopt);
    /// Makes the next deal use `deck` (already cut, top card first) instead of preparing one from the
    /// seed. Decks queue up in order. Used to replay game records and to set up worked examples.
    void preset_deck(const Deck& deck) { preset_decks_.push_back(deck); }
    /// Applies `action` for `seat`. Refused (state unchanged) when not started, finished, not that
    /// seat's turn (and not a contre it may say out of turn), or not among legal_actions(seat).
    ApplyResult apply(Seat seat, const Action& action);
    /// Whether apply(seat, action) would be refused now, and why; nullopt when it would be accepted.
    /// Does not allocate in the play phase (the card is looked up in the legal card set).
    std::optional<Rejection> check(Seat seat, const Action& action) const;

    /// The seat expected to act, if any.
    std::optional<Seat> to_act() const;
    /// The actions `seat` may take now; empty when it is not that seat's turn, except a contre out
    /// of turn (coinche_contre_timing = any_time, docs/rules.md §4.2).
    std::vector<Action> legal_actions(Seat seat) const;
    /// What `observer` may know now.
    View view(const Observer& observer) const;

    const MatchOptions& options() const { return options_; }
    std::uint64_t seed() const { return seed_; }
    int seats() const { return seats_; }
    Phase phase() const { return phase_; }
    bool finished() const { return phase_ == Phase::Finished; }
    std::optional<Side> winner() const { return winner_; }
    /// Match totals by side (a team at four, a seat at two or three).
    const SideValues& totals() const { return totals_; }
    /// Number of sides: 2 partnerships at four, else one per player.
    int sides() const { return side_count(seats_); }
    const std::vector<DealScore>& history() const { return history_; }
    const std::vector<DealRecord>& deal_records() const { return deal_records_; }
    /// Cards of `seat` now (engine-side; the server never sends this except through a view).
    /// Découverte: the seat's tableau cards, face-down ones included.
    CardSet hand(Seat seat) const {
        return is_decouverte() ? deal_.tableaux[seat].face_up() | deal_.tableaux[seat].face_down() : deal_.hands[seat];
    }
    /// Découverte: the face-down cards of `seat` still hidden (engine-side, for tests and records).
    CardSet face_down(Seat seat) const { return is_decouverte() ? deal_.tableaux[seat].face_down() : CardSet{}; }
    /// Contract of the deal in play, once settled.
    std::optional<Contract> contract() const { return deal_.contract; }

private:
    struct DealState {
        int number = 0;
        Seat dealer = 0;
        Deck deck{};
        int next_card = 0;  // index of the next card to deal from `deck`
        std::array<CardSet, 4> hands{};
        std::optional<Card> turn_up;
        int auction_round = 1;
        std::vector<AuctionCall> calls;
        int passes_in_round = 0;
        std::optional<Seat> taker;
        std::optional<Contract> contract;
        std::array<std::optional<Seat>, 4> belote_called{};     // per suit: has announced belote
        std::optional<Seat> belote_seat;                        // first belote announced
        std::optional<CoincheAuction> coinche;                  // CO auction
        std::array<Tableau, 2> tableaux{};                      // DE, indexed by seat
        std::array<std::pair<Seat, int>, 2> pending_reveals{};  // DE: (seat, pile) to turn after the trick
        int pending_count = 0;
        std::array<std::vector<Meld>, 4> melds{};                     // combinations found at the start of trick 1
        std::array<std::optional<std::vector<Meld>>, 4> announced{};  // melds = manual: what each seat declared
        MeldResolution meld_result;
        std::vector<SeatMelds> shown_melds;
        Trick trick;
        std::optional<Trick> last_trick;
        std::vector<Trick> tricks;
        std::optional<Seat> turn;
        DealTally tally;
    };

    bool is_coinche() const { return options_.variant == Variant::Coinche; }
    bool is_decouverte() const { return options_.variant == Variant::Decouverte; }
    int tricks_per_deal() const { return is_decouverte() ? decouverte_tricks_per_deal : belote::tricks_per_deal; }
    Seat next(Seat s) const { return (s + 1) % seats_; }
    Seat eldest() const { return next(deal_.dealer); }
    void start_deal(Seat dealer, std::vector<Event>& out);
    Deck prepare_deck();
    void deal_packets(std::vector<int> packet_sizes);
    void apply_auction(Seat seat, const Action& action, std::vector<Event>& out);
    void settle_contract(Seat taker, Contract contract, std::vector<Event>& out);
    void begin_play(std::vector<Event>& out);
    void find_melds(std::vector<Event>& out);
    bool is_belote_suit(Suit suit) const;
    CardSet belote_cards(Seat seat) const;
    bool belote_possible(Seat seat, Card card) const;
    bool rebelote_possible(Seat seat, Card card) const;
    bool awaiting_declaration(Seat seat) const;
    std::vector<Action> declare_actions(Seat seat) const;
    std::vector<Action> play_actions(Seat seat) const;
    void apply_declare(Seat seat, const Action& action, std::vector<Event>& out);
    void award_escrow_to_creators(DealScore& score) const;
    void show_melds(std::vector<Event>& out);
    DealScore score_deal() const;
    Seat next_dealer_after(const DealScore& score) const;
    void throw_in(std::vector<Event>& out);
    // Coinche (match_coinche.cpp)
    void start_coinche_deal(std::vector<Event>& out);
    void apply_coinche_auction(Seat seat, const Action& action, std::vector<Event>& out);
    // Découverte (match_decouverte.cpp)
    void start_decouverte_deal(std::vector<Event>& out);
    void play_from_tableau(Seat seat, const Action& action, std::vector<Event>& out);
    void reveal_after_trick(std::vector<Event>& out);
    CardSet playable(Seat seat) const;
    void apply_play(Seat seat, const Action& action, std::vector<Event>& out);
    BeloteCall belote_call(Seat seat, const Action& action);
    void finish_trick(std::vector<Event>& out);
    void finish_deal(std::vector<Event>& out);
    void announce_turn(Seat seat, std::vector<Event>& out);
    std::vector<Action> auction_actions() const;

    MatchOptions options_;
    std::uint64_t seed_;
    Rng rng_;
    int seats_;
    Phase phase_ = Phase::NotStarted;
    DealState deal_;
    std::optional<Deck> gathered_;   // cards of the last deal in gathering order (shuffle_once_then_cut)
    std::deque<Deck> preset_decks_;  // decks given by preset_deck(), used before any prepared deck
    SideValues totals_{};
    int escrow_ = 0;
    SideValues escrow_by_side_{};  // who put the pending escrow there (escrow_at_match_end)
    std::vector<DealScore> history_;
    std::vector<DealRecord> deal_records_;
    std::optional<Side> winner_;
};

}  // namespace belote
