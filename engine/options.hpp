#pragma once
// Match options: variant, target and the rule options of docs/rules.md §9 that the engine implements.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace belote {

/// The game played at a table. docs/rules.md variant ids in brackets.
enum class Variant : std::uint8_t {
    Classic,               ///< [CL0] classic 4-player belote without announcements
    ClassicAnnouncements,  ///< [CL1] classic with carrés and sequences
    Coinche,               ///< [CO]
    Decouverte,            ///< [DE] 2-player tableau belote
    ThreePlayer,           ///< [TR] 3 players, each for himself (docs/rules.md §7)
};

/// Stable lowercase name used on the wire and in records: "classic", "classic_announcements", "coinche",
/// "decouverte", "three_player".
std::string_view to_string(Variant variant);
/// Which variants parse_variant recognises: those the server offers at its tables, or every variant
/// the engine plays. Today the two are the same (three-seat tables play three_player, §7); the scope
/// stays so that a variant can be added to the engine before the server offers it.
enum class VariantScope : std::uint8_t { Offered, All };
/// The variant named `text` (a to_string name) within `scope`; nullopt otherwise.
std::optional<Variant> parse_variant(std::string_view text, VariantScope scope = VariantScope::Offered);
/// Whether the server offers `variant` at its tables (every variant, three_player included).
bool offered_online(Variant variant);
/// Number of seats a variant is played with (4; 2 for Découverte; 3 for three_player).
int seat_count(Variant variant);

/// §9 `partner_winning_trump_restriction`.
enum class PartnerWinningTrumpRestriction : std::uint8_t {
    None,
    NoUndertrumpIfCanOvertrump,
    NoUndertrumpUnlessOnlyTrumps
};

/// §9 `shuffle_policy`.
enum class ShufflePolicy : std::uint8_t { ShuffleEveryDeal, ShuffleOnceThenCut };

/// §9 `escrow_at_match_end` (§2.7, §8): a pending litige escrow is dropped when the match ends, or
/// given back to the sides whose litiges put it there.
enum class EscrowAtMatchEnd : std::uint8_t { Discard, AwardToCreators };

/// §9 `direction` (§1.1). Seats are numbered in play order whatever the direction, so it changes no
/// rule, action, event or score: only where a client draws each seat.
enum class Direction : std::uint8_t { Counterclockwise, Clockwise };

/// §9 `belote_announcement` (§2.5): credited automatically, or said by the player with the first
/// honour (`manual`), or with both honours (`manual_strict`). See Action::belote.
enum class BeloteAnnouncement : std::uint8_t { Auto, Manual, ManualStrict };

/// Belote options (§2.5, §9), with their defaults.
struct BeloteRules {
    BeloteAnnouncement announcement = BeloteAnnouncement::Auto;
    bool king_first = false;  ///< `belote_king_first`: the belote counts only when the king is played first
    bool operator==(const BeloteRules&) const = default;
};

/// The play obligations of docs/rules.md §1.5 that §9 makes optional, with the §9 defaults.
struct PlayRules {
    bool trump_lead_overtake_partner = true;
    bool partner_winning_exemption = true;
    PartnerWinningTrumpRestriction partner_winning_trump_restriction = PartnerWinningTrumpRestriction::None;
    bool must_undertrump = true;
    bool operator==(const PlayRules&) const = default;
};

