#pragma once
// The card room's rules around a match (docs/room.md): who may stake, what each seat stakes, how a
// finished match is settled (pot, house cut, the split between partners), what a cancel refunds,
// the XP of each seat and the level curve. Pure functions: the server turns their transfers into
// ledger entries (server/store) in the same transaction as the match result.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "platform/rating.hpp"

namespace belote::platform {

/// The house's share of a pot, in percent (rounded down to the chip: docs/room.md "Chips").
inline constexpr int house_cut_percent = 10;

/// The abandons that count towards a cool-down are those of this long up to the last one (docs/room.md
/// "Cool-down after abandoning").
inline constexpr std::int64_t cooldown_window_ms = 7LL * 86'400'000;

/// A player who abandoned competitive matches may not sit at (or start) a competitive table before
/// `until` (epoch ms): `abandons` abandons within the 7 days up to the last one.
struct Cooldown {
    std::int64_t until = 0;
    int abandons = 0;
    bool operator==(const Cooldown&) const = default;
};

/// The cool-down of a player whose competitive abandons happened at `abandons_ms` (epoch ms, any
/// order), if it still runs at `now_ms`. With n abandons within the 7 days up to the last one: n = 1
/// none, 2: 15 minutes from the last, 3: 1 hour, 4: 6 hours, 5 or more: 24 hours (docs/room.md).
std::optional<Cooldown> cooldown_after(std::vector<std::int64_t> abandons_ms, std::int64_t now_ms);

/// `ms` (epoch ms) rounded up to the minute, as "2027-01-15 08:15 UTC" (the cool-down's messages).
std::string utc_minute(std::int64_t ms);

/// What a table knows of a seated human's standing in the card room (docs/room.md "Who takes part"):
/// read by the server when the player sits and at each start, and kept up to date with what the
/// matches at this table move. It shows the player's level and who cannot cover the stake.
struct SeatStanding {
    bool registered = false;  ///< false for a guest
    std::int64_t chips = 0;   ///< the wallet's balance (0 for a guest)
    std::int64_t xp = 0;
    bool operator==(const SeatStanding&) const = default;
};

/// A seated player's standing in the card room when it sits or the chief starts a match (the server
/// reads it from the store and puts it in the Sit or Start command).
struct Standing {
    std::string player_id;
    std::string name;         ///< as shown at the table (for the refusal's message)
    bool registered = false;  ///< false for a guest
    std::int64_t chips = 0;   ///< the wallet's balance
    std::string address;      ///< the client's IP address (docs/room.md "Same address")
    Rating rating{};          ///< in the table's variant (a new player's when none)
    std::int64_t xp = 0;
    std::optional<Cooldown> cooldown{};  ///< running when the server read it (docs/room.md "Cool-down")
    bool operator==(const Standing&) const = default;
    SeatStanding seat_standing() const { return {registered, registered ? chips : 0, xp}; }
};

/// Why a seat cannot take part in a competitive match with a stake (the wire names in parentheses).
enum class Shortfall : std::uint8_t {
    Robot,  ///< ("robot") a robot sits there
    Guest,  ///< ("guest") a guest sits there
    Chips,  ///< ("chips") its player has fewer chips than the stake
};
/// The wire name of `s`.
const char* to_string(Shortfall s);

/// A seat that cannot cover the stake, as a table shows it before the start.
struct CannotCover {
    int seat = 0;
    Shortfall why = Shortfall::Robot;
    std::int64_t chips = 0;  ///< the player's chips (Chips only)
    bool operator==(const CannotCover&) const = default;
};

/// Why a competitive match (or one seat of it) moves nothing; the wire names in parentheses.
enum class Unmoved : std::uint8_t {
    None,         ///< it counts
    Practice,     ///< ("practice") the table is not competitive
    SameAddress,  ///< ("same_ip") two players at the table share an IP address
    Guest,        ///< ("guest") a guest earns nothing
    Robot,        ///< ("robot") a robot sat in the seat when the match began
    Abandoned,    ///< ("abandoned") the player abandoned: the stake stays in the pot, no XP
    Cancelled,    ///< ("cancelled") the match was cancelled by agreement
};
/// The wire name of `u` ("" for None).
const char* to_string(Unmoved u);

struct MatchTerms;
struct Lineup;
/// Why a whole match moves nothing: Practice, SameAddress, Robot (a robot sat in a seat when it
/// began: docs/room.md "Robots"), or None.
Unmoved unmoved_of(const MatchTerms& terms, const Lineup& lineup);

/// What the room decided about a match when it began (journaled with MatchBegun).
struct MatchTerms {
    bool competitive = false;
    int stake = 0;                 ///< chips per staking seat
    bool same_address = false;     ///< two players shared an IP address: nothing moves
    std::array<bool, 4> counts{};  ///< the seat's player is registered (takes part)
    /// The match moves the ratings: competitive, not same address, a registered player in every seat.
    bool rated = false;
    std::array<Rating, 4> ratings{};  ///< each seat's rating when the match began (when rated)
    bool operator==(const MatchTerms&) const = default;
    /// True when seat `seat` stakes: competitive, not same address, a registered player, stake > 0.
    bool stakes(int seat) const { return competitive && !same_address && counts[seat] && stake > 0; }
    /// Why seat `seat` earns nothing at all, whatever the result (None: it may): `robot_seat` when a
    /// robot sits in it, `robot_match` when one sits in any seat.
    Unmoved unmoved(int seat, bool robot_seat, bool robot_match) const;
};

/// A movement of chips between two ledger accounts (docs/room.md "Ledger"): `wallet:<player>`,
/// `escrow:<match>`, `house`, `source:start`, `source:topup`.
struct Transfer {
    std::string key;  ///< idempotency key: "<match>:<seat>:<kind>" (seat "house" for the cut)
    std::string from;
    std::string to;
    std::int64_t amount = 0;  ///< > 0
    bool operator==(const Transfer&) const = default;
};

/// What one seat got from a match.
struct SeatOutcome {
    int seat = 0;
    std::optional<std::string> player_id;  ///< none for a robot
    std::int64_t chips = 0;                ///< net change of the wallet over the match (stake included)
    int xp = 0;
    bool won = false;
    bool abandoned = false;
    Unmoved why = Unmoved::None;                        ///< why nothing moved for this seat
    std::optional<Rating> rating_before, rating_after;  ///< when the match moved the ratings
    /// When something moved for the seat but not its rating, why: Guest (a guest at the table) or
    /// Abandoned (someone abandoned: a robot played a seat to the end).
    Unmoved unrated = Unmoved::None;
    bool operator==(const SeatOutcome&) const = default;
};

/// The transfers and per-seat outcome of one step of a match's money (its start, end or cancel).
struct Settlement {
    std::vector<Transfer> transfers;
    std::vector<SeatOutcome> seats;
};

/// The players of a match by seat (none: a robot) and their side (team at four seats, else seat).
struct Lineup {
    std::string match_id;
    int seats = 0;
    std::array<std::optional<std::string>, 4> players{};
    bool partnership() const { return seats == 4; }
    int side(int seat) const { return partnership() ? seat % 2 : seat; }
    /// True when a robot sat in a seat when the match began (not a robot playing for a human).
    bool has_robot() const {
        for (int s = 0; s < seats; ++s)
            if (!players[s]) return true;
        return false;
    }
};

/// Why a competitive match may not begin.
enum class TermsRefusal : std::uint8_t {
    CannotStake,  ///< someone cannot cover the stake, or their chips could not be read
    CoolingDown,  ///< someone is cooling down after abandoning (docs/room.md "Cool-down")
};

/// The terms of a match about to begin, or the reason it may not (a message for people naming
/// every player who cannot take part). `standings` must hold every seated human; `players[s]` is the
/// seat's player id (none: robot).
struct TermsOrRefusal {
    std::optional<MatchTerms> terms;
    std::string refusal;
    TermsRefusal reason = TermsRefusal::CannotStake;
    std::optional<std::int64_t> until;  ///< CoolingDown: when the last cool-down named ends (epoch ms)
};
TermsOrRefusal match_terms(bool competitive, int stake, const Lineup& lineup, const std::vector<Standing>& standings);

/// The escrow account of a match.
std::string escrow_of(const std::string& match_id);
/// The wallet account of a player.
std::string wallet_of(const std::string& player_id);

/// The stakes a match takes when it begins: wallet -> escrow for each staking seat.
Settlement stake(const Lineup& lineup, const MatchTerms& terms);

/// Settles a finished match won by side `winner` (docs/room.md "Chips", "XP", "Abandoning"): the
/// house takes floor(pot × 10 / 100), the rest is split evenly between the winning side's players who
/// did not abandon (a chip left over goes to the lowest seat); when all of them abandoned, it goes
/// to the other players who did not, the same way; when everyone abandoned, to the house. XP: a
/// winner 10 × seats (20 each at four), a loser 5, an abandoner 0. Ratings move (rate_match) when
/// the terms are rated and nobody abandoned (a robot then played a seat to the end).
Settlement settle(const Lineup& lineup, const MatchTerms& terms, int winner, const std::array<bool, 4>& abandoned);

/// A cancel by agreement: every stake goes back, except an abandoner's, which the house keeps.
Settlement refund(const Lineup& lineup, const MatchTerms& terms, const std::array<bool, 4>& abandoned);

/// The XP needed to reach `level` (1, 2, ...): 25 × level × (level − 1): 0, 50, 150, 300, 500, ...
std::int64_t xp_for_level(int level);
/// The level of a player with `xp` (1 at 0 XP).
int level_of(std::int64_t xp);

}  // namespace belote::platform
