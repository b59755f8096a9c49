// Card ranking and card points under each contract type, for the "i" panel. Pure data, no DOM.
// Numbers from docs/rules.md §1.2 (ranking and points per contract type: suit trump,
// plain suit, SA no-trump and TA all-trump as used by Coinche §4), §1.4 (last trick 10, 100 on
// capot), §2.5 (belote 20), §4.3 (belote in SA/TA), §3.1 (announcements), §6.6 (Découverte: no
// belote, no announcements). The engine's engine/contract.hpp holds the same tables.

/** Ranks strongest first with their card points, per way a suit is played (docs/rules.md §1.2). */
export const SUIT_SCALES = {
  trump: [['J', 20], ['9', 14], ['A', 11], ['T', 10], ['K', 4], ['Q', 3], ['8', 0], ['7', 0]],
  plain: [['A', 11], ['T', 10], ['K', 4], ['Q', 3], ['J', 2], ['9', 0], ['8', 0], ['7', 0]],
  noTrump: [['A', 19], ['T', 10], ['K', 4], ['Q', 3], ['J', 2], ['9', 0], ['8', 0], ['7', 0]],
  allTrump: [['J', 13], ['9', 9], ['A', 7], ['T', 5], ['K', 3], ['Q', 1], ['8', 0], ['7', 0]],
};

export const LAST_TRICK_BONUS = 10; // "dix de der", docs/rules.md §1.4
export const CAPOT_LAST_TRICK_BONUS = 100; // §1.4: all tricks to one side
export const BELOTE_POINTS = 20; // §2.5: K+Q of trump in one hand
export const DEAL_TOTAL = 162; // §1.2: 152 in the cards + 10 for the last trick

/** Announcement values (docs/rules.md §3.1). */
export const MELD_VALUES = [
  ['carre_J', 200], ['carre_9', 150], ['carre_other', 100],
  ['quinte', 100], ['quarte', 50], ['tierce', 20],
];

/**
 * The contract in play as one of 'suit' (with `trump`), 'SA', 'TA', or null before it is settled.
 * Classic and Découverte contracts are always a trump suit; Coinche adds SA and TA.
 */
export function contractKind(s) {
  const denom = s.contract || s.trump;
  if (denom === 'SA' || denom === 'TA') return { kind: denom, trump: null };
  if (denom) return { kind: 'suit', trump: denom };
  return null;
}

/**
 * The value tables to show for `s`: [{ scale, suits }] where `scale` names SUIT_SCALES and `suits`
 * is the suit it applies to ('S'…'C'), 'others' (the three plain suits) or 'all'. Before a contract
 * every scale the variant can use is listed.
 */
export function scalesFor(s) {
  const c = contractKind(s);
  if (c && c.kind === 'SA') return [{ scale: 'noTrump', suits: 'all' }];
  if (c && c.kind === 'TA') return [{ scale: 'allTrump', suits: 'all' }];
  if (c) return [{ scale: 'trump', suits: c.trump }, { scale: 'plain', suits: 'others' }];
  const out = [{ scale: 'trump', suits: null }, { scale: 'plain', suits: null }];
  if (s.variant === 'coinche' && (!s.rules || s.rules.coinche_sa_ta !== false)) {
    out.push({ scale: 'noTrump', suits: 'all' }, { scale: 'allTrump', suits: 'all' });
  }
  return out;
}

/**
 * Belote under the contract in play (docs/rules.md §2.5, §4.3, §6.6): 'trump' (K+Q of trump, 20),
 * 'each_suit' (TA: K+Q of any suit, 20 each), or null (none: SA, TA with ta_belote = none,
 * Découverte).
 */
export function beloteRule(s) {
  if (s.variant === 'decouverte') return null;
  const c = contractKind(s);
  if (c && c.kind === 'SA') return null;
  if (c && c.kind === 'TA') return s.rules && s.rules.ta_belote === 'none' ? null : 'each_suit';
  return 'trump';
}

/** True when announcements (carré, tierce…) score in this variant (docs/rules.md §3, §4.3). */
export function hasAnnouncements(s) {
  if (s.variant === 'classic_announcements') return true;
  return s.variant === 'coinche' && (!s.rules || s.rules.coinche_announcements !== false);
}
