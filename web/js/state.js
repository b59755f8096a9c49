// Client-side table state: built from a snapshot, advanced by versioned events.
// Pure data; no DOM. applyEvent returns 'applied', 'stale' (v already seen) or 'gap' (v jumped).
import { scoreRowFromEvent, scoreRowsFromHistory } from './score-history.js';
import { variantFromSnapshot, applyVariantEvent } from './variants.js';
import { t as translate, callText, cardName, SUIT_NAME } from './i18n.js';
import { addLog } from './table-log.js';

export const team = (seat) => seat % 2;

/** The side of `seat` at a table of `seats` seats: a team (0 = seats 0 and 2, 1 = seats 1 and 3) at
 *  four, the seat itself at two or three (each for himself, docs/protocol.md). */
export const sideOf = (seat, seats) => (seats === 4 ? seat % 2 : seat);
/** How many sides score: 2 teams at four seats, else one per seat. */
export const sideCount = (seats) => (seats === 4 ? 2 : seats);
const zeros = (n) => Array(n).fill(0);

/** The player's move is awaited at table state `s`: he sits, it is his seat's turn and he has a
 *  legal move (a card or a call). */
export const awaitsMyMove = (s) => s.seat != null && s.to_act === s.seat && s.legal.length > 0;

const clone = (x) => (x == null ? x : JSON.parse(JSON.stringify(x)));

function emptySeats(n = 4) {
  return [...Array(n).keys()].map((seat) => ({ seat, player: null }));
}

function normSeats(seats) {
  const n = seats && (seats.length === 2 || seats.length === 3) ? seats.length : 4; // Découverte 2, three_player 3
  const out = emptySeats(n);
  for (const s of seats || []) if (s && s.seat >= 0 && s.seat < n) out[s.seat] = { seat: s.seat, player: s.player || null };
  return out;
}

/** A table known only from the lobby list (not seated yet: no events arrive). */
export function fromListing(t) {
  const sides = sideCount(normSeats(t.seats).length);
  return {
    table: t.table, v: null, synced: false,
    variant: t.variant, target: t.target, state: t.state,
    seats: normSeats(t.seats),
    seat: null, phase: t.state === 'waiting' ? 'not_started' : t.state === 'finished' ? 'finished' : 'play',
    deal: 0, dealer: null, turn_up: null, hand: [], hand_sizes: [0, 0, 0, 0],
    auction_round: 1, auction: [], taker: null, trump: null, belote_seat: null,
    trick: { leader: null, cards: [] }, last_trick: null, tricks_won: zeros(sides), card_points_won: zeros(sides),
    totals: zeros(sides), escrow: 0, to_act: null, legal: [], history: [], winner: null,
    callouts: {}, log: [], dealResult: null, matchResult: null, thrownIn: false,
    scoreRows: [], cancelled: false, autoMove: null, autoMoveNote: null, cancelResult: null,
    ready: zeros(normSeats(t.seats).length).map(() => false), matchPlayers: [],
    // What the lobby's list says of the table (its chief's name, spectators, options): all a visitor
    // who neither sits nor watches knows of it; null until a listing says it.
    listing: 'chief' in t ? { chief: t.chief ?? null, spectators: t.spectators ?? 0, options: t.options ?? null } : null,
  };
}

/** Who plays the match that begins now, by seat, as match_ended.players names them. */
const lineupOf = (s) => s.seats.map((x, seat) => (x.player ? { name: x.player.name, robot: !!x.player.robot } : { name: `Robot ${seat}`, robot: true }));

/** A match cancelled by agreement leaves nothing in play: no cards, no turn, no trick, no contract. */
function clearCancelledMatch(s) {
  Object.assign(s, { state: 'finished', phase: 'finished', cancelled: true, hand: [], hand_sizes: zeros(s.seats.length),
    turn_up: null, trick: { leader: null, cards: [] }, to_act: null, legal: [], callouts: {}, thrownIn: false,
    taker: null, trump: null, dealer: null, contract: null, bid: null, contre_level: 0, shown_melds: [], own_melds: [],
    autoMoveNote: null });
}

/**
 * The log of the deal in play as a player who was there heard it, for a page that comes back
 * without it (a new page: the snapshot is all it has): the deal, its calls, its contract, its
 * completed tricks (view.tricks) and the cards of the trick in play. Built by replaying those as
 * events through applyEvent on a copy, so the lines are the live ones.
 */
