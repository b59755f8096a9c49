#include "protocol/rules_json.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/echo.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

constexpr unsigned bit(Variant v) { return 1u << static_cast<unsigned>(v); }
constexpr unsigned CL0 = bit(Variant::Classic);
constexpr unsigned CL1 = bit(Variant::ClassicAnnouncements);
constexpr unsigned CO = bit(Variant::Coinche);
constexpr unsigned DE = bit(Variant::Decouverte);
constexpr unsigned TR = bit(Variant::ThreePlayer);
constexpr unsigned ALL = CL0 | CL1 | CO | DE | TR;
constexpr unsigned FOUR = CL0 | CL1 | CO;
constexpr unsigned MELDS = CL1 | CO | DE;  ///< variants that can score combinations (see Needs::Melds)

/// When an option of a variant applies: always, or only when the match scores combinations
/// (uses_melds) or a belote (uses_belote). Those are read after the others, which decide them.
enum class Needs { Always, Melds, Belote };

bool needed(Needs needs, const MatchOptions& options) {
    return needs == Needs::Always || (needs == Needs::Melds && uses_melds(options)) ||
           (needs == Needs::Belote && uses_belote(options));
}

/// One §9 option: which variants use it, how to read and write it.
struct OptionDef {
    std::string_view name;
    unsigned variants = 0;
    Needs needs = Needs::Always;
    std::function<json(const MatchOptions&)> get;
    /// Writes the value; returns a problem (without the option name) when the value is refused.
    std::function<std::optional<std::string>(RuleOptions&, const json&)> set;
};

template <class T>
using Accessor = T& (*)(RuleOptions&);

OptionDef bool_opt(std::string_view name, unsigned variants, Needs needs, Accessor<bool> acc) {
    return {name, variants, needs,
            [acc](const MatchOptions& o) {
                RuleOptions r = o.rules;
                return json(acc(r));
            },
            [acc](RuleOptions& r, const json& v) -> std::optional<std::string> {
                if (!v.is_boolean()) return "must be true or false";
                acc(r) = v.get<bool>();
                return std::nullopt;
            }};
}

template <class E>
OptionDef enum_opt(std::string_view name, unsigned variants, Needs needs, Accessor<E> acc,
                   std::vector<std::pair<std::string_view, E>> values) {
    std::string allowed;
    for (auto& [text, value] : values) allowed += (allowed.empty() ? "\"" : ", \"") + std::string(text) + "\"";
    return {name, variants, needs,
            [acc, values](const MatchOptions& o) {
                RuleOptions r = o.rules;
                for (auto& [text, value] : values)
                    if (acc(r) == value) return json(std::string(text));
                return json(nullptr);
            },
            [acc, values, allowed](RuleOptions& r, const json& v) -> std::optional<std::string> {
                if (v.is_string())
                    for (auto& [text, value] : values)
                        if (v.get_ref<const std::string&>() == text) {
                            acc(r) = value;
                            return std::nullopt;
                        }
                return "must be one of " + allowed;
            }};
}

OptionDef int_opt(std::string_view name, unsigned variants, Accessor<int> acc, int min, int max,
                  std::vector<int> only = {}) {
    std::string allowed;
    if (only.empty())
        allowed = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    else
        for (int v : only) allowed += (allowed.empty() ? "" : " or ") + std::to_string(v);
    return {name, variants, Needs::Always,
            [acc](const MatchOptions& o) {
                RuleOptions r = o.rules;
                return json(acc(r));
            },
            [acc, min, max, only, allowed](RuleOptions& r, const json& v) -> std::optional<std::string> {
                if (!v.is_number_integer()) return "must be " + allowed;
                auto n = v.get<std::int64_t>();
                bool ok = only.empty() ? (n >= min && n <= max) : std::find(only.begin(), only.end(), n) != only.end();
                if (!ok) return "must be " + allowed;
                acc(r) = static_cast<int>(n);
                return std::nullopt;
            }};
}

