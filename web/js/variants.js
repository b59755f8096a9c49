// Variant-specific client state and views: coinche auction (bid ladder, contre, surcontre),
// announcements (own combinations at trick 1, the scoring side's from trick 2), Découverte tableaux
// (2 seats; face-down cards are only backs: the server never sends their identity).
import { cardElement, cardBack } from './cards.js';
import { SUIT_SYMBOL, SUIT_NAME, cardName, t as translate } from './i18n.js';
import { h } from './dom.js';
import { addLog } from './table-log.js';

export const VARIANT_LABEL = {
  get classic() { return translate('variant.classic'); },
  get classic_announcements() { return translate('variant.classic_announcements'); },
  get coinche() { return translate('variant.coinche'); },
  get decouverte() { return translate('variant.decouverte'); },
  get three_player() { return translate('variant.three_player'); },
};

export const DENOMINATIONS = ['S', 'H', 'D', 'C', 'SA', 'TA'];
export const DENOM_SYMBOL = { ...SUIT_SYMBOL, SA: translate('denomShort.SA'), TA: translate('denomShort.TA') };
export const DENOM_NAME = { ...SUIT_NAME, SA: translate('denom.SA'), TA: translate('denom.TA') };

const clone = (x) => (x == null ? x : JSON.parse(JSON.stringify(x)));
export const seatCount = (s) => (s.seats && s.seats.length) || 4;
export const valueText = (v) => (v === 'capot' || v === 250 ? translate('value.capot') : String(v));

/** Text of an auction call, including coinche bids. */
export function bidText(call) {
  if (call.call === 'bid') return `${valueText(call.value)} ${DENOM_SYMBOL[call.suit] || call.suit}`;
  if (call.call === 'contre') return translate('call.contre');
  if (call.call === 'surcontre') return translate('call.surcontre');
  return null;
}

/** Fields of a snapshot's view that only some variants use. */
export function variantFromSnapshot(s, view) {
  Object.assign(s, {
    rules: clone(view.rules) || null,
    contract: view.contract ?? null,
    bid: clone(view.bid) || null,
    contre_level: view.contre_level ?? 0,
    own_melds: clone(view.own_melds) || [],
    shown_melds: clone(view.shown_melds) || [],
    meld_winner: view.meld_winner ?? null,
    tableaux: clone(view.tableaux) || null,
  });
}

function removeFromTableau(s, seat, card) {
  const t = s.tableaux && s.tableaux[seat];
  if (!t) return;
  for (const pile of t) if (pile.face_up === card) { pile.face_up = null; return; }
}

