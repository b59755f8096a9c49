// Cards: ordering, sorting a hand, trick winner (display fallback only) and DOM elements.
import { SUIT_SYMBOL, RANK_LABEL, cardName } from './i18n.js';

const PLAIN_ORDER = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'];
const TRUMP_ORDER = ['J', '9', 'A', 'T', 'K', 'Q', '8', '7'];
// Alternating colours; rotating the cycle keeps them alternating with the trump first.
const SUIT_CYCLE = ['S', 'H', 'C', 'D'];

export const isRed = (suit) => suit === 'H' || suit === 'D';
/** CSS classes colouring a suit: red/black, plus suit-X for the four-colour deck (app.css). */
export const suitClass = (suit) => `${isRed(suit) ? 'red' : 'black'} suit-${suit}`;

export function sortHand(hand, trump) {
  let suits = SUIT_CYCLE;
  if (trump && SUIT_CYCLE.includes(trump)) {
    const i = SUIT_CYCLE.indexOf(trump);
    suits = SUIT_CYCLE.slice(i).concat(SUIT_CYCLE.slice(0, i));
  }
  const strength = (c) => (c[1] === trump ? TRUMP_ORDER : PLAIN_ORDER).indexOf(c[0]);
  return [...hand].sort((a, b) => suits.indexOf(a[1]) - suits.indexOf(b[1]) || strength(a) - strength(b));
}

/** Seat winning `cards` ([{seat, card}], first = lead) under `trump`; used when the server gives no winner. */
export function trickWinner(cards, trump) {
  if (!cards || !cards.length) return null;
  const led = cards[0].card[1];
  let best = cards[0];
  const beats = (a, b) => {
    const at = a[1] === trump, bt = b[1] === trump;
    if (at !== bt) return at;
    if (a[1] !== b[1]) return false;
    const order = at ? TRUMP_ORDER : PLAIN_ORDER;
    return order.indexOf(a[0]) < order.indexOf(b[0]);
  };
  for (const c of cards.slice(1)) {
    if (c.card[1] !== led && c.card[1] !== trump) continue;
    if (beats(c.card, best.card)) best = c;
  }
  return best.seat;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

/**
 * A face-up card. `opts.button` makes it a <button> (the hand); otherwise a <div>.
 * Layout: two corner indices (rank over suit) and a large centre pip.
 */
export function cardElement(card, opts = {}) {
  const rank = card[0], suit = card[1];
  const e = el(opts.button ? 'button' : 'div', `card ${suitClass(suit)}`);
  if (opts.button) e.type = 'button';
  e.dataset.card = card;
  if (opts.testid !== false) e.dataset.testid = `card-${card}`;
  e.setAttribute('aria-label', cardName(card));
  for (const pos of ['tl', 'br']) {
    const corner = el('span', `corner ${pos}`);
    corner.setAttribute('aria-hidden', 'true');
    corner.append(el('span', 'rank', RANK_LABEL[rank] || rank), el('span', 'suit', SUIT_SYMBOL[suit] || suit));
    e.append(corner);
  }
  const face = el('span', 'pip', 'JQK'.includes(rank) ? RANK_LABEL[rank] : SUIT_SYMBOL[suit]);
  if ('JQK'.includes(rank)) {
    face.className = 'pip face';
    face.append(el('small', 'face-suit', SUIT_SYMBOL[suit]));
  }
  face.setAttribute('aria-hidden', 'true');
  e.append(face);
  return e;
}

export function cardBack(cls = '') {
  const e = el('div', `card back ${cls}`.trim());
  e.setAttribute('aria-hidden', 'true');
  return e;
}