const std::vector<OptionDef>& registry() {
    static const std::vector<OptionDef> defs = [] {
        std::vector<OptionDef> d;
        d.push_back(enum_opt<Direction>(
            "direction", ALL, Needs::Always, +[](RuleOptions& r) -> Direction& { return r.direction; },
            {{"counterclockwise", Direction::Counterclockwise}, {"clockwise", Direction::Clockwise}}));
        d.push_back({"shuffle_policy", ALL, Needs::Always,
                     [](const MatchOptions& o) {
                         return json(effective_shuffle_policy(o) == ShufflePolicy::ShuffleEveryDeal
                                         ? "shuffle_every_deal"
                                         : "shuffle_once_then_cut");
                     },
                     [](RuleOptions& r, const json& v) -> std::optional<std::string> {
                         if (v == "shuffle_every_deal")
                             r.shuffle_policy = ShufflePolicy::ShuffleEveryDeal;
                         else if (v == "shuffle_once_then_cut")
                             r.shuffle_policy = ShufflePolicy::ShuffleOnceThenCut;
                         else
                             return "must be one of \"shuffle_every_deal\", \"shuffle_once_then_cut\"";
                         return std::nullopt;
                     }});
        d.push_back(int_opt(
            "cut_min_packet", ALL, +[](RuleOptions& r) -> int& { return r.cut_min_packet; }, 1, 16));
        d.push_back(enum_opt<bool>("classic_first_deal", CL0 | CL1 | TR, Needs::Always,
                                   +[](RuleOptions& r) -> bool& { return r.classic_first_deal_2_3; },
                                   {{"3-2", false}, {"2-3", true}}));
        d.push_back(bool_opt(
            "round2_allow_turned_suit", CL0 | CL1 | DE | TR, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.round2_allow_turned_suit; }));
        d.push_back(enum_opt<bool>("redeal_dealer", ALL, Needs::Always,
                                   +[](RuleOptions& r) -> bool& { return r.redeal_dealer_same; },
                                   {{"next", false}, {"same", true}}));
        d.push_back(bool_opt(
            "trump_lead_overtake_partner", FOUR, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.play.trump_lead_overtake_partner; }));
        d.push_back(bool_opt(
            "partner_winning_exemption", FOUR, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.play.partner_winning_exemption; }));
        d.push_back(enum_opt<PartnerWinningTrumpRestriction>(
            "partner_winning_trump_restriction", FOUR, Needs::Always,
            +[](RuleOptions& r) -> PartnerWinningTrumpRestriction& { return r.play.partner_winning_trump_restriction; },
            {{"none", PartnerWinningTrumpRestriction::None},
             {"no_undertrump_if_can_overtrump", PartnerWinningTrumpRestriction::NoUndertrumpIfCanOvertrump},
             {"no_undertrump_unless_only_trumps", PartnerWinningTrumpRestriction::NoUndertrumpUnlessOnlyTrumps}}));
        d.push_back(bool_opt(
            "must_undertrump", FOUR | TR, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.play.must_undertrump; }));
        // Belote (every variant that scores one: DE only with decouverte_belote).
        d.push_back(
            enum_opt<BeloteAnnouncement>("belote_announcement", ALL, Needs::Belote,
                                         +[](RuleOptions& r) -> BeloteAnnouncement& { return r.belote.announcement; },
                                         {{"auto", BeloteAnnouncement::Auto},
                                          {"manual", BeloteAnnouncement::Manual},
                                          {"manual_strict", BeloteAnnouncement::ManualStrict}}));
        d.push_back(bool_opt(
            "belote_king_first", ALL, Needs::Belote, +[](RuleOptions& r) -> bool& { return r.belote.king_first; }));
        d.push_back(bool_opt(
            "litige_escrow_includes_belote", FOUR, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.litige_escrow_includes_belote; }));
        d.push_back(enum_opt<EscrowAtMatchEnd>(
            "escrow_at_match_end", FOUR, Needs::Always,
            +[](RuleOptions& r) -> EscrowAtMatchEnd& { return r.escrow_at_match_end; },
            {{"discard", EscrowAtMatchEnd::Discard}, {"award_to_creators", EscrowAtMatchEnd::AwardToCreators}}));
        // Announcements (CL1; CO with coinche_announcements; DE with decouverte_announcements).
        d.push_back(enum_opt<MeldDeclaration>("melds", MELDS, Needs::Melds,
                                              +[](RuleOptions& r) -> MeldDeclaration& { return r.melds.declaration; },
                                              {{"auto", MeldDeclaration::Auto}, {"manual", MeldDeclaration::Manual}}));
        d.push_back(enum_opt<MeldLongRun>("meld_long_run", MELDS, Needs::Melds,
                                          +[](RuleOptions& r) -> MeldLongRun& { return r.melds.long_run; },
                                          {{"single_100", MeldLongRun::Single100}, {"split", MeldLongRun::Split}}));
        d.push_back(bool_opt(
            "meld_card_reuse", MELDS, Needs::Melds, +[](RuleOptions& r) -> bool& { return r.melds.card_reuse; }));
        d.push_back(enum_opt<EqualMeldTiebreak>(
            "equal_meld_tiebreak", MELDS, Needs::Melds,
            +[](RuleOptions& r) -> EqualMeldTiebreak& { return r.melds.equal_tiebreak; },
            {{"first_in_play_order", EqualMeldTiebreak::FirstInPlayOrder}, {"cancel", EqualMeldTiebreak::Cancel}}));
        d.push_back(enum_opt<MeldTransfer>(
            "failed_contract_melds", MELDS, Needs::Melds,
            +[](RuleOptions& r) -> MeldTransfer& { return r.melds.failed_contract; },
            {{"to_defenders", MeldTransfer::ToWinners}, {"kept_by_owner", MeldTransfer::KeptByOwner}}));
        d.push_back(enum_opt<MeldTransfer>(
            "capot_melds", MELDS, Needs::Melds, +[](RuleOptions& r) -> MeldTransfer& { return r.melds.capot; },
            {{"to_capot_side", MeldTransfer::ToWinners}, {"kept_by_owner", MeldTransfer::KeptByOwner}}));
        // Coinche.
        d.push_back(
            enum_opt<CoincheDealPattern>("coinche_deal_pattern", CO, Needs::Always,
                                         +[](RuleOptions& r) -> CoincheDealPattern& { return r.coinche.deal_pattern; },
                                         {{"3-2-3", CoincheDealPattern::P323},
                                          {"3-3-2", CoincheDealPattern::P332},
                                          {"2-3-3", CoincheDealPattern::P233}}));
        d.push_back(bool_opt(
            "coinche_sa_ta", CO, Needs::Always, +[](RuleOptions& r) -> bool& { return r.coinche.sa_ta; }));
        d.push_back(bool_opt(
            "coinche_announcements", CO, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.coinche.announcements; }));
        d.push_back(
            enum_opt<CoincheBidRanking>("coinche_bid_ranking", CO, Needs::Always,
                                        +[](RuleOptions& r) -> CoincheBidRanking& { return r.coinche.bid_ranking; },
                                        {{"value_only", CoincheBidRanking::ValueOnly},
                                         {"denomination_order", CoincheBidRanking::DenominationOrder}}));
        d.push_back(enum_opt<CoincheContreTiming>(
            "coinche_contre_timing", CO, Needs::Always,
            +[](RuleOptions& r) -> CoincheContreTiming& { return r.coinche.contre_timing; },
            {{"in_turn", CoincheContreTiming::InTurn}, {"any_time", CoincheContreTiming::AnyTime}}));
        d.push_back(bool_opt(
            "coinche_capot_doublable", CO, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.coinche.capot_doublable; }));
        d.push_back(enum_opt<CoincheSuccess>(
            "coinche_success", CO, Needs::Always, +[](RuleOptions& r) -> CoincheSuccess& { return r.coinche.success; },
            {{"reach_and_beat", CoincheSuccess::ReachAndBeat}, {"reach_only", CoincheSuccess::ReachOnly}}));
        d.push_back(enum_opt<CoincheTie>("coinche_tie", CO, Needs::Always,
                                         +[](RuleOptions& r) -> CoincheTie& { return r.coinche.tie; },
                                         {{"litige", CoincheTie::Litige}, {"fail", CoincheTie::Fail}}));
        d.push_back(bool_opt(
            "coinche_melds_count", CO, Needs::Always, +[](RuleOptions& r) -> bool& { return r.coinche.melds_count; }));
        d.push_back(bool_opt(
            "coinche_belote_counts", CO, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.coinche.belote_counts; }));
        d.push_back(int_opt("coinche_fail_base", CO, +[](RuleOptions& r) -> int& { return r.coinche.fail_base; }, 160,
                            162, {162, 160}));
        d.push_back(
            enum_opt<CoincheDoubleScope>("coinche_double_scope", CO, Needs::Always,
                                         +[](RuleOptions& r) -> CoincheDoubleScope& { return r.coinche.double_scope; },
                                         {{"base_and_contract", CoincheDoubleScope::BaseAndContract},
                                          {"contract_only", CoincheDoubleScope::ContractOnly},
                                          {"whole_score", CoincheDoubleScope::WholeScore}}));
        d.push_back(int_opt("surcontre_multiplier", CO,
                            +[](RuleOptions& r) -> int& { return r.coinche.surcontre_multiplier; }, 3, 4, {4, 3}));
        d.push_back(enum_opt<CoincheCapotScoring>(
            "coinche_capot_scoring", CO, Needs::Always,
            +[](RuleOptions& r) -> CoincheCapotScoring& { return r.coinche.capot_scoring; },
            {{"formula", CoincheCapotScoring::Formula}, {"forfait_500", CoincheCapotScoring::Forfait500}}));
        d.push_back(enum_opt<CoincheBeloteOnFailure>(
            "coinche_belote_on_failure", CO, Needs::Always,
            +[](RuleOptions& r) -> CoincheBeloteOnFailure& { return r.coinche.belote_on_failure; },
            {{"kept", CoincheBeloteOnFailure::Kept}, {"to_defenders", CoincheBeloteOnFailure::ToDefenders}}));
        d.push_back(enum_opt<TaBelote>("ta_belote", CO, Needs::Always,
                                       +[](RuleOptions& r) -> TaBelote& { return r.coinche.ta_belote; },
                                       {{"each_suit", TaBelote::EachSuit}, {"none", TaBelote::None}}));
        // Découverte.
        d.push_back(enum_opt<DecouverteReveal>("decouverte_reveal", DE, Needs::Always,
                                               +[](RuleOptions& r) -> DecouverteReveal& { return r.decouverte.reveal; },
                                               {{"after_trick", DecouverteReveal::AfterTrick},
                                                {"leader_immediately", DecouverteReveal::LeaderImmediately}}));
        d.push_back(bool_opt(
            "decouverte_belote", DE, Needs::Always, +[](RuleOptions& r) -> bool& { return r.decouverte.belote; }));
        d.push_back(bool_opt(
            "decouverte_announcements", DE, Needs::Always,
            +[](RuleOptions& r) -> bool& { return r.decouverte.announcements; }));
        d.push_back(enum_opt<DecouverteDealOrder>(
            "decouverte_deal_order", DE, Needs::Always,
            +[](RuleOptions& r) -> DecouverteDealOrder& { return r.decouverte.deal_order; },
            {{"seed", DecouverteDealOrder::Seed}, {"blog", DecouverteDealOrder::Blog}}));
        d.push_back(enum_opt<DecouverteDealer>(
            "decouverte_dealer", DE, Needs::Always,
            +[](RuleOptions& r) -> DecouverteDealer& { return r.decouverte.dealer; },
            {{"alternate", DecouverteDealer::Alternate}, {"winner_deals", DecouverteDealer::WinnerDeals}}));
        // Three players (§7).
        d.push_back({"three_player_deck", TR, Needs::Always,
                     [](const MatchOptions& o) {
                         return json(o.rules.three_player.deck == ThreePlayerDeck::Cards24 ? 24 : 32);
                     },
                     [](RuleOptions& r, const json& v) -> std::optional<std::string> {
                         if (v == 24)
                             r.three_player.deck = ThreePlayerDeck::Cards24;
                         else if (v == 32)
                             r.three_player.deck = ThreePlayerDeck::Cards32;
                         else
                             return "must be 24 or 32";
                         return std::nullopt;
                     }});
        d.push_back(enum_opt<ThreePlayerSuccess>(
            "three_player_success", TR, Needs::Always,
            +[](RuleOptions& r) -> ThreePlayerSuccess& { return r.three_player.success; },
            {{"beat_each", ThreePlayerSuccess::BeatEach}, {"beat_combined", ThreePlayerSuccess::BeatCombined}}));
        d.push_back(
            enum_opt<ThreePlayerFailure>("three_player_failure", TR, Needs::Always,
                                         +[](RuleOptions& r) -> ThreePlayerFailure& { return r.three_player.failure; },
                                         {{"opponents_own_totals", ThreePlayerFailure::OpponentsOwnTotals},
                                          {"opponents_share", ThreePlayerFailure::OpponentsShare}}));
        d.push_back(enum_opt<ThreePlayerCapot>(
            "three_player_capot", TR, Needs::Always,
            +[](RuleOptions& r) -> ThreePlayerCapot& { return r.three_player.capot; },
            {{"sweep_252", ThreePlayerCapot::Sweep252}, {"shut_out_50", ThreePlayerCapot::ShutOut50}}));
        return d;
    }();
    return defs;
}

