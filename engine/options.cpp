#include "engine/options.hpp"

#include <array>
#include <utility>

namespace belote {
namespace {
constexpr std::array<std::pair<Variant, std::string_view>, 5> variant_names{{
    {Variant::Classic, "classic"},
    {Variant::ClassicAnnouncements, "classic_announcements"},
    {Variant::Coinche, "coinche"},
    {Variant::Decouverte, "decouverte"},
    {Variant::ThreePlayer, "three_player"},
}};
}  // namespace

std::string_view to_string(Variant variant) {
    for (auto& [v, name] : variant_names)
        if (v == variant) return name;
    return "unknown";
}

std::optional<Variant> parse_variant(std::string_view text, VariantScope scope) {
    for (auto& [v, name] : variant_names)
        if (name == text && (scope == VariantScope::All || offered_online(v))) return v;
    return std::nullopt;
}

bool offered_online(Variant) { return true; }

int seat_count(Variant variant) {
    switch (variant) {
        case Variant::Decouverte: return 2;
        case Variant::ThreePlayer: return 3;
        default: return 4;
    }
}

int cards_in_play(const MatchOptions& options) {
    return options.variant == Variant::ThreePlayer && options.rules.three_player.deck == ThreePlayerDeck::Cards24 ? 24
                                                                                                                  : 32;
}

std::optional<std::string> validate(const MatchOptions& options) {
    if (options.target != 301 && options.target != 501 && options.target != 1000)
        return "target must be 301, 501 or 1000";
    const RuleOptions& r = options.rules;
    const int pack = cards_in_play(options);
    if (r.cut_min_packet < 1 || 2 * r.cut_min_packet > pack)
        return "cut_min_packet must be between 1 and " + std::to_string(pack / 2);
    const std::string variant(to_string(options.variant));
    // Options a variant does not use are refused rather than silently ignored (§9 lists their scope).
    if (options.variant != Variant::Coinche && !(r.coinche == CoincheRules{}))
        return "coinche options apply only to the coinche variant, not " + variant;
    if (options.variant != Variant::Decouverte && !(r.decouverte == DecouverteRules{}))
        return "decouverte options apply only to the decouverte variant, not " + variant;
    if (options.variant != Variant::ThreePlayer && !(r.three_player == ThreePlayerRules{}))
        return "three_player options apply only to the three_player variant, not " + variant;
    if (options.variant == Variant::ThreePlayer) {  // §7: each for himself, no litige
        PlayRules partnerless;
        partnerless.must_undertrump = r.play.must_undertrump;
        if (!(r.play == partnerless)) return "partner play options do not apply to three_player (no partners)";
        if (r.litige_escrow_includes_belote != RuleOptions{}.litige_escrow_includes_belote ||
            r.escrow_at_match_end != EscrowAtMatchEnd::Discard)
            return "three_player has no litige escrow (§7)";
    }
    if (!uses_melds(options) && !(r.melds == MeldRules{}))
        return "announcement (meld) options do not apply to " + variant +
               (options.variant == Variant::Coinche      ? " without coinche_announcements"
                : options.variant == Variant::Decouverte ? " without decouverte_announcements"
                                                         : "");
    if (!uses_belote(options) && !(r.belote == BeloteRules{}))
        return "belote options (belote_announcement, belote_king_first) do not apply to " + variant +
               " without decouverte_belote";
    if (options.variant == Variant::Coinche) {
        if (r.coinche.fail_base != 162 && r.coinche.fail_base != 160) return "coinche_fail_base must be 162 or 160";
        if (r.coinche.surcontre_multiplier != 4 && r.coinche.surcontre_multiplier != 3)
            return "surcontre_multiplier must be 4 or 3";
        if (r.classic_first_deal_2_3) return "classic_first_deal does not apply to coinche (see coinche_deal_pattern)";
        if (r.round2_allow_turned_suit) return "round2_allow_turned_suit does not apply to coinche";
    }
    if (options.variant == Variant::Decouverte) {
        if (r.escrow_at_match_end != EscrowAtMatchEnd::Discard)
            return "escrow_at_match_end does not apply to decouverte (no litige escrow, §6.6)";
        if (r.classic_first_deal_2_3) return "classic_first_deal does not apply to decouverte";
        if (!(r.play == PlayRules{})) return "partner play options do not apply to decouverte (2 players)";
        if (r.litige_escrow_includes_belote != RuleOptions{}.litige_escrow_includes_belote)
            return "decouverte has no litige escrow (§6.6)";
    }
    return std::nullopt;
}

bool uses_melds(const MatchOptions& options) {
    return options.variant == Variant::ClassicAnnouncements ||
           (options.variant == Variant::Coinche && options.rules.coinche.announcements) ||
           (options.variant == Variant::Decouverte && options.rules.decouverte.announcements);
}

bool uses_belote(const MatchOptions& options) {
    return options.variant != Variant::Decouverte || options.rules.decouverte.belote;
}

ShufflePolicy effective_shuffle_policy(const MatchOptions& options) {
    if (options.rules.shuffle_policy) return *options.rules.shuffle_policy;
    return options.variant == Variant::Decouverte ? ShufflePolicy::ShuffleOnceThenCut : ShufflePolicy::ShuffleEveryDeal;
}

}  // namespace belote