/// §9 `meld_long_run`: a run of 6–8 cards is one 100-point sequence, or split (8 = quinte + tierce).
enum class MeldLongRun : std::uint8_t { Single100, Split };
/// §9 `equal_meld_tiebreak`.
enum class EqualMeldTiebreak : std::uint8_t { FirstInPlayOrder, Cancel };
/// §9 `failed_contract_melds` and `capot_melds`: counted combinations change hands, or stay with their owner.
enum class MeldTransfer : std::uint8_t { ToWinners, KeptByOwner };
/// §9 `coinche_deal_pattern`.
enum class CoincheDealPattern : std::uint8_t { P323, P332, P233 };
/// §9 `coinche_success`.
enum class CoincheSuccess : std::uint8_t { ReachAndBeat, ReachOnly };
/// §9 `coinche_tie` (undoubled contracts only; a doubled tie always fails, §4.4).
enum class CoincheTie : std::uint8_t { Litige, Fail };
/// §9 `coinche_double_scope` (§4.5): what a contre or surcontre multiplies.
enum class CoincheDoubleScope : std::uint8_t { BaseAndContract, ContractOnly, WholeScore };
/// §9 `coinche_bid_ranking` (§4.2): denominations unranked, or ♣ < ♦ < ♥ < ♠ < SA < TA.
enum class CoincheBidRanking : std::uint8_t { ValueOnly, DenominationOrder };
/// §9 `coinche_contre_timing` (§4.2): contre only at one's turn, or at any moment of the auction.
enum class CoincheContreTiming : std::uint8_t { InTurn, AnyTime };
/// §9 `melds` (§3.2): combinations found and counted automatically, or announced by each player at
/// his turn in trick 1 (a declare step, ActionKind::Declare).
enum class MeldDeclaration : std::uint8_t { Auto, Manual };
/// §9 `coinche_capot_scoring`.
enum class CoincheCapotScoring : std::uint8_t { Formula, Forfait500 };
/// §9 `coinche_belote_on_failure`.
enum class CoincheBeloteOnFailure : std::uint8_t { Kept, ToDefenders };
/// §9 `ta_belote`.
enum class TaBelote : std::uint8_t { EachSuit, None };
/// §9 `decouverte_reveal`.
enum class DecouverteReveal : std::uint8_t { AfterTrick, LeaderImmediately };
/// §9 `decouverte_deal_order`.
enum class DecouverteDealOrder : std::uint8_t { Seed, Blog };
/// §9 `decouverte_dealer`.
enum class DecouverteDealer : std::uint8_t { Alternate, WinnerDeals };

/// Announcement options (CL1 §3, CO §4.3), §9 defaults.
struct MeldRules {
    MeldLongRun long_run = MeldLongRun::Single100;
    EqualMeldTiebreak equal_tiebreak = EqualMeldTiebreak::FirstInPlayOrder;
    MeldTransfer failed_contract = MeldTransfer::ToWinners;  ///< `failed_contract_melds`: to_defenders (default)
    MeldTransfer capot = MeldTransfer::ToWinners;            ///< `capot_melds`: to_capot_side (default)
    MeldDeclaration declaration = MeldDeclaration::Auto;     ///< `melds`
    bool card_reuse = false;                                 ///< `meld_card_reuse` (§3.1)
    bool operator==(const MeldRules&) const = default;
};

/// Coinche options (§4, §9), with their defaults.
struct CoincheRules {
    CoincheDealPattern deal_pattern = CoincheDealPattern::P323;
    bool sa_ta = true;
    bool announcements = true;
    bool capot_doublable = true;
    CoincheSuccess success = CoincheSuccess::ReachAndBeat;
    CoincheTie tie = CoincheTie::Litige;
    int fail_base = 162;  ///< 162 or 160
    CoincheDoubleScope double_scope = CoincheDoubleScope::BaseAndContract;
    int surcontre_multiplier = 4;  ///< 4 or 3
    CoincheCapotScoring capot_scoring = CoincheCapotScoring::Formula;
    CoincheBeloteOnFailure belote_on_failure = CoincheBeloteOnFailure::Kept;
    TaBelote ta_belote = TaBelote::EachSuit;
    CoincheBidRanking bid_ranking = CoincheBidRanking::ValueOnly;
    CoincheContreTiming contre_timing = CoincheContreTiming::InTurn;
    bool melds_count = true;    ///< `coinche_melds_count`: combinations help make the contract (§4.4)
    bool belote_counts = true;  ///< `coinche_belote_counts`: the belote helps make the contract (§4.4)
    bool operator==(const CoincheRules&) const = default;
};