const OptionDef* find_def(std::string_view name) {
    for (const OptionDef& d : registry())
        if (d.name == name) return &d;
    return nullptr;
}

}  // namespace

std::variant<RuleOptions, RulesError> rules_from_json(const json& rules, Variant variant) {
    MatchOptions options;
    options.variant = variant;
    if (rules.is_null()) return options.rules;
    if (!rules.is_object()) return RulesError{"", "field 'rules' must be an object of rule options"};
    const std::string variant_name(to_string(variant));
    // Two passes: coinche_announcements, decouverte_announcements and decouverte_belote decide
    // whether the meld and belote options apply.
    for (int pass = 0; pass < 2; ++pass) {
        for (auto it = rules.begin(); it != rules.end(); ++it) {
            const OptionDef* def = find_def(it.key());
            if (!def) return RulesError{it.key(), "unknown rule option " + echoed(it.key())};
            if ((def->needs != Needs::Always) != (pass == 1)) continue;
            if (!(def->variants & bit(variant)) || !needed(def->needs, options)) {
                std::string condition =
                    def->needs == Needs::Melds && variant == Variant::Coinche      ? " without coinche_announcements"
                    : def->needs == Needs::Melds && variant == Variant::Decouverte ? " without decouverte_announcements"
                    : def->needs == Needs::Belote && variant == Variant::Decouverte ? " without decouverte_belote"
                                                                                    : "";
                return RulesError{it.key(),
                                  "rule option '" + it.key() + "' does not apply to " + variant_name + condition};
            }
            if (auto problem = def->set(options.rules, it.value()))
                return RulesError{it.key(), "rule option '" + it.key() + "' " + *problem};
        }
    }
    // The variant's default shuffle policy is kept as "unset", as in a default RuleOptions.
    if (options.rules.shuffle_policy) {
        MatchOptions unset = options;
        unset.rules.shuffle_policy.reset();
        if (effective_shuffle_policy(unset) == *options.rules.shuffle_policy) options.rules.shuffle_policy.reset();
    }
    if (auto problem = validate(options)) {
        // Name the option the engine refused, when its message names one.
        std::string option;
        for (const OptionDef& d : registry())
            if (problem->find(d.name) != std::string::npos) {
                option = d.name;
                break;
            }
        return RulesError{option, *problem};
    }
    return options.rules;
}

json rules_json(const MatchOptions& options) {
    json out = json::object();
    for (const OptionDef& d : registry()) {
        if (!(d.variants & bit(options.variant))) continue;
        if (!needed(d.needs, options)) continue;
        out[std::string(d.name)] = d.get(options);
    }
    return out;
}

}  // namespace belote::protocol
