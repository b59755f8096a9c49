// The rule options of docs/rules.md §9, as the table chief's options form offers them: each option's
// values (the first is the §9 default unless `defaults` says otherwise), the variants that use it,
// and the switch it needs (the meld options need a match that scores combinations, the belote
// options one that scores a belote). Grouped as the form shows them. Pure data: no DOM, no imports
// (web-tests/tests/i18n-keys.test.mjs reads it to check every option has its texts).
//
// Texts: `rule.<name>` (label), `ruleHint.<name>` (one line), `ruleValue.<value>` (an enum value),
// `ruleGroup.<group>` (a heading), in lang/en.js, fr.js and pt.js.

const ALL = ['classic', 'classic_announcements', 'coinche', 'decouverte', 'three_player'];
const FOUR = ['classic', 'classic_announcements', 'coinche'];
const MELDS = ['classic_announcements', 'coinche', 'decouverte'];

/** The variants create_table and set_options name, with their number of seats. */
export const VARIANT_SEATS = { classic: 4, classic_announcements: 4, coinche: 4, decouverte: 2, three_player: 3 };

/** Groups in form order: [group, [options…]]. An option: { name, values, variants, needs?, default?,
 *  defaults? (by variant) }. `values` are the wire values (true/false for a switch, numbers for
 *  integer choices); the default is `defaults[variant]`, else `default`, else the first value. */
export const RULE_GROUPS = [
  ['common', [
    { name: 'direction', values: ['counterclockwise', 'clockwise'], variants: ALL },
    { name: 'shuffle_policy', values: ['shuffle_every_deal', 'shuffle_once_then_cut'], variants: ALL,
      defaults: { decouverte: 'shuffle_once_then_cut' } },
    { name: 'cut_min_packet', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], variants: ALL, default: 3 },
    { name: 'redeal_dealer', values: ['next', 'same'], variants: ALL },
  ]],
  ['deal', [
    { name: 'classic_first_deal', values: ['3-2', '2-3'], variants: ['classic', 'classic_announcements', 'three_player'] },
    { name: 'round2_allow_turned_suit', values: [false, true], variants: ['classic', 'classic_announcements', 'decouverte', 'three_player'] },
  ]],
  ['play', [
    { name: 'trump_lead_overtake_partner', values: [true, false], variants: FOUR },
    { name: 'partner_winning_exemption', values: [true, false], variants: FOUR },
    { name: 'partner_winning_trump_restriction', values: ['none', 'no_undertrump_if_can_overtrump', 'no_undertrump_unless_only_trumps'], variants: FOUR },
    { name: 'must_undertrump', values: [true, false], variants: [...FOUR, 'three_player'] },
  ]],
  ['belote', [
    { name: 'belote_announcement', values: ['auto', 'manual', 'manual_strict'], variants: ALL, needs: 'belote' },
    { name: 'belote_king_first', values: [false, true], variants: ALL, needs: 'belote' },
  ]],
  ['litige', [
    { name: 'litige_escrow_includes_belote', values: [true, false], variants: FOUR },
    { name: 'escrow_at_match_end', values: ['discard', 'award_to_creators'], variants: FOUR },
  ]],
  ['melds', [
    { name: 'melds', values: ['auto', 'manual'], variants: MELDS, needs: 'melds' },
    { name: 'meld_long_run', values: ['single_100', 'split'], variants: MELDS, needs: 'melds' },
    { name: 'meld_card_reuse', values: [false, true], variants: MELDS, needs: 'melds' },
    { name: 'equal_meld_tiebreak', values: ['first_in_play_order', 'cancel'], variants: MELDS, needs: 'melds' },
    { name: 'failed_contract_melds', values: ['to_defenders', 'kept_by_owner'], variants: MELDS, needs: 'melds' },
    { name: 'capot_melds', values: ['to_capot_side', 'kept_by_owner'], variants: MELDS, needs: 'melds' },
  ]],
  ['coinche', [
    { name: 'coinche_deal_pattern', values: ['3-2-3', '3-3-2', '2-3-3'], variants: ['coinche'] },
    { name: 'coinche_sa_ta', values: [true, false], variants: ['coinche'] },
    { name: 'coinche_announcements', values: [true, false], variants: ['coinche'] },
    { name: 'coinche_bid_ranking', values: ['value_only', 'denomination_order'], variants: ['coinche'] },
    { name: 'coinche_contre_timing', values: ['in_turn', 'any_time'], variants: ['coinche'] },
    { name: 'coinche_capot_doublable', values: [true, false], variants: ['coinche'] },
    { name: 'coinche_success', values: ['reach_and_beat', 'reach_only'], variants: ['coinche'] },
    { name: 'coinche_tie', values: ['litige', 'fail'], variants: ['coinche'] },
    { name: 'coinche_melds_count', values: [true, false], variants: ['coinche'] },
    { name: 'coinche_belote_counts', values: [true, false], variants: ['coinche'] },
    { name: 'coinche_fail_base', values: [162, 160], variants: ['coinche'] },
    { name: 'coinche_double_scope', values: ['base_and_contract', 'contract_only', 'whole_score'], variants: ['coinche'] },
    { name: 'surcontre_multiplier', values: [4, 3], variants: ['coinche'] },
    { name: 'coinche_capot_scoring', values: ['formula', 'forfait_500'], variants: ['coinche'] },
    { name: 'coinche_belote_on_failure', values: ['kept', 'to_defenders'], variants: ['coinche'] },
    { name: 'ta_belote', values: ['each_suit', 'none'], variants: ['coinche'] },
  ]],
  ['decouverte', [
    { name: 'decouverte_reveal', values: ['after_trick', 'leader_immediately'], variants: ['decouverte'] },
    { name: 'decouverte_belote', values: [false, true], variants: ['decouverte'] },
    { name: 'decouverte_announcements', values: [false, true], variants: ['decouverte'] },
    { name: 'decouverte_deal_order', values: ['seed', 'blog'], variants: ['decouverte'] },
    { name: 'decouverte_dealer', values: ['alternate', 'winner_deals'], variants: ['decouverte'] },
  ]],
  ['three_player', [
    { name: 'three_player_deck', values: [24, 32], variants: ['three_player'] },
    { name: 'three_player_success', values: ['beat_each', 'beat_combined'], variants: ['three_player'] },
    { name: 'three_player_failure', values: ['opponents_own_totals', 'opponents_share'], variants: ['three_player'] },
    { name: 'three_player_capot', values: ['sweep_252', 'shut_out_50'], variants: ['three_player'] },
  ]],
];