/** Runs after state.js applyEvent's own handling of `ev` (same event, already version-checked). */
export function applyVariantEvent(s, ev, name) {
  const n = seatCount(s);
  switch (ev.type) {
    case 'match_started':
      if (ev.rules) s.rules = clone(ev.rules);
      break;
    case 'deal_started':
      Object.assign(s, { contract: null, bid: null, contre_level: 0, own_melds: [], shown_melds: [], meld_winner: null, tableaux: null });
      s.trick = { leader: (ev.dealer + 1) % n, cards: [] };
      if (n === 2) {
        s.hand_sizes = ev.hand_sizes ? ev.hand_sizes.slice(0, 2) : [16, 16];
        s.hand = [];
      }
      break;
    case 'tableaux_dealt':
      s.tableaux = clone(ev.tableaux);
      // Découverte has no hand: the cards the seat may play are its face-up tableau cards.
      if (s.seat != null && s.tableaux[s.seat]) s.hand = s.tableaux[s.seat].map((p) => p.face_up).filter(Boolean);
      addLog(s, translate('log.tableaux'));
      break;
    case 'auction_call': {
      const last = s.auction[s.auction.length - 1];
      if (ev.value != null && last) last.value = ev.value;
      const text = bidText(ev);
      if (text) {
        s.callouts[ev.seat] = { kind: 'call', call: ev.call, suit: ev.suit, text };
        // A call made for the player when his time ran out stays marked as automatic.
        s.log[s.log.length - 1] = s.autoCall ? translate('log.autoCall', { name: name(ev.seat), call: text })
          : translate('log.said', { name: name(ev.seat), text });
        if (s.autoCall && ev.seat === s.seat && s.autoMoveNote) s.autoMoveNote = s.log[s.log.length - 1];
        if (ev.call === 'bid') { s.bid = { seat: ev.seat, value: ev.value, suit: ev.suit }; s.contre_level = 0; }
        if (ev.call === 'contre') s.contre_level = 1;
        if (ev.call === 'surcontre') s.contre_level = 2;
      }
      break;
    }
    case 'contract':
      s.contract = ev.contract ?? ev.trump;
      s.contre_level = ev.contre ?? 0;
      if (ev.value != null) s.bid = { seat: ev.taker, value: ev.value, suit: ev.contract };
      s.trick = { leader: (s.dealer + 1) % n, cards: [] };
      if (n === 2) s.hand_sizes = s.tableaux ? s.tableaux.map((t) => t.reduce((a, p) => a + (p.face_up ? 1 : 0) + p.face_down, 0)) : [16, 16];
      if (ev.contract && !SUIT_SYMBOL[ev.contract] || ev.value != null) {
        const contract = `${ev.value != null ? `${valueText(ev.value)} ` : ''}${DENOM_NAME[ev.contract] || ev.contract}`;
        s.log[s.log.length - 1] = translate('log.contract', { name: name(ev.taker),
          contract: ev.contre === 2 ? translate('log.surcontre', { contract }) : ev.contre === 1 ? translate('log.contre', { contract }) : contract });
      }
      break;
    case 'card_played':
      removeFromTableau(s, ev.seat, ev.card);
      if (n === 2 && s.trick.cards.length > 2) s.trick = { leader: ev.seat, cards: [{ seat: ev.seat, card: ev.card }] };
      break;
    case 'card_revealed': {
      const t = s.tableaux && s.tableaux[ev.seat];
      if (t && t[ev.pile]) { t[ev.pile].face_up = ev.card; t[ev.pile].face_down = 0; }
      if (ev.seat === s.seat && !s.hand.includes(ev.card)) s.hand.push(ev.card);
      s.revealed = { seat: ev.seat, pile: ev.pile, card: ev.card, v: s.v };
      addLog(s, translate('log.turnsUp', { name: name(ev.seat), card: cardName(ev.card) }));
      break;
    }
    case 'melds_found':
      if (Array.isArray(ev.melds)) s.own_melds = clone(ev.melds);
      break;
    case 'melds_shown':
      s.shown_melds = clone(ev.melds) || [];
      s.meld_winner = ev.team;
      addLog(s, translate('log.meldsShown', { points: ev.points }));
      break;
    default:
      break;
  }
}

/**
 * The coinche bidding panel: exactly the `legal` list. A value ladder (each legal value), the
 * denominations legal at the chosen value, and pass / contre / surcontre.
 */
export function renderCoinchePanel(view, s, busy) {
  const bids = s.legal.filter((a) => a.type === 'bid');
  const values = [...new Set(bids.map((a) => a.value))];
  // Each decision starts at the lowest legal value: one kept from an earlier turn or deal would
  // put a higher bid under the player's thumb.
  const decision = `${s.table}/${s.deal}/${s.auction.length}`;
  if (view.bidDecision !== decision || !values.includes(view.bidValue)) view.bidValue = values[0];
  view.bidDecision = decision;
  const panel = h('div', { class: 'coinche-panel', testid: 'coinche-panel' });
  if (values.length) {
    const ladder = h('div', { class: 'bid-ladder', testid: 'bid-ladder' });
    for (const v of values) {
      ladder.append(h('button', { type: 'button', class: `btn small value ${v === view.bidValue ? 'selected' : ''}`, testid: `bid-value-${v}`,
        text: valueText(v), disabled: busy, onclick: () => { view.bidValue = v; view.app.scheduleRender(); } }));
    }
    panel.append(ladder);
    const denoms = h('div', { class: 'bid-denoms', testid: 'bid-denoms' });
    for (const d of DENOMINATIONS) {
      const a = bids.find((b) => b.value === view.bidValue && b.suit === d);
      if (!a) continue;
      denoms.append(h('button', { type: 'button', class: `btn call suit ${'HD'.includes(d) ? 'red' : 'black'}`, testid: `bid-suit-${d}`,
        title: `${valueText(a.value)} ${DENOM_NAME[d]}`, text: `${valueText(a.value)} ${DENOM_SYMBOL[d]}`, disabled: busy,
        onclick: () => view.act({ type: 'bid', value: a.value, suit: d }) }));
    }
    panel.append(denoms);
  }
  const others = h('div', { class: 'auction' });
  for (const a of s.legal) {
    if (a.type === 'pass') others.append(h('button', { type: 'button', class: 'btn call', testid: 'call-pass', text: translate('call.pass'), disabled: busy, onclick: () => view.act({ type: 'pass' }) }));
    if (a.type === 'contre') others.append(h('button', { type: 'button', class: 'btn call danger', testid: 'call-contre', text: translate('coinche.contre'), disabled: busy, onclick: () => view.act({ type: 'contre' }) }));
    if (a.type === 'surcontre') others.append(h('button', { type: 'button', class: 'btn call danger', testid: 'call-surcontre', text: translate('coinche.surcontre'), disabled: busy, onclick: () => view.act({ type: 'surcontre' }) }));
  }
  panel.append(others);
  return panel;
}