function dealLog(s, view, name) {
  if (!view.deal || !(s.phase === 'auction' || s.phase === 'play')) return [];
  const scratch = { ...clone(s), v: 0, synced: true, log: [], hand: [], callouts: {}, auction: [], tricks_won: zeros(sideCount(s.seats.length)),
    card_points_won: zeros(sideCount(s.seats.length)), trick: { leader: null, cards: [] }, tableaux: null };
  const run = (ev) => applyEvent(scratch, ev, (seat) => name(s, seat));
  if (view.deal === 1) scratch.log.push(translate('log.matchStarts'));
  run({ type: 'deal_started', deal: view.deal, dealer: view.dealer, hand_sizes: view.hand_sizes });
  for (const call of view.auction || []) run({ type: 'auction_call', ...call });
  if (s.phase === 'play' && view.taker != null) run({ type: 'contract', taker: view.taker, trump: view.trump, contract: view.contract, value: view.bid ? view.bid.value : undefined, contre: view.contre_level });
  (view.tricks || []).forEach((trick, i) => {
    for (const c of trick.cards) run({ type: 'card_played', seat: c.seat, card: c.card });
    run({ type: 'trick_won', trick: i + 1, winner: trick.winner, points: trick.points, cards: trick.cards });
  });
  const playing = view.trick && Array.isArray(view.trick.cards) ? view.trick.cards : [];
  for (const c of playing) run({ type: 'card_played', seat: c.seat, card: c.card });
  return scratch.log;
}

/** `name(state, seat)` names a seat for the log rebuilt from the snapshot (a page that had none). */
export function fromSnapshot(msg, previous, name) {
  const view = msg.view || {};
  const s = fromListing({ table: msg.table, variant: msg.variant, target: msg.target, state: msg.state, seats: msg.seats });
  Object.assign(s, {
    v: msg.v, synced: true,
    seat: view.seat ?? null,
    phase: view.phase || s.phase,
    deal: view.deal ?? 0,
    dealer: view.dealer ?? null,
    turn_up: view.turn_up ?? null,
    hand: clone(view.hand) || [],
    hand_sizes: clone(view.hand_sizes) || [0, 0, 0, 0],
    auction_round: view.auction_round ?? 1,
    auction: clone(view.auction) || [],
    taker: view.taker ?? null,
    trump: view.trump ?? null,
    belote_seat: view.belote_seat ?? null,
    trick: normTrick(view.trick),
    last_trick: normTrick(view.last_trick, true),
    tricks_won: clone(view.tricks_won) || [0, 0],
    card_points_won: clone(view.card_points_won) || [0, 0],
    totals: clone(view.totals) || [0, 0],
    escrow: view.escrow ?? 0,
    to_act: view.to_act ?? null,
    legal: clone(view.legal) || [],
    history: clone(view.history) || [],
    winner: view.winner ?? null,
  });
  variantFromSnapshot(s, view);
  s.scoreRows = scoreRowsFromHistory(s.history, previous ? previous.scoreRows : []);
  s.ready = s.seats.map((x, seat) => !!(msg.ready && msg.ready[seat]));
  s.matchPlayers = clone(msg.match_players) || [];
  if (s.phase === 'finished' && s.winner != null) {
    s.matchResult = { winner: s.winner, totals: s.totals, players: s.matchPlayers, fromSnapshot: true };
    Object.assign(s, { taker: null, trump: null, dealer: null, contract: null, bid: null, shown_melds: [], own_melds: [] });
  }
  if (msg.cancelled && msg.state === 'finished') clearCancelledMatch(s);
  // Keep what the player has not dismissed yet, and the log, across a resync.
  // ... but not a deal of a match the player only watched: he has just sat for the next one.
  const satSince = previous && previous.seat == null && s.seat != null;
  if (previous && previous.dealResult && !satSince) s.dealResult = previous.dealResult;
  if (previous && previous.cancelResult && s.cancelled) s.cancelResult = previous.cancelResult;
  if (previous && previous.log.length) s.log = previous.log;
  else if (name) s.log = dealLog(s, view, name);
  return s;
}

function normTrick(t, isLast) {
  if (!t) return isLast ? null : { leader: null, cards: [] };
  const cards = Array.isArray(t) ? t : t.cards || [];
  return { leader: t.leader ?? (cards[0] ? cards[0].seat : null), cards: clone(cards), winner: t.winner ?? null, points: t.points ?? null };
}

/** True when the action of `seat` just heard was the automatic one an `auto_move` announced. */
function takeAutoMove(s, seat) {
  const auto = s.autoMove === seat;
  s.autoMove = null;
  return auto;
}

