// Plain-language strings: error codes of docs/protocol.md, suits, calls.
import en from './lang/en.js';

const DICTIONARIES = { en };

/** Translated text for `key` in the page language, with `{name}` placeholders replaced from
 *  `vars`. Falls back to English, then to the key itself (a missing key is visible, not blank). */
export function t(key, vars = {}) {
  const dict = DICTIONARIES[pageLanguage()] || en;
  const text = dict[key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** The page language: 'en' until other dictionaries are registered. */
export function pageLanguage() {
  return 'en';
}

const ERRORS = {
  bad_json: 'The server could not read a message from this page. Please reload.',
  bad_message: 'The server rejected a malformed request.',
  unknown_type: 'The server did not understand a request from this page.',
  not_authenticated: 'You are not signed in yet. Enter a nickname first.',
  already_authenticated: 'You are already signed in on this connection.',
  unsupported_protocol: 'This page is out of date for the server. Please reload.',
  bad_nickname: 'That nickname is not allowed: use 1 to 24 ordinary characters.',
  invalid_options: 'Those table options are not available.',
  no_such_table: 'That table no longer exists.',
  bad_seat: 'There is no such seat at this table.',
  seat_taken: 'That seat is already taken.',
  already_seated: 'You already have a seat at this table.',
  not_seated: 'You need to sit at this table to do that.',
  already_started: 'The match has already started: seats can no longer change.',
  seats_empty: 'Every seat must be taken before the match can start.',
  not_started: 'The match has not started yet.',
  match_over: 'This match is over.',
  not_your_turn: 'It is not your turn.',
  illegal_action: 'That move is not allowed right now.',
  match_running: 'The game record is available once the match is over.',
  internal: 'The server ran into a problem. Please try again.',
  timeout: 'The server did not answer in time.',
  disconnected: 'The connection to the server was lost.',
  replaced: 'You signed in from another tab or window. Reload this page to play here.',
};

export function errorText(code, message) {
  const base = ERRORS[code] || 'Something went wrong.';
  // bad_message names the offending field: worth showing as a detail.
  if ((code === 'bad_message' || code === 'invalid_options') && message) return `${base} (${message})`;
  if (!ERRORS[code] && message) return `${base} (${message})`;
  return base;
}

export const SUIT_SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAME = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };
export const RANK_LABEL = { '7': '7', '8': '8', '9': '9', T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
export const RANK_NAME = { '7': 'Seven', '8': 'Eight', '9': 'Nine', T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };

export function cardName(card) {
  return `${RANK_NAME[card[0]] || card[0]} of ${SUIT_NAME[card[1]] || card[1]}`;
}

export function callText(call, suit) {
  if (call === 'pass') return 'Pass';
  if (call === 'take') return 'Take';
  if (call === 'name') return `${SUIT_SYMBOL[suit] || suit} ${SUIT_NAME[suit] || ''}`.trim();
  return String(call);
}

export const STATE_LABEL = { waiting: 'Waiting for players', playing: 'Playing', finished: 'Finished' };