/** Every option, by name. */
export const RULE_OPTIONS = Object.fromEntries(RULE_GROUPS.flatMap(([, options]) => options.map((o) => [o.name, o])));

/** The §9 default of `option` in `variant`. */
export const ruleDefault = (option, variant) => (option.defaults && variant in option.defaults ? option.defaults[variant]
  : 'default' in option ? option.default : option.values[0]);

/** The values of `option` the form offers in `variant` with `rules`: a cut leaves at least
 *  cut_min_packet cards in each packet, so at most half the cards in play (24 or 32, §7). */
export function ruleValues(option, variant, rules) {
  if (option.name !== 'cut_min_packet') return option.values;
  const pack = variant === 'three_player' && rules.three_player_deck !== 32 ? 24 : 32;
  return option.values.filter((v) => 2 * v <= pack);
}

/** Whether `option` applies to `variant` with the other values `rules` (every option, defaults filled
 *  in): the meld options need combinations scored, the belote options a belote (docs/protocol.md). */
export function ruleApplies(option, variant, rules) {
  if (!option.variants.includes(variant)) return false;
  if (option.needs === 'melds') {
    if (variant === 'coinche') return rules.coinche_announcements !== false;
    if (variant === 'decouverte') return rules.decouverte_announcements === true;
    return variant === 'classic_announcements';
  }
  if (option.needs === 'belote') return variant !== 'decouverte' || rules.decouverte_belote === true;
  return true;
}

/** Every option of `variant` with its value: `changed` (a table's `options.rules`, the options that
 *  differ from their defaults) over the defaults. Options that do not apply are left out. */
export function effectiveRules(variant, changed = {}) {
  const all = {};
  for (const option of Object.values(RULE_OPTIONS)) {
    if (!option.variants.includes(variant)) continue;
    all[option.name] = option.name in changed ? changed[option.name] : ruleDefault(option, variant);
  }
  for (const option of Object.values(RULE_OPTIONS)) if (option.name in all && !ruleApplies(option, variant, all)) delete all[option.name];
  return all;
}

/** The `rules` object to send for `variant` (only the options that apply and differ from their defaults). */
export function changedRules(variant, rules) {
  const out = {};
  for (const option of Object.values(RULE_OPTIONS)) {
    if (!(option.name in rules) || !ruleApplies(option, variant, rules)) continue;
    if (rules[option.name] !== ruleDefault(option, variant)) out[option.name] = rules[option.name];
  }
  return out;
}
