#pragma once
// Announcements (melds): carrés and sequences, their ranking and which side scores them
// (docs/rules.md §3.1–§3.3; reused by Coinche §4.3).

#include <array>
#include <optional>
#include <vector>

#include "engine/contract.hpp"
#include "engine/options.hpp"
#include "engine/trick.hpp"

namespace belote {

/// Kind of combination; the order matters for the §3.3 key (a carré beats an equal-points sequence).
enum class MeldKind : std::uint8_t { Sequence = 0, Carre = 1 };

/// One combination found in a hand.
struct Meld {
    MeldKind kind = MeldKind::Sequence;
    Rank top = Rank::Seven;    ///< carré: its rank; sequence: its top card in natural order (§1.2)
    Suit suit = Suit::Spades;  ///< sequences only
    int length = 0;            ///< cards in the combination (4 for a carré, 3..8 for a sequence)
    int points = 0;            ///< §3.1 value
    CardSet cards;
    bool operator==(const Meld&) const = default;
};

/// The §3.3 ranking key (points, kind, height, trump), compared lexicographically.
struct MeldKey {
    int points = 0, kind = 0, height = 0, trump = 0;
    auto operator<=>(const MeldKey&) const = default;
};

/// The combinations of one seat.
struct SeatMelds {
    Seat seat = 0;
    std::vector<Meld> melds;
    bool operator==(const SeatMelds&) const = default;
};

/// Canonical decomposition of `hand` (§3.1): scoring carrés first (J, 9, A, 10, K, Q; not 8s or 7s),
/// then runs of ≥ 3 consecutive cards of a suit in natural order among the remaining cards. Each
/// card serves in one combination only, unless `card_reuse` (§9 meld_card_reuse): then the runs are
/// looked for among all the cards, so a card of a carré may also be in a sequence. `long_run`
/// decides how runs of 6–8 cards count.
std::vector<Meld> find_melds(CardSet hand, MeldLongRun long_run, bool card_reuse = false);
/// find_melds with the options of `rules` (long run and card reuse).
std::vector<Meld> find_melds(CardSet hand, const MeldRules& rules);

/// What everybody hears when a player announces a combination (§3.2, melds = manual): its kind,
/// length and points, not its cards (those are shown at trick 2 only by the side that scores).
struct MeldCall {
    MeldKind kind = MeldKind::Sequence;
    int length = 0;
    int points = 0;
    bool operator==(const MeldCall&) const = default;
};
/// The public form of a combination.
MeldCall call_of(const Meld& meld);

/// The combinations of `melds` whose cards all lie in `announced` (§3.2 manual: a Declare action's
/// cards), in the order of `melds`. Returns nullopt when those combinations' cards are not exactly
/// `announced` (the announcement is not a set of the seat's combinations).
std::optional<std::vector<Meld>> announced_melds(const std::vector<Meld>& melds, CardSet announced);

/// §3.3 key of `meld` under `contract` (the trump component applies only to a suit contract).
MeldKey meld_key(const Meld& meld, const Contract& contract);

/// Outcome of comparing the sides' combinations (§3.3).
struct MeldResolution {
    std::optional<Team> winner;   ///< side whose combinations count; nullopt = nobody (none, or cancelled tie)
    std::array<int, 2> points{};  ///< counted combination points per side (at most one non-zero)
    bool operator==(const MeldResolution&) const = default;
};

/// Decides which side scores its combinations. `melds[s]` are seat s's combinations (4 seats);
/// `first_player` leads trick 1, used by equal_meld_tiebreak = first_in_play_order.
MeldResolution resolve_melds(const std::array<std::vector<Meld>, 4>& melds, const Contract& contract, Seat first_player,
                             EqualMeldTiebreak tiebreak);

/// Readable name: "carré of J", "tierce to K♠"-style ("tierce KS", "quinte AH", "carre J").
std::string to_string(const Meld& meld);

}  // namespace belote