/** The current bid / contract badge text for coinche. */
export function contractBadge(s) {
  const b = s.bid;
  const denom = s.contract || (b && b.suit);
  if (!denom) return null;
  const level = s.contre_level === 2 ? ` ×${(s.rules && s.rules.surcontre_multiplier) || 4}` : s.contre_level === 1 ? ' ×2' : '';
  return { symbol: DENOM_SYMBOL[denom] || denom, red: denom === 'H' || denom === 'D', value: b ? valueText(b.value) : null, level, seat: b ? b.seat : s.taker };
}

function meldText(m) {
  const names = { 3: 'meld.tierce', 4: 'meld.quarte', 5: 'meld.quinte' };
  const kind = m.kind === 'carre' ? translate('meld.carre') : names[m.length] ? translate(names[m.length]) : translate('meld.run', { length: m.length });
  return translate('meld.text', { kind, points: m.points });
}

/** The combinations shown at trick 2 stay on the felt until this many tricks are won (then the
 *  log keeps "Announcements: … points shown" and the scores count them). */
export const MELDS_SHOWN_UNTIL_TRICK = 3;

/** Announcements strip: own combinations during trick 1, the scoring side's during tricks 2 and 3. */
export function renderMelds(s, name) {
  const box = h('div', { class: 'melds', testid: 'melds' });
  const done = s.tricks_won.reduce((a, b) => a + b, 0);
  if (s.shown_melds && s.shown_melds.length && s.phase === 'play') {
    if (done >= MELDS_SHOWN_UNTIL_TRICK) return null;
    for (const sm of s.shown_melds) {
      const row = h('div', { class: 'meld-row', testid: `melds-shown-${sm.seat}` }, h('span', { class: 'meld-who', text: translate('meld.who', { name: name(s, sm.seat) }) }));
      for (const m of sm.melds) {
        row.append(h('span', { class: 'meld-name', text: meldText(m) }));
        const cards = h('span', { class: 'meld-cards' });
        for (const c of m.cards) cards.append(cardElement(c, { testid: false }));
        row.append(cards);
      }
      box.append(row);
    }
    return box;
  }
  const firstTrick = done === 0 && s.phase === 'play';
  if (firstTrick && s.own_melds && s.own_melds.length) {
    const row = h('div', { class: 'meld-row own', testid: 'melds-own' }, h('span', { class: 'meld-who', text: translate('meld.own') }));
    for (const m of s.own_melds) row.append(h('span', { class: 'meld-name', text: meldText(m) }));
    box.append(row);
    return box;
  }
  return null;
}

/**
 * One Découverte tableau: 8 piles. A face-down card is drawn as a back (the client never knows it);
 * the face-up card lies on it. `playable` (own tableau, my turn) makes legal cards clickable.
 */
export function renderTableau(s, seat, { own = false, legal = new Set(), playing = false, busy = false, onPlay } = {}) {
  const t = s.tableaux && s.tableaux[seat];
  const box = h('div', { class: `tableau ${own ? 'own' : 'theirs'}`, testid: `tableau-${seat}` });
  if (!t) return box;
  t.forEach((pile, i) => {
    const fresh = s.revealed && s.revealed.seat === seat && s.revealed.pile === i && s.revealed.v === s.v;
    const p = h('div', { class: `pile ${pile.face_up ? '' : 'empty'} ${fresh ? 'revealed' : ''}`, testid: `pile-${seat}-${i}`, 'data-face-down': pile.face_down });
    if (pile.face_down) p.append(cardBack('under'));
    if (pile.face_up) {
      const c = cardElement(pile.face_up, { button: own, testid: own ? undefined : false });
      if (own && playing) {
        const ok = legal.has(pile.face_up);
        c.dataset.legal = String(ok);
        if (!ok) c.classList.add('dim');
        c.disabled = !ok || busy;
        if (ok) c.addEventListener('click', () => onPlay(pile.face_up));
      } else if (own) {
        c.disabled = true;
      }
      if (s.contract && pile.face_up[1] === s.contract) c.classList.add('trump');
      p.append(c);
    }
    if (!pile.face_up && !pile.face_down) p.append(h('span', { class: 'pile-slot' }));
    box.append(p);
  });
  return box;
}