/** How long the note of a move made for the player (its time ran out) stays up, at most. */
export const AUTO_MOVE_NOTE_MS = 8000;

/** The player's own last move made for it when its time ran out is said (`autoMoveNote`, the log
 *  line, until `autoMoveNoteUntil`): for AUTO_MOVE_NOTE_MS, or until it moves again or a new deal
 *  begins, whichever comes first. */
function noteOwnMove(s, seat, auto) {
  if (seat !== s.seat) return;
  s.autoMoveNote = auto ? s.log[s.log.length - 1] : null;
  s.autoMoveNoteUntil = auto ? Date.now() + AUTO_MOVE_NOTE_MS : null;
}

/** `name(seat)` renders a seat's player name for the log. */
export function applyEvent(s, ev, name = (i) => translate('table.seat', { seat: i + 1 })) {
  if (s.v == null || !s.synced) return 'stale';
  if (typeof ev.v === 'number') {
    if (ev.v <= s.v) return 'stale';
    if (ev.v > s.v + 1) return 'gap';
    s.v = ev.v;
  }
  switch (ev.type) {
    case 'seat_changed':
      if (ev.seat >= 0 && ev.seat < s.seats.length) {
        s.seats[ev.seat] = { seat: ev.seat, player: ev.player || null };
        if (s.ready) s.ready[ev.seat] = false;
      }
      break;
    case 'ready':
      if (s.ready && ev.seat >= 0 && ev.seat < s.seats.length) s.ready[ev.seat] = !!ev.ready;
      break;
    case 'match_started':
      Object.assign(s, { state: 'playing', variant: ev.variant || s.variant, target: ev.target || s.target,
        totals: zeros(sideCount(s.seats.length)), history: [], escrow: 0, winner: null, matchResult: null, dealResult: null, cancelled: false,
        cancelResult: null, ready: s.seats.map(() => false), matchPlayers: lineupOf(s), scoreRows: [] });
      addLog(s, translate('log.matchStarts'));
      break;
    case 'deal_started':
      Object.assign(s, {
        phase: 'auction', deal: ev.deal, dealer: ev.dealer, turn_up: ev.turn_up ?? null,
        hand: ev.hand ? [...ev.hand] : s.seat == null ? [] : s.hand,
        hand_sizes: ev.hand_sizes ? [...ev.hand_sizes] : [5, 5, 5, 5],
        auction_round: 1, auction: [], taker: null, trump: null, belote_seat: null,
        trick: { leader: (ev.dealer + 1) % 4, cards: [] }, last_trick: null,
        tricks_won: zeros(sideCount(s.seats.length)), card_points_won: zeros(sideCount(s.seats.length)), to_act: null, legal: [], callouts: {}, thrownIn: false,
        autoMoveNote: null,
      });
      addLog(s, translate('log.deals', { deal: ev.deal, name: name(ev.dealer) }));
      break;
    case 'turn':
      s.to_act = ev.seat;
      if (ev.phase) s.phase = ev.phase;
      s.legal = ev.seat === s.seat && Array.isArray(ev.legal) ? clone(ev.legal) : [];
      if (ev.phase === 'auction' && s.legal.some((a) => a.type === 'name')) s.auction_round = 2;
      break;
    case 'auto_move':
      s.autoMove = ev.seat; // the next action of this seat was made for it (docs/protocol.md "Time per move")
      break;
    case 'auction_call': {
      s.auction.push({ seat: ev.seat, call: ev.call, ...(ev.suit ? { suit: ev.suit } : {}) });
      const n = s.seats.length;
      if (s.auction.length >= n && s.auction.slice(0, n).every((c) => c.call === 'pass')) s.auction_round = 2;
      s.callouts[ev.seat] = { kind: 'call', call: ev.call, suit: ev.suit };
      s.to_act = null; s.legal = [];
      const auto = takeAutoMove(s, ev.seat);
      s.autoCall = auto; // variants.js words a coinche call again, keeping this mark
      addLog(s, translate(auto ? 'log.autoCall' : 'log.call', { name: name(ev.seat), call: callText(ev.call, ev.suit) }));
      noteOwnMove(s, ev.seat, auto);
      break;
    }
    case 'deal_thrown_in':
      s.thrownIn = true; s.to_act = null; s.legal = [];
      addLog(s, translate('log.thrownIn'));
      break;
    case 'contract':
      Object.assign(s, { phase: 'play', taker: ev.taker, trump: ev.trump, turn_up: null, callouts: {}, to_act: null, legal: [] });
      if (ev.hand) s.hand = [...ev.hand];
      s.hand_sizes = [8, 8, 8, 8];
      s.trick = { leader: (s.dealer + 1) % 4, cards: [] };
      addLog(s, translate('log.takes', { name: name(ev.taker), suit: SUIT_NAME[ev.trump] || ev.trump }));
      break;
    case 'card_played': {
      if (s.trick.done || s.trick.cards.length === 0 || s.trick.cards.length >= s.seats.length) s.trick = { leader: ev.seat, cards: [] };
      s.trick.cards.push({ seat: ev.seat, card: ev.card });
      if (ev.seat === s.seat) s.hand = s.hand.filter((c) => c !== ev.card);
      if (s.hand_sizes[ev.seat] > 0) s.hand_sizes[ev.seat] -= 1;
      const auto = takeAutoMove(s, ev.seat);
      if (auto) addLog(s, translate('log.autoPlay', { name: name(ev.seat), card: cardName(ev.card) }));
      noteOwnMove(s, ev.seat, auto);
      if (s.callouts[ev.seat] && s.callouts[ev.seat].kind === 'belote') delete s.callouts[ev.seat];
      if (ev.belote) {
        s.belote_seat = ev.seat;
        s.callouts[ev.seat] = { kind: 'belote', word: ev.belote };
        addLog(s, translate('log.said', { name: name(ev.seat), text: translate(ev.belote === 'rebelote' ? 'call.rebelote' : 'call.belote') }));
      }
      s.to_act = null; s.legal = [];
      break;
    }
    case 'trick_won': {
      const t = sideOf(ev.winner, s.seats.length);
      s.tricks_won[t] += 1;
      s.card_points_won[t] += ev.points || 0;
      const cards = ev.cards ? clone(ev.cards) : s.trick.cards;
      s.last_trick = { leader: cards[0] ? cards[0].seat : null, cards, winner: ev.winner, points: ev.points ?? null, trick: ev.trick };
      // The finished trick stays on the felt (marked as won) until the next card is played.
      s.trick = { leader: ev.winner, cards: clone(cards), done: true, winner: ev.winner };
      addLog(s, translate('log.trick', { trick: ev.trick, name: name(ev.winner), points: ev.points }));
      break;
    }
    case 'deal_scored':
      s.history.push(ev.score);
      s.scoreRows = [...s.scoreRows.slice(0, s.history.length - 1), scoreRowFromEvent(s, ev)]; // row i is history[i]
      s.totals = clone(ev.totals);
      s.escrow = ev.score ? ev.score.escrow ?? s.escrow : s.escrow;
      s.dealResult = { deal: ev.deal, score: clone(ev.score), totals: clone(ev.totals), taker: s.taker, trump: s.trump };
      s.to_act = null; s.legal = [];
      addLog(s, translate('log.dealScored', { deal: ev.deal, scores: ev.score.score.join(' – ') }));
      break;
    case 'match_ended':
      // The deal result keeps its own copy of the contract; the table shows none between matches.
      Object.assign(s, { phase: 'finished', state: 'finished', winner: ev.winner, totals: clone(ev.totals), to_act: null, legal: [],
        trick: { leader: null, cards: [] }, taker: null, trump: null, dealer: null, contract: null, bid: null, callouts: {},
        shown_melds: [], own_melds: [], autoMoveNote: null });
      if (Array.isArray(ev.players)) s.matchPlayers = clone(ev.players);
      s.matchResult = { winner: ev.winner, totals: clone(ev.totals), results: clone(ev.results ?? null), unmoved: ev.unmoved ?? null,
        players: clone(s.matchPlayers) };
      addLog(s, translate('log.matchOver'));
      break;
    case 'match_cancelled':
      clearCancelledMatch(s);
      // What each seat got back or lost (docs/protocol.md "Friendly cancel").
      // Named as when the match began (`players`): an abandoner's seat may be free by now.
      if (Array.isArray(ev.players)) s.matchPlayers = clone(ev.players);
      s.cancelResult = Array.isArray(ev.results) ? { results: clone(ev.results), stake: ev.stake ?? 0, unmoved: ev.unmoved ?? null, cancelled: true,
        players: clone(s.matchPlayers) } : null;
      addLog(s, translate('log.matchCancelled'));
      break;
    default:
      break;
  }
  applyVariantEvent(s, ev, name);
  return 'applied';
}

/** The seat's legal actions of one kind (auction buttons, playable cards). */
export function legalCards(s) {
  return s.legal.filter((a) => a.type === 'play').map((a) => a.card);
}
