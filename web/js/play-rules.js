// The obligations of the play (docs/rules.md §1.5) in words: why a card of the hand is dimmed, and
// the list the "i" panel shows. The server decides what is legal; this only explains its `legal`.
import { t, SUIT_NAME } from './i18n.js';
import { contractKind } from './card-values.js';

/** Why `card` may not be played on this turn, given the legal cards `legal` (codes such as 'JS'). */
export function whyNotPlayable(s, card, legal) {
  const trick = s.trick && !s.trick.done ? s.trick.cards : [];
  if (!trick.length) return t('why.notNow');
  const led = trick[0].card[1];
  const c = contractKind(s);
  const trump = c && c.kind === 'suit' ? c.trump : null;
  if (card[1] !== led && legal.some((x) => x[1] === led)) return t('why.follow', { suit: SUIT_NAME[led] });
  if (card[1] === led) return t('why.beat', { suit: SUIT_NAME[led] });
  if (trump && card[1] !== trump && legal.every((x) => x[1] === trump)) return t('why.ruff', { suit: SUIT_NAME[trump] });
  if (trump && card[1] === trump) return t('why.overtrump');
  return t('why.notNow');
}

/** The obligations that apply at this table, one sentence each (the rule options of the match). */
export function obligations(s) {
  const c = contractKind(s);
  const rules = s.rules || {};
  if (c && c.kind === 'SA') return [t('duty.followSA')];
  const partners = s.seats.length === 4;
  const out = [t('duty.follow'), t(c && c.kind === 'TA' ? 'duty.beatTA' : 'duty.beatTrump')];
  if (c && c.kind === 'TA') return out;
  out.push(t(partners && rules.partner_winning_exemption !== false ? 'duty.ruffUnlessPartner' : 'duty.ruff'));
  out.push(t(rules.must_undertrump === false ? 'duty.overtrumpOrAny' : 'duty.overtrump'));
  return out;
}
