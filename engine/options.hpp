#pragma once
// Match options: variant, target and the rule options of RULES.md §9 that the engine implements.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace belote {

/// The game played at a table. RULES.md variant ids in brackets.
enum class Variant : std::uint8_t {
  Classic,               ///< [CL0] classic 4-player belote without announcements
  ClassicAnnouncements,  ///< [CL1] classic with carrés and sequences
  Coinche,               ///< [CO]
  Decouverte,            ///< [DE] 2-player tableau belote
};

/// Stable lowercase name used on the wire and in records: "classic", "classic_announcements", "coinche", "decouverte".
std::string_view to_string(Variant variant);
std::optional<Variant> parse_variant(std::string_view text);
/// Number of seats a variant is played with (4, or 2 for Découverte).
int seat_count(Variant variant);

/// §9 `partner_winning_trump_restriction`.
enum class PartnerWinningTrumpRestriction : std::uint8_t { None, NoUndertrumpIfCanOvertrump, NoUndertrumpUnlessOnlyTrumps };

/// §9 `shuffle_policy`.
enum class ShufflePolicy : std::uint8_t { ShuffleEveryDeal, ShuffleOnceThenCut };

/// §9 `escrow_at_match_end`.
enum class EscrowAtMatchEnd : std::uint8_t { Discard, AwardToCreators };

/// The play obligations of RULES.md §1.5 that §9 makes optional, with the §9 defaults.
struct PlayRules {
  bool trump_lead_overtake_partner = true;
  bool partner_winning_exemption = true;
  PartnerWinningTrumpRestriction partner_winning_trump_restriction = PartnerWinningTrumpRestriction::None;
  bool must_undertrump = true;
  bool operator==(const PlayRules&) const = default;
};

/// Rule options of RULES.md §9 implemented by the engine, each with its documented default.
struct RuleOptions {
  PlayRules play;
  std::optional<ShufflePolicy> shuffle_policy;  ///< unset = the variant's default (§9)
  int cut_min_packet = 3;                        ///< 1..16
  bool classic_first_deal_2_3 = false;           ///< `classic_first_deal`: false = 3-2 (default), true = 2-3
  bool round2_allow_turned_suit = false;
  bool redeal_dealer_same = false;               ///< `redeal_dealer`: false = next (default), true = same
  bool litige_escrow_includes_belote = true;
  EscrowAtMatchEnd escrow_at_match_end = EscrowAtMatchEnd::Discard;
  bool operator==(const RuleOptions&) const = default;
};

/// Everything that defines a match besides its seed and actions (DESIGN.md invariant 1).
struct MatchOptions {
  Variant variant = Variant::Classic;
  int target = 1000;  ///< 301, 501 or 1000 (RULES.md §8)
  RuleOptions rules;
  bool operator==(const MatchOptions&) const = default;
};

/// Checks a MatchOptions; returns a readable reason when invalid, nullopt when valid.
std::optional<std::string> validate(const MatchOptions& options);
/// The shuffle policy in force: the explicit option or the variant default (§9).
ShufflePolicy effective_shuffle_policy(const MatchOptions& options);

}  // namespace belote
