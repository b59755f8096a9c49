// Translations: the page language (English, French or Portuguese, from the browser's preferences),
// t(key, vars) over the dictionaries in lang/, and the plain-language names the views share
// (error codes of docs/protocol.md, suits, ranks, calls, table states).
import en from './lang/en.js';
import fr from './lang/fr.js';
import pt from './lang/pt.js';

const DICTIONARIES = { en, fr, pt };
const FALLBACK = 'en';

/** The first supported language among `preferred` (BCP 47 tags such as 'fr-CA' or 'pt-BR'),
 *  matched by primary subtag; English when none is supported. */
export function chooseLanguage(preferred) {
  for (const tag of preferred) {
    const primary = String(tag || '').toLowerCase().split(/[-_]/)[0];
    if (primary in DICTIONARIES) return primary;
  }
  return FALLBACK;
}

let language = null;

/** The page language, fixed at start-up: `?lang=xx` if supported, else the first supported of
 *  navigator.languages, else English. */
export function pageLanguage() {
  if (!language) {
    const override = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
    const nav = typeof navigator === 'undefined' ? [] : navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    language = chooseLanguage([override, ...nav].filter(Boolean));
  }
  return language;
}

/** Translated text for `key` in the page language, with `{name}` placeholders replaced from
 *  `vars`. Falls back to English, then to the key itself (a missing key is visible, not blank). */
export function t(key, vars = {}) {
  const dict = DICTIONARIES[pageLanguage()] || en;
  const text = dict[key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** True when the English dictionary has `key`. */
export const hasText = (key) => Object.prototype.hasOwnProperty.call(en, key);

/** Sets `<html lang>`, the title and every static text marked in the page: `data-i18n` (text),
 *  `data-i18n-placeholder`, `data-i18n-title` and `data-i18n-aria-label` hold dictionary keys. */
export function translatePage(root = document) {
  document.documentElement.lang = pageLanguage();
  document.title = t('page.title');
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = t(e.dataset.i18nPlaceholder);
  for (const e of root.querySelectorAll('[data-i18n-title]')) e.title = t(e.dataset.i18nTitle);
  for (const e of root.querySelectorAll('[data-i18n-aria-label]')) e.setAttribute('aria-label', t(e.dataset.i18nAriaLabel));
}

/** A read-only object whose property `k` reads t(`${prefix}${k}`) (keeps table-like helpers). */
function translated(prefix, keys) {
  const out = {};
  for (const k of keys) Object.defineProperty(out, k, { get: () => t(`${prefix}${k}`), enumerable: true });
  return Object.freeze(out);
}

/** Plain words for an error code of docs/protocol.md; the server's message (English) is added as a
 *  detail on an English page where it names the offending field, or when the code is unknown to
 *  this page. A rate_limited error with `retry_after` (seconds) says when to try again. */
export function errorText(code, message, { retry_after: retryAfter, until } = {}) {
  if (code === 'rate_limited' && retryAfter) return t('error.retryAfter', { seconds: retryAfter });
  if (code === 'cooling_down' && until) {
    const at = new Date(until);
    const time = at.toLocaleTimeString(pageLanguage(), { hour: '2-digit', minute: '2-digit' });
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
    return t('error.coolingDownUntil', { time, minutes });
  }
  const known = hasText(`error.${code}`);
  const base = known ? t(`error.${code}`) : t('error.unknown');
  const detailed = !known || code === 'cannot_stake' || (pageLanguage() === 'en' && (code === 'bad_message' || code === 'invalid_options'));
  if (message && detailed) return t('error.withDetail', { text: base, detail: message });
  return base;
}

const SUITS = ['S', 'H', 'D', 'C'];
const RANKS = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

export const SUIT_SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAME = translated('suit.', SUITS);
export const RANK_LABEL = translated('rankLabel.', RANKS);
export const RANK_NAME = translated('rank.', RANKS);

/** Spoken name of a card code such as 'JS' ("Jack of Spades"). */
export function cardName(card) {
  const rank = RANKS.includes(card[0]) ? RANK_NAME[card[0]] : card[0];
  const suit = SUITS.includes(card[1]) ? t(`cardSuit.${card[1]}`) : card[1];
  return t('card.name', { rank, suit });
}

/** Text of a classic auction call: pass, take, or naming a suit. */
export function callText(call, suit) {
  if (call === 'pass') return t('call.pass');
  if (call === 'take') return t('call.take');
  if (call === 'name') return `${SUIT_SYMBOL[suit] || suit} ${SUIT_NAME[suit] || ''}`.trim();
  return String(call);
}

export const STATE_LABEL = translated('state.', ['waiting', 'playing', 'finished']);
