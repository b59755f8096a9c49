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
const LS_LANG = 'belote.lang'; // the language chosen in the settings, or by a ?lang= link

function storedLanguage() {
  try {
    return localStorage.getItem(LS_LANG);
  } catch (e) {
    return null;
  }
}

/** The languages the page offers, in the order of the settings menu. */
export const LANGUAGES = Object.keys(DICTIONARIES);

/** The page language: `?lang=xx` if supported (then remembered, so that a link opened with it keeps
 *  the language after the page moves on and after a reload), else the one chosen in the settings,
 *  else the first supported of navigator.languages, else English. */
export function pageLanguage() {
  if (!language) {
    const override = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
    const wanted = override && chooseLanguage([override]) === String(override).toLowerCase().split(/[-_]/)[0] ? override : null;
    if (wanted) setLanguage(chooseLanguage([wanted]));
    const nav = typeof navigator === 'undefined' ? [] : navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    language = chooseLanguage([wanted, storedLanguage(), ...nav].filter(Boolean));
  }
  return language;
}

/** Makes `code` (en, fr, pt) the page language and remembers it in this browser; the caller
 *  translates the page again (translatePage) and redraws what it drew. */
export function setLanguage(code) {
  if (!(code in DICTIONARIES)) return;
  language = code;
  try {
    localStorage.setItem(LS_LANG, code);
  } catch (e) { /* not remembered; still used by this page */ }
}

/** French elides "de", "que", "le", "la", "je", "ne", "se" before a vowel or a mute h: the
 *  dictionary says "En attente de {name}", the page "En attente d'Ana". Only where a value starts. */
const ELIDED = /(^|[\s(])(de|que|le|la|je|ne|se|Que|De|Le|La) $/;
const VOWEL = /^[aeiouyhàâäéèêëîïôöûüœæ]/i;

/** Translated text for `key` in the page language (its `.one` form for a `count` of one), with
 *  `{name}` placeholders replaced from `vars`. Falls back to English, then to the key itself (a missing key is visible, not blank). */
export function t(key, vars = {}) {
  const lang = pageLanguage();
  const dict = DICTIONARIES[lang] || en;
  // A count of one reads `${key}.one` where there is one.
  const one = vars.count === 1 ? `${key}.one` : null;
  const text = (one && (dict[one] ?? en[one])) ?? dict[key] ?? en[key] ?? key;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const value = m[1] in vars ? String(vars[m[1]]) : m[0];
    let before = text.slice(last, m.index);
    if (lang === 'fr' && m[1] in vars) {
      const at = (out + before).match(ELIDED);
      if (at && VOWEL.test(value)) {
        const whole = out + before;
        const cut = whole.length - at[2].length - 1;
        out = `${whole.slice(0, cut)}${at[2].slice(0, -1)}'`;
        before = '';
      }
    }
    out += before + value;
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
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

/** The server's reasons for refusing table options that the options form can provoke (its English
 *  text, docs/protocol.md "Table options"), with the key that says them in the page's language; a
 *  reason's numbers are the range allowed ({min}, {max}). */
const OPTION_DETAILS = [
  [/^turn_time must be 0 \(off\) or (\d+)\.\.(\d+) seconds$/, 'detail.turnTime'],
  [/^field 'stake' must be within (\d+)\.\.(\d+)$/, 'detail.stake'],
  [/^target must be 301, 501 or 1000$/, 'detail.target'],
];

/** The server's reason `message` for invalid_options in the page's language, or null when the page
 *  does not know it. */
export function optionDetail(message) {
  for (const [pattern, key] of OPTION_DETAILS) {
    const m = pattern.exec(message || '');
    if (m) return t(key, { min: m[1], max: m[2] });
  }
  return null;
}

/** Plain words for an error code of docs/protocol.md; the server's message (English) is added as a
 *  detail: translated when the page knows it (optionDetail), as it is on an English page where it
 *  names the offending field, or when the code is unknown to this page. A rate_limited error with
 *  `retry_after` (seconds) says when to try again. */
export function errorText(code, message, { retry_after: retryAfter, until } = {}) {
  if (code === 'rate_limited' && retryAfter) return t('error.retryAfter', { seconds: retryAfter });
  if (code === 'cooling_down' && until) {
    const at = new Date(until);
    const time = at.toLocaleTimeString(pageLanguage(), { hour: '2-digit', minute: '2-digit' });
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
    return t('error.coolingDownUntil', { time, minutes });
  }
  // nickname_taken says which name it is (docs/protocol.md "hello"): a registered player's, one a
  // player connected now shows, or a robot's at the tables.
  if (code === 'nickname_taken' && /is the name of a player connected now/.test(message || '')) return t('error.nicknameInUse');
  if (code === 'nickname_taken' && /is the name of a robot at the tables/.test(message || '')) return t('error.nicknameRobot');
  const known = hasText(`error.${code}`);
  const base = known ? t(`error.${code}`) : t('error.unknown');
  const translated = code === 'invalid_options' ? optionDetail(message) : null;
  if (translated) return t('error.withDetail', { text: base, detail: translated });
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