/// Découverte options (§6, §9), with their defaults.
struct DecouverteRules {
    DecouverteReveal reveal = DecouverteReveal::AfterTrick;
    DecouverteDealOrder deal_order = DecouverteDealOrder::Seed;
    DecouverteDealer dealer = DecouverteDealer::Alternate;
    bool belote = false;         ///< `decouverte_belote`: K+Q of trump, face up, score 20 (§6.6)
    bool announcements = false;  ///< `decouverte_announcements`: combinations of the face-up cards (§6.6)
    bool operator==(const DecouverteRules&) const = default;
};

/// §9 `three_player_deck` (§7): 24 cards (7s and 8s out of play), or 32 with the 8 undealt cards set
/// aside unseen.
enum class ThreePlayerDeck : std::uint8_t { Cards24, Cards32 };
/// §9 `three_player_success` (§7): the taker must beat each opponent, or both opponents' combined total.
enum class ThreePlayerSuccess : std::uint8_t { BeatEach, BeatCombined };
/// §9 `three_player_failure` (§7): on a failure the taker's card points are lost, or shared by the opponents.
enum class ThreePlayerFailure : std::uint8_t { OpponentsOwnTotals, OpponentsShare };
/// §9 `three_player_capot` (§7): only a sweep changes the last-trick bonus (100), or a shut-out
/// player (no trick) gives 50 to each of the two others instead of the last-trick 10.
enum class ThreePlayerCapot : std::uint8_t { Sweep252, ShutOut50 };

/// Three-player options (§7, §9, §11 item 21), with their defaults.
struct ThreePlayerRules {
    ThreePlayerDeck deck = ThreePlayerDeck::Cards24;
    ThreePlayerSuccess success = ThreePlayerSuccess::BeatEach;
    ThreePlayerFailure failure = ThreePlayerFailure::OpponentsOwnTotals;
    ThreePlayerCapot capot = ThreePlayerCapot::Sweep252;
    bool operator==(const ThreePlayerRules&) const = default;
};

/// Rule options of docs/rules.md §9 implemented by the engine, each with its documented default.
struct RuleOptions {
    PlayRules play;
    std::optional<ShufflePolicy> shuffle_policy;  ///< unset = the variant's default (§9)
    int cut_min_packet = 3;                       ///< 1..16
    bool classic_first_deal_2_3 = false;          ///< `classic_first_deal`: false = 3-2 (default), true = 2-3
    bool round2_allow_turned_suit = false;
    bool redeal_dealer_same = false;  ///< `redeal_dealer`: false = next (default), true = same
    bool litige_escrow_includes_belote = true;
    EscrowAtMatchEnd escrow_at_match_end = EscrowAtMatchEnd::Discard;
    MeldRules melds;             ///< variants with announcements only (uses_melds)
    CoincheRules coinche;        ///< CO only
    DecouverteRules decouverte;  ///< DE only
    Direction direction = Direction::Counterclockwise;
    BeloteRules belote;             ///< variants with a belote only (uses_belote)
    ThreePlayerRules three_player;  ///< TR only
    bool operator==(const RuleOptions&) const = default;
};

/// Everything that defines a match besides its seed and actions (docs/design.md invariant 1).
struct MatchOptions {
    Variant variant = Variant::Classic;
    int target = 1000;  ///< 301, 501 or 1000 (docs/rules.md §8)
    RuleOptions rules;
    bool operator==(const MatchOptions&) const = default;
};

/// Checks a MatchOptions; returns a readable reason when invalid, nullopt when valid.
std::optional<std::string> validate(const MatchOptions& options);
/// True when the variant scores carrés and sequences (CL1, CO with coinche_announcements, DE with
/// decouverte_announcements).
bool uses_melds(const MatchOptions& options);
/// True when the variant scores belote-rebelote (CL0, CL1, CO; DE with decouverte_belote).
bool uses_belote(const MatchOptions& options);
/// The shuffle policy in force: the explicit option or the variant default (§9).
ShufflePolicy effective_shuffle_policy(const MatchOptions& options);
/// How many cards of the pack are in play: 24 for three_player with three_player_deck = 24, else 32.
/// The others are out of play (§7): they lie after the played cards in the deck.
int cards_in_play(const MatchOptions& options);

}  // namespace belote
