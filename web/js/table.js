// Table view: felt with four seats around the viewer, trick, auction, hand, scores, result panels.
import { cardElement, cardBack, sortHand, trickWinner } from './cards.js';
import { SUIT_SYMBOL, SUIT_NAME, callText, STATE_LABEL, pageLanguage, t as translate } from './i18n.js';
import { sideOf, sideCount, legalCards, awaitsMyMove } from './state.js';
import { VARIANT_LABEL, seatCount, renderCoinchePanel, contractBadge, renderMelds, renderTableau, bidText, valueText } from './variants.js';
import { h, morph } from './dom.js';
import { installKeyboard, keepFocus, enhanceGroups } from './keyboard.js';
import { TrickFly } from './trick-fly.js';
import { matchRoomResults } from './room.js';
import { installTools, renderTools, renderToolPanel, labelLastTrick, contractHolder } from './table-tools.js';
import { clockIcon } from './icons.js';
import { playerName } from './names.js';

export { playerName };
import { whyNotPlayable } from './play-rules.js';
import { setting } from './prefs.js';
import { robotLevelText } from './platform.js';

const POS = ['bottom', 'right', 'top', 'left']; // relative to the viewer, play order counterclockwise
const POS3 = ['bottom', 'right', 'left']; // three seats: the next player up on the right, the one after up on the left
const MIRROR = { bottom: 'bottom', top: 'top', left: 'right', right: 'left' };

const SVG_NS = 'http://www.w3.org/2000/svg';

/** How long a forced card waits before it is played by itself (the autoPlay setting). */
const AUTO_PLAY_MS = 600;

/** Names by seat ({ name, robot } or null each), two players of one name told apart by their seat. */
function namesBySeat(players) {
  return players.map((p, seat) => {
    if (!p) return translate('table.seat', { seat: seat + 1 });
    const twin = players.some((x, other) => other !== seat && x && !x.robot && !p.robot && x.name === p.name);
    return twin ? translate('table.nameAtSeat', { name: p.name, seat: seat + 1 }) : playerName(p);
  });
}

/** A modal dialog just shown (a deal or match result) takes the focus, on its main button, so that
 *  a keyboard or screen reader user is in it at once. */
function focusDialog(node) {
  const button = node.querySelector('[aria-modal="true"] .btn.primary');
  if (button) button.focus({ preventScroll: true });
}

/** Escape, or Enter outside a button (which Enter presses itself), closes a dialog with `close`. */
function closeOnKeys(e, close) {
  if (e.key !== 'Escape' && !(e.key === 'Enter' && !(e.target instanceof HTMLButtonElement))) return;
  e.preventDefault();
  close();
}

/** The levels `add_robot` accepts, weakest first (docs/protocol.md). */
export const ROBOT_LEVELS = ['easy', 'medium', 'hard', 'expert'];

/** A small robot head, drawn inline (emoji fonts are not everywhere). */
function robotIcon() {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'robot-icon');
  svg.setAttribute('aria-hidden', 'true');
  const parts = [
    ['rect', { x: 4, y: 7, width: 16, height: 12, rx: 3, fill: 'currentColor' }],
    ['rect', { x: 11, y: 2.5, width: 2, height: 4.5, fill: 'currentColor' }],
    ['circle', { cx: 12, cy: 2.5, r: 1.8, fill: 'currentColor' }],
    ['circle', { cx: 9, cy: 12, r: 1.9, fill: '#1b2b22' }],
    ['circle', { cx: 15, cy: 12, r: 1.9, fill: '#1b2b22' }],
    ['rect', { x: 8.5, y: 15.5, width: 7, height: 1.6, rx: .8, fill: '#1b2b22' }],
    ['rect', { x: 1.5, y: 10.5, width: 2.5, height: 5, rx: 1, fill: 'currentColor' }],
    ['rect', { x: 20, y: 10.5, width: 2.5, height: 5, rx: 1, fill: 'currentColor' }],
  ];
  for (const [tag, attrs] of parts) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
  }
  return svg;
}


export class TableView {
  constructor(app, root) {
    this.app = app;
    this.root = root;
    this.busy = false;
    this.showLast = false;
    this.dismissedDeal = new Map(); // table -> deal number whose result was closed
    this.dismissedMatch = new Set();
    this.toolPanel = null; // open table-tools panel: 'info', 'history' or null
    this.trickFly = new TrickFly();
    this.viewEl = null;     // the table drawn last (replaced at each render)
    this.overlayHost = h('div', { class: 'overlay-host' }); // dialogs: kept across renders while unchanged
    this.overlayNodes = new Map(); // overlay key -> its element
    this.confirmStart = null; // table whose chief is asked to confirm a start before everyone is ready
    installKeyboard(root);
    installTools(this);
  }

  /** A new match at `table`: the results closed in the last one do not hide this one's. */
  newMatch(table) {
    this.dismissedDeal.delete(table);
    this.dismissedMatch.delete(table);
  }

  name(s, seat) {
    const p = s.seats[seat] && s.seats[seat].player;
    if (!p) return translate('table.seat', { seat: seat + 1 });
    if (seat === s.seat) return translate('table.you', { name: p.name });
    return this.plainName(s, seat);
  }

  /** The name of the player in `seat` without "(you)": two players may share a name, the seat
   *  tells them apart (in the seats, the chat and the results alike). */
  plainName(s, seat) {
    const p = s.seats[seat] && s.seats[seat].player;
    if (!p) return translate('table.seat', { seat: seat + 1 });
    return namesBySeat(s.seats.map((x) => x.player))[seat];
  }

  /** Who played the current (or last) match, by seat, named as when it began (the server's
   *  match_players), told apart like the seats; the seats' names when it is not known. */
  matchNames(s, m = s.matchResult) {
    const players = m && Array.isArray(m.players) && m.players.length ? m.players : s.matchPlayers && s.matchPlayers.length ? s.matchPlayers : null;
    if (!players) return s.seats.map((x, seat) => (x.player ? this.plainName(s, seat) : '—'));
    return namesBySeat(players);
  }

  /** True when the player of this page played match `m` in the seat it has now. */
  playedIn(s, m) {
    if (s.seat == null) return false;
    const was = m && Array.isArray(m.players) && m.players[s.seat];
    const now = s.seats[s.seat] && s.seats[s.seat].player;
    return !was || (!was.robot && !!now && was.name === now.name);
  }

  /** The name of side `t`: a team at four seats, a player at two or three (docs/protocol.md). */
  teamName(s, t) {
    if (seatCount(s) === 2) return s.seat != null ? translate(s.seat === t ? 'table.teamYou' : 'table.teamOpponent') : translate('table.seat', { seat: t + 1 });
    if (seatCount(s) === 3) {
      if (s.seat === t) return translate('table.teamYou');
      return s.seats[t] && s.seats[t].player ? playerName(s.seats[t].player) : translate('table.seat', { seat: t + 1 });
    }
    if (s.seat != null) return translate(sideOf(s.seat, 4) === t ? 'table.teamUs' : 'table.teamThem');
    return translate(t === 0 ? 'table.teamA' : 'table.teamB');
  }

  /** The players of side `t` (`names`: by seat; the seats' names by default). */
  teamPlayers(s, t, names = null) {
    const at = (seat) => (names ? names[seat] || '—' : s.seats[seat] && s.seats[seat].player ? this.plainName(s, seat) : '—');
    if (seatCount(s) !== 4) return at(t);
    return [t, t + 2].map(at).join(' & ');
  }

  /** The sides in the order the page shows them: the viewer's first, then in play order. */
  sideOrder(s) {
    const n = sideCount(seatCount(s));
    const mine = s.seat != null ? sideOf(s.seat, seatCount(s)) : 0;
    return [...Array(n).keys()].map((k) => (mine + k) % n);
  }

  rel(s, seat) {
    const me = s.seat ?? 0;
    const n = seatCount(s);
    let pos;
    if (n === 2) pos = seat === me ? 'bottom' : 'top';
    else if (n === 3) pos = POS3[(seat - me + 3) % 3];
    else pos = POS[(seat - me + 4) % 4];
    // Seats are numbered in play order; clockwise play puts the next seat on the left (docs/protocol.md).
    return this.direction(s) === 'clockwise' ? MIRROR[pos] : pos;
  }

  /** The direction of play drawn (§9 `direction`): the match's while one is played, otherwise the
   *  next match's as the table's options say (the chief may just have changed it). */
  direction(s) {
    const p = this.app.platform.tables.get(s.table);
    const o = p && p.options && p.options.variant === s.variant ? p.options : null;
    const next = o ? (o.rules && o.rules.direction) || 'counterclockwise' : null;
    if (s.state !== 'playing' && next) return next;
    return (s.rules && s.rules.direction) || next || 'counterclockwise';
  }

  async act(body) {
    if (this.busy) return;
    const table = this.app.current;
    const before = this.app.tables.get(table);
    this.busy = true;
    this.app.render(); // at once: no second click on the same turn
    try {
      await this.app.request({ ...body, table });
      // Accepted: the events it caused follow the reply. Stay busy until the version moves on,
      // so the page never offers the same turn twice.
      if (before && before.v != null) this.awaitV = { table, v: before.v };
    } catch (e) {
      /* the app shows the error */
    } finally {
      this.busy = false;
      this.app.scheduleRender();
    }
  }

  isBusy(s) {
    if (this.awaitV && (this.awaitV.table !== s.table || s.v !== this.awaitV.v)) this.awaitV = null;
    return this.busy || !!this.awaitV || !this.app.authenticated;
  }

  /** Draws table state `s`. `clockOnly` (app.scheduleRender): only a countdown moved on since the
   *  last render, whose elements are then kept and updated in place. */
  render(s, { clockOnly = false } = {}) {
    const restoreFocus = keepFocus(this.root);
    const busy = this.isBusy(s);
    const myTurn = awaitsMyMove(s);
    const bidding = myTurn && s.phase === 'auction' && s.variant === 'coinche';
    const view = h('div', { class: `table-wrap phase-${s.phase} state-${s.state} ${bidding ? 'coinche-bidding' : ''}`, testid: 'table-view', 'data-table': s.table,
      'data-v': s.v ?? '', 'data-phase': s.phase, 'data-busy': String(busy), 'data-seat': s.seat ?? '', 'data-my-turn': myTurn ? 'true' : 'false' },
    this.renderHead(s),
    this.renderSeatedElsewhere(s),
    this.renderFelt(s, myTurn),
    this.withCountdown(this.renderControls(s, myTurn, busy), s),
    this.renderHand(s, myTurn, busy),
    this.renderFoot(s));
    // Only the table is drawn again: dialogs that did not change stay as they are (a dialog drawn
    // again each second would replay its opening animation: the countdown updates its text only).
    enhanceGroups(view);
    let shown = view;
    if (this.viewEl && this.viewEl.parentNode === this.root) {
      // A countdown's tick keeps the buttons: one pressed before it and released after still clicks.
      if (clockOnly && this.viewEl.dataset.table === s.table) shown = morph(this.viewEl, view);
      else this.viewEl.replaceWith(view);
    } else this.root.prepend(view);
    this.viewEl = shown;
    if (this.overlayHost.parentNode !== this.root) this.root.append(this.overlayHost);
    this.syncOverlays(this.renderOverlays(s));
    this.trickFly.afterRender(s, shown);
    this.autoPlay(s, myTurn, busy);
    queueMicrotask(restoreFocus); // after the app has added the platform panel
  }

  /** Puts the platform panel (platform.js) after the table, in place of the last one. */
  setPanel(panel, { clockOnly = false } = {}) {
    if (this.panelEl && this.panelEl.parentNode === this.root) {
      if (clockOnly) panel = morph(this.panelEl, panel); // as render(): a tick keeps the buttons
      else this.panelEl.replaceWith(panel);
    } else this.root.insertBefore(panel, this.overlayHost.parentNode === this.root ? this.overlayHost : null);
    this.panelEl = panel;
  }

  /** The dialogs `items` ({ key, build, update }) in the overlay host: an item whose key was shown
   *  last time keeps its element (update refreshes what changes in it, such as a countdown). */
  syncOverlays(items) {
    const host = this.overlayHost;
    const built = [];
    const nodes = items.map((item) => {
      const kept = item.key != null ? this.overlayNodes.get(item.key) : null;
      if (kept) {
        if (item.update) item.update(kept);
        return kept;
      }
      const node = item.build();
      built.push(node);
      return node;
    });
    for (const child of [...host.children]) if (!nodes.includes(child)) child.remove();
    nodes.forEach((node, i) => { if (host.children[i] !== node) host.insertBefore(node, host.children[i] || null); });
    this.overlayNodes = new Map(items.map((item, i) => [item.key, nodes[i]]).filter(([key]) => key != null));
    for (const node of built) focusDialog(node);
  }

  /** With the setting on (prefs.js autoPlay), the only card the player may play is played by
   *  itself, after a short moment so that the player sees it go. Never in the auction. */
  autoPlay(s, myTurn, busy) {
    if (!setting('autoPlay') || !myTurn || busy || s.phase !== 'play') return;
    const legal = legalCards(s);
    if (legal.length !== 1 || s.legal.length !== 1 || this.autoPlayed === `${s.table}/${s.v}`) return;
    const key = `${s.table}/${s.v}`;
    this.autoPlayed = key;
    setTimeout(() => {
      const now = this.app.tables.get(s.table);
      if (!now || `${now.table}/${now.v}` !== key || this.app.current !== s.table) return;
      this.act({ type: 'play', card: legal[0] });
    }, AUTO_PLAY_MS);
  }

  renderHead(s) {
    const playing = s.state === 'playing';
    // Between matches the header tells of the next match: the options the chief may just have changed.
    const info = this.app.platform.tables.get(s.table);
    const next = !playing && info && info.options;
    const variant = VARIANT_LABEL[next ? next.variant : s.variant] || (next ? next.variant : s.variant);
    const target = next && next.target ? next.target : s.target;
    const badge = s.variant === 'coinche' && playing && s.phase !== 'not_started' ? contractBadge(s) : null;
    // After a match, its winner's score (only) is ticked.
    const won = (t) => s.state === 'finished' && s.winner != null && s.winner === t;
    const scores = this.sideOrder(s).map((t) => h('div', { class: `score team-${t} ${s.seat != null && sideOf(s.seat, seatCount(s)) === t ? 'mine' : ''} ${won(t) ? 'winner' : ''}`,
      testid: `score-${t}`, 'data-winner': String(won(t)), title: this.teamPlayers(s, t) },
      h('span', { class: 'score-label', text: this.teamName(s, t) }),
      h('span', { class: 'score-value', testid: `totals-${t}`, text: String(s.totals[t] ?? 0) })));
    return h('div', { class: 'table-head' },
      h('button', { type: 'button', class: 'btn ghost', testid: 'back-to-lobby', text: translate('table.lobby'), onclick: () => this.app.goLobby() }),
      h('div', { class: 'table-title' },
        h('strong', { text: translate('table.name', { table: s.table }) }),
        h('span', { class: 'muted', testid: 'table-subtitle', text: ` ${variant} · ${translate('table.target', { target })}${playing && s.deal ? ` · ${translate('table.deal', { deal: s.deal })}` : ''}` })),
      playing && s.trump && s.taker != null ? h('div', { class: `contract ${'HD'.includes(s.trump) ? 'red' : ''}`, testid: 'contract', 'data-trump': s.trump, 'data-taker': s.taker,
        title: translate('table.trumpTitle', { suit: SUIT_NAME[s.trump], name: this.name(s, s.taker) }) },
        h('span', { class: 'trump-sym', 'aria-hidden': 'true', text: SUIT_SYMBOL[s.trump] }),
        h('span', { class: 'contract-text' }, h('small', { testid: 'contract-suit', text: translate('table.trumpSuit', { suit: SUIT_NAME[s.trump] }) }), h('span', { text: this.name(s, s.taker) }))) : null,
      badge && !(s.trump && s.taker != null) ? h('div', { class: `contract ${badge.red ? 'red' : ''}`, testid: 'contract', 'data-contract': s.contract || '' },
        h('span', { class: 'trump-sym', text: badge.symbol }),
        h('span', { class: 'contract-text' }, h('small', { text: translate(s.contract ? 'table.contract' : 'table.bid') }), h('span', { text: `${badge.value || ''}${badge.level}` }))) : null,
      badge && s.trump && s.taker != null ? h('div', { class: 'contract-value', testid: 'contract-value', text: `${badge.value || ''}${badge.level}` }) : null,
      badge && !(s.trump && s.taker != null) ? contractHolder(this, s, badge) : null,
      s.cancelled ? null : h('div', { class: `scoreboard ${s.state === 'finished' ? 'final' : ''}`, testid: 'scoreboard', title: s.state === 'finished' ? translate('table.finalScore') : null }, scores,
        s.escrow ? h('div', { class: 'escrow', testid: 'escrow', title: translate('table.escrowTitle'), text: translate('table.escrow', { points: s.escrow }) }) : null));
  }

  renderFelt(s, myTurn) {
    const felt = h('div', { class: 'felt', testid: 'felt' });
    for (let seat = 0; seat < seatCount(s); seat++) felt.append(this.renderSeat(s, seat));
    felt.append(this.renderCenter(s));
    if (seatCount(s) === 2) felt.classList.add('two-seats');
    if (seatCount(s) === 3) felt.classList.add('three-seats');
    if (s.tableaux) felt.append(renderTableau(s, s.seat != null ? 1 - s.seat : 1)); // a spectator sees seat 0's below
    const melds = renderMelds(s, (st, seat) => this.name(st, seat));
    if (melds) felt.append(melds);
    const cancel = this.app.platform.cancelPrompt(s);
    if (cancel) felt.append(cancel);
    return felt;
  }

  renderSeat(s, seat) {
    const p = s.seats[seat].player;
    const pos = this.rel(s, seat);
    const cls = ['seat', `pos-${pos}`, `team-${seatCount(s) === 4 ? sideOf(seat, 4) : seat}`];
    if (s.to_act === seat && (s.phase === 'auction' || s.phase === 'play')) cls.push('to-act');
    if (seat === s.seat) cls.push('me');
    if (!p) cls.push('empty');
    const box = h('div', { class: cls.join(' '), testid: `seat-${seat}`, 'data-seat': seat, 'data-robot': p ? String(!!p.robot) : null });
    if (p) {
      const plate = h('div', { class: 'nameplate' },
        p.robot ? h('span', { class: 'avatar robot', 'aria-hidden': 'true' }, robotIcon())
          : h('span', { class: 'avatar', 'aria-hidden': 'true', text: [...p.name][0] ? [...p.name][0].toUpperCase() : '?' }),
        h('span', { class: 'pname', testid: `seat-${seat}-name`, title: this.name(s, seat), text: this.name(s, seat) }));
      box.append(plate);
      const tags = h('div', { class: 'tags' });
      if (p.robot) tags.append(h('span', { class: 'tag robot', testid: `seat-${seat}-robot`, 'data-level': p.level || null, text: p.level ? `${translate('table.robot')} · ${translate(`level.${p.level}`)}` : translate('table.robot') }));
      else if (typeof p.level === 'number') tags.append(h('span', { class: 'tag level', testid: `seat-${seat}-level`, 'data-level': p.level, text: translate('room.levelShort', { level: p.level }) }));
      if (s.state === 'playing' && s.dealer === seat && s.phase !== 'not_started') tags.append(h('span', { class: 'tag dealer', title: translate('table.dealer'), text: translate('table.dealer') }));
      if (s.state === 'finished' && s.ready && s.ready[seat] && !p.robot) tags.append(h('span', { class: 'tag ready', testid: `seat-${seat}-ready`, text: translate('table.readyTag') }));
      if (s.state === 'playing' && s.taker === seat) tags.append(h('span', { class: 'tag taker', title: translate('table.taker'), text: translate('table.takerSuit', { suit: SUIT_SYMBOL[s.trump] || '' }).trim() }));
      const away = this.presenceTag(s, seat);
      if (away) tags.append(away);
      if (tags.childElementCount) box.append(tags);
      if (seat !== s.seat && !s.tableaux && (s.phase === 'auction' || s.phase === 'play')) {
        const n = s.hand_sizes[seat] || 0;
        const fan = h('div', { class: 'mini-fan', title: translate('table.cards', { count: n }), 'aria-label': translate('table.cards', { count: n }) });
        for (let i = 0; i < n; i++) fan.append(h('span', { class: 'mini-back' }));
        box.append(fan);
      }
      const leave = this.leaveSeatButton(s, seat, p);
      if (leave) box.append(leave);
      const co = s.callouts[seat];
      if (co) {
        const text = co.kind === 'belote' ? translate(co.word === 'rebelote' ? 'call.rebelote' : 'call.belote') : co.text || callText(co.call, co.suit);
        box.append(h('div', { class: `bubble ${co.kind} ${co.call || ''} ${co.suit && 'HD'.includes(co.suit) ? 'red' : ''}`, testid: `callout-${seat}`, text }));
      }
    } else {
      box.append(h('div', { class: 'nameplate empty-plate' }, h('span', { class: 'pname muted', text: translate('table.emptySeat') })));
      if (s.state !== 'playing') {
        const btns = h('div', { class: 'seat-actions' });
        if (s.seat == null) btns.append(h('button', { type: 'button', class: 'btn small primary', testid: `seat-${seat}-sit`, text: translate('table.sit'), onclick: () => this.app.sit(seat) }));
        // Only the chief adds robots (anyone while nobody is seated, but not in the last free seat
        // of a table that has not played yet, kept for a person): the others are not offered it. A
        // visitor (neither seated nor watching) knows the chief from the lobby's list only.
        const info = this.app.platform.tables.get(s.table);
        const chief = info ? info.chief : null;
        const visitor = !s.synced && s.seat == null;
        const chiefless = visitor ? !!s.listing && s.listing.chief == null : chief == null;
        const lastFree = s.state === 'waiting' && s.seats.filter((x) => !x.player).length <= 1;
        if ((chiefless && !lastFree) || (s.seat != null && chief === s.seat)) this.addRobotButtons(btns, seat);
        if (btns.childElementCount) box.append(btns);
      }
    }
    return box;
  }

  /** "+ Robot" with its level for the empty `seat`, appended to `btns`. */
  addRobotButtons(btns, seat) {
    const level = h('select', { class: 'robot-level', testid: `seat-${seat}-robot-level`, title: translate('table.robotLevel'), 'aria-label': translate('table.robotLevel'), onchange: (e) => { this.app.robotLevel = e.target.value; } },
      ROBOT_LEVELS.map((l) => h('option', { value: l, text: translate(`level.${l}`), selected: l === this.app.robotLevel })));
    btns.append(level, h('button', { type: 'button', class: 'btn small', testid: `seat-${seat}-add-robot`, text: translate('table.addRobot'), onclick: () => this.app.addRobot(seat, level.value) }));
  }

  /** Between matches: the chief may take a seated robot away, a player may stand up. */
  leaveSeatButton(s, seat, player) {
    if (s.state === 'playing') return null;
    const p = this.app.platform.tables.get(s.table);
    const isChief = p && p.chief != null && p.chief === s.seat;
    if (player.robot && isChief) {
      return h('button', { type: 'button', class: 'btn small seat-leave', testid: `seat-${seat}-remove-robot`, text: translate('table.removeRobot'),
        onclick: () => this.app.request({ type: 'remove_robot', table: s.table, seat }).catch(() => {}) });
    }
    if (seat === s.seat) {
      return h('button', { type: 'button', class: 'btn small seat-leave', testid: 'stand-up', text: translate('table.standUp'),
        onclick: () => this.app.standUp() });
    }
    return null;
  }

  /** Whether a robot plays for the person of `seat` (gone, or away), so nobody waits for him; not
   *  for a robot seated as such, whose presence says robot_playing too. */
  robotPlaysFor(s, seat) {
    const player = s.seats[seat] && s.seats[seat].player;
    return Boolean(this.presenceOf(s, seat)?.robot_playing) && !(player && player.robot);
  }

  /** Whether the player of `seat` is away (three moves in a row made for him: docs/protocol.md
   *  "seat_status"), a robot playing for him until he acts. */
  isAway(s, seat) {
    return this.presenceOf(s, seat)?.status === 'away';
  }

  /** How the seat `seat` of table state `s` is played (its last seat_status, docs/protocol.md), or
   *  null when none was told. */
  presenceOf(s, seat) {
    const p = this.app.platform.tables.get(s.table);
    return (p && p.presence[seat]) || null;
  }

  /** On the seat itself: a robot plays for a player who is gone, with the time left to come back. */
  presenceTag(s, seat) {
    const st = this.presenceOf(s, seat);
    if (!st || st.status === 'present') return null;
    const left = st.status === 'disconnected' && st.reclaim_deadline ? Math.max(0, Math.ceil((st.reclaim_deadline - Date.now()) / 1000)) : null;
    const level = st.robot_playing ? robotLevelText(st) : null;
    const time = left != null ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` : null;
    const key = time != null ? (st.robot_playing ? 'table.goneReturn' : 'table.goneWait') : st.robot_playing ? 'table.goneRobot' : `presence.${st.status}`;
    const text = translate(key, { time, level });
    // A phone's seat has room for one short line: the robot icon, its level and the time (the whole
    // text is the tag's title).
    const shortKey = { 'table.goneReturn': 'table.goneReturnShort', 'table.goneWait': 'table.goneWaitShort', 'table.goneRobot': 'table.goneRobotShort' }[key];
    const short = shortKey ? translate(shortKey, { time, level }) : text;
    return h('span', { class: `tag gone ${st.status}`, testid: `seat-${seat}-presence`, 'data-status': st.status, title: text },
      st.robot_playing ? robotIcon() : null, h('span', { class: 'long', text }), h('span', { class: 'short', text: short }));
  }

  renderCenter(s) {
    const center = h('div', { class: 'center' });
    if (s.phase === 'auction' && s.turn_up) {
      center.append(h('div', { class: 'turnup', testid: 'turn-up', 'data-card': s.turn_up },
        cardElement(s.turn_up, { testid: false }),
        h('span', { class: 'label', text: translate(s.auction_round === 2 ? 'table.round2' : 'table.turnUp') })));
    }
    const trick = h('div', { class: `trick ${s.trick.done ? 'done' : ''}`, testid: 'trick' });
    const winner = s.trick.done ? s.trick.winner : null;
    for (const c of s.trick.cards) {
      const slot = h('div', { class: `slot slot-${this.rel(s, c.seat)} ${winner === c.seat ? 'winner' : ''}`, testid: `trick-seat-${c.seat}` },
        cardElement(c.card, { testid: false }));
      trick.append(slot);
    }
    if (s.trick.done && winner != null) trick.append(h('div', { class: 'trick-note', text: translate('table.trickWinner', { name: this.name(s, winner) }) }));
    center.append(trick);
    if (s.phase === 'not_started') {
      const free = s.seats.filter((x) => !x.player).length;
      const fill = this.fillSeconds(s);
      const short = this.cannotCover(s).length > 0;
      center.append(fill != null
        ? h('div', { class: 'center-note fill-note', testid: 'fill-countdown', 'data-seconds': String(fill) }, clockIcon(),
          h('span', { text: translate(free ? 'table.fillIn' : 'table.startIn', { seconds: fill }) }))
        : h('div', { class: 'center-note', text: free ? translate(free > 1 ? 'table.waitingMany' : 'table.waitingOne', { count: free })
          : translate(short ? 'table.notCovered' : 'table.ready') }));
    }
    return center;
  }

  /** Seconds until robots fill the empty seats and the match starts (quick play), or null. */
  fillSeconds(s) {
    const p = this.app.platform.tables.get(s.table);
    if (!p || !p.fill || s.state !== 'waiting') return null;
    return Math.max(0, Math.ceil((p.fill - Date.now()) / 1000));
  }

  /** A player looking at another table (an invitation opened) while seated at one: where his seat
   *  is, when its match starts and his turn comes, and the way back to it. */
  renderSeatedElsewhere(s) {
    const mine = [...this.app.tables.values()].find((x) => x.table !== s.table && x.synced && x.seat != null);
    if (!mine) return null;
    const turn = mine.state === 'playing' && mine.to_act === mine.seat;
    const key = turn ? 'table.elsewhereTurn' : mine.state === 'playing' ? 'table.elsewhereStarted' : 'table.seatedElsewhere';
    return h('div', { class: `seated-elsewhere ${mine.state === 'playing' ? 'urgent' : ''}`, testid: 'seated-elsewhere', 'data-state': mine.state, role: 'status' },
      h('span', { testid: 'seated-elsewhere-text', text: translate(key, { table: mine.table }) }),
      h('button', { type: 'button', class: 'btn small primary', testid: 'seated-elsewhere-return', text: translate('table.returnToSeat'),
        onclick: () => this.app.openTable(mine.table) }));
  }

  renderControls(s, myTurn, busy) {
    const bar = h('div', { class: 'controls', testid: 'controls' });
    if (s.state !== 'playing') {
      bar.append(...this.renderBetweenMatches(s, busy));
      return bar;
    }
    if (myTurn && s.phase === 'auction' && s.variant === 'coinche') {
      bar.append(h('span', { class: 'status you', testid: 'status', text: s.bid ? translate('table.coincheOver', { value: valueText(s.bid.value) }) : translate('table.coincheOpen') }),
        renderCoinchePanel(this, s, busy));
      return bar;
    }
    if (myTurn && s.phase === 'auction') {
      const calls = h('div', { class: 'auction', testid: 'auction' });
      const trumpHint = s.turn_up ? s.turn_up[1] : null;
      for (const a of s.legal) {
        let label, testid, cls = 'btn call';
        if (a.type === 'take') { label = translate('call.takeSuit', { suit: SUIT_SYMBOL[trumpHint] || '' }).trim(); testid = 'call-take'; cls += ' primary'; }
        else if (a.type === 'pass') { label = translate('call.pass'); testid = 'call-pass'; }
        else if (a.type === 'name') { label = `${SUIT_SYMBOL[a.suit]} ${SUIT_NAME[a.suit]}`; testid = `call-name-${a.suit}`; cls += ` suit ${'HD'.includes(a.suit) ? 'red' : 'black'}`; }
        else continue;
        calls.append(h('button', { type: 'button', class: cls, testid, text: label, disabled: busy,
          onclick: () => this.act(a.type === 'name' ? { type: 'name', suit: a.suit } : { type: a.type }) }));
      }
      bar.append(h('span', { class: 'status you', testid: 'status', text: translate(s.auction_round === 2 ? 'table.nameOrPass' : 'table.takeOrPass') }), calls);
      return bar;
    }
    let text = '';
    if (s.phase === 'finished') text = translate('table.matchOver');
    else if (myTurn && s.phase === 'play') text = translate('table.yourTurn');
    else if (s.to_act != null && this.robotPlaysFor(s, s.to_act)) {
      text = translate('table.robotPlaysFor', { name: this.name(s, s.to_act), level: robotLevelText(this.presenceOf(s, s.to_act)) });
    } else if (s.to_act != null) text = translate('table.waitingFor', { name: this.name(s, s.to_act) });
    else if (s.thrownIn) text = translate('table.thrownIn');
    bar.append(h('span', { class: `status ${myTurn ? 'you' : ''}`, testid: 'status', text }));
    return bar;
  }

  /** Seconds left to the seat to act when the table has a time per move, else null (also when a
   *  robot took the seat since its turn began: it moves now, the deadline is no longer his). */
  secondsToAct(s) {
    const p = this.app.platform.tables.get(s.table);
    if (!p || !p.deadline || s.state !== 'playing' || s.to_act == null || this.robotPlaysFor(s, s.to_act)) return null;
    return Math.max(0, Math.ceil((p.deadline - Date.now()) / 1000));
  }

  /** The move timer next to the status, where the player looks (the platform panel is below the fold
   *  on a laptop screen), why some cards are dimmed, and the player's last move if it was made for it. */
  withCountdown(bar, s) {
    const myPlay = awaitsMyMove(s) && s.phase === 'play';
    const legal = myPlay ? legalCards(s) : [];
    const dimmed = myPlay ? s.hand.filter((c) => !legal.includes(c)) : [];
    if (dimmed.length) {
      const reasons = [...new Set(dimmed.map((c) => whyNotPlayable(s, c, legal)))];
      bar.append(h('div', { class: 'play-rule', testid: 'play-rule', text: reasons.join(' ') }));
    }
    if (s.seat != null && s.state === 'playing' && this.isAway(s, s.seat)) bar.append(h('div', { class: 'auto-move-note', testid: 'away-note', role: 'status', text: translate('table.awayYou') }));
    if (s.autoMoveNote && s.state === 'playing' && Date.now() < s.autoMoveNoteUntil) {
      bar.append(h('div', { class: 'auto-move-note', testid: 'auto-move-note', role: 'status', text: s.autoMoveNote }));
      clearTimeout(this.noteTimer); // drawn again once it is due to go
      this.noteTimer = setTimeout(() => this.app.scheduleRender(), s.autoMoveNoteUntil - Date.now() + 20);
    }
    const seconds = this.secondsToAct(s);
    if (seconds == null) return bar;
    const text = s.to_act === s.seat ? translate('table.yourTimeLeft', { seconds }) : translate('table.timeLeft', { name: this.name(s, s.to_act), seconds });
    bar.append(h('span', { class: `countdown ${seconds <= 5 ? 'urgent' : ''}`, testid: 'turn-countdown', 'data-seconds': String(seconds) }, clockIcon(), h('span', { text })));
    return bar;
  }

  /** Who cannot cover the stake of the next match, as the server says (docs/room.md "Who takes
   *  part"): [{seat, why: 'guest'|'robot'|'chips', chips}]; none while a match is played. */
  cannotCover(s) {
    const p = this.app.platform.tables.get(s.table);
    if (!p || !p.options || !p.options.competitive || !p.options.stake || s.state === 'playing') return [];
    return (p.cannotCover || []).filter((c) => s.seats[c.seat] && s.seats[c.seat].player);
  }

  /** Before the start: who cannot cover the stake, named. */
  renderCannotCover(s) {
    const short = this.cannotCover(s);
    if (!short.length) return null;
    const stake = this.app.platform.tables.get(s.table).options.stake;
    const who = short.map((c) => translate(`cover.${c.why}`, { name: playerName(s.seats[c.seat].player), chips: c.chips ?? 0 }));
    return h('p', { class: 'status cannot-cover', testid: 'cannot-cover', 'data-seats': short.map((c) => c.seat).join(','),
      text: translate('cover.note', { stake, who: who.join(', ') }) });
  }

  /** Before the first match or after one: the chief starts the next match once every seat is
   *  taken (the server refuses anyone else); the others are told whom they wait for. After a match
   *  each seated person says whether they are ready for the next one (the rematch), everyone sees
   *  who is, and the chief is asked to confirm a start before everyone is ready. */
  renderBetweenMatches(s, busy) {
    const out = [];
    const status = (text, testid = 'start-note') => h('span', { class: 'status', testid, text });
    if (s.state === 'finished') out.push(status(translate(s.cancelled ? 'table.matchCancelled' : 'table.matchOver'), 'status'));
    if (s.state === 'finished' && s.matchResult && !s.cancelled) out.push(this.lastMatchLine(s));
    if (s.cancelled && s.cancelResult) {
      // Named as when the match began: an abandoner's seat is free by the time a cancel passes.
      const names = this.matchNames(s, s.cancelResult);
      const results = matchRoomResults(s.cancelResult, names.map((n, seat) => (seat === s.seat ? translate('table.you', { name: n }) : n)), s.seat);
      if (results) out.push(results);
    }
    const cover = this.renderCannotCover(s);
    if (cover) out.push(cover);
    const p = this.app.platform.tables.get(s.table);
    const chief = p ? p.chief : null;
    const full = s.seats.every((x) => x.player);
    const after = s.state === 'finished';
    // The chief says it is ready by starting: the others say it (the rematch).
    const humans = s.seats.filter((x) => x.player && !x.player.robot && x.seat !== chief).map((x) => x.seat);
    const notReady = after ? humans.filter((seat) => !s.ready[seat]) : [];
    if (after && humans.length) out.push(this.readyLine(s, humans, busy));
    if (full && chief != null && chief === s.seat) {
      const others = notReady.filter((seat) => seat !== s.seat);
      if (this.confirmStart === s.table && others.length) {
        out.push(h('div', { class: 'confirm-start', testid: 'confirm-start', role: 'group' },
          h('span', { testid: 'confirm-start-text', text: translate('table.notReadyYet', { names: others.map((seat) => this.plainName(s, seat)).join(', ') }) }),
          h('button', { type: 'button', class: 'btn primary', testid: 'start-anyway', disabled: busy, text: translate('table.startAnyway'),
            onclick: () => { this.confirmStart = null; this.act({ type: 'start' }); } }),
          h('button', { type: 'button', class: 'btn', testid: 'start-wait', text: translate('table.waitForThem'),
            onclick: () => { this.confirmStart = null; this.app.scheduleRender(); } })));
      } else {
        if (this.confirmStart === s.table) this.confirmStart = null;
        out.push(h('button', { type: 'button', class: 'btn primary big', testid: 'start', disabled: busy,
          text: translate(after ? 'table.startNext' : 'table.start'),
          onclick: () => {
            if (others.length) { this.confirmStart = s.table; this.app.scheduleRender(); } else this.act({ type: 'start' });
          } }));
      }
    } else if (full && chief != null) {
      out.push(status(translate(after ? 'table.chiefStartsNext' : 'table.chiefStarts', { name: this.name(s, chief) })));
    } else if (!full) {
      out.push(status(this.fillSeconds(s) != null ? translate('table.robotsWillFill') : translate(s.seat == null ? 'table.chooseSeat' : 'table.fillSeats')));
    }
    return out;
  }

  /** "Ready: Ana, Bea · Not yet: Caio" and the player's own Ready button (between matches). */
  readyLine(s, humans, busy) {
    const ready = humans.filter((seat) => s.ready[seat]);
    const waiting = humans.filter((seat) => !s.ready[seat]);
    const names = (seats) => seats.map((seat) => this.name(s, seat)).join(', ');
    const parts = [];
    if (ready.length) parts.push(translate('table.readyList', { names: names(ready) }));
    if (waiting.length) parts.push(translate('table.notReadyList', { names: names(waiting) }));
    const line = h('div', { class: 'ready-line' }, h('span', { testid: 'ready-list', 'data-ready': ready.join(' '), text: parts.join(' · ') }));
    if (s.seat != null && humans.includes(s.seat)) {
      const mine = !!s.ready[s.seat];
      line.append(h('button', { type: 'button', class: `btn small ${mine ? '' : 'primary'}`, testid: 'ready', 'aria-pressed': String(mine), disabled: busy,
        text: translate(mine ? 'table.notReady' : 'table.imReady'), onclick: () => this.setReady(!mine) }));
    }
    return line;
  }

  /** The chief says she is ready by starting: at once when every other person seated is ready (or
   *  all others are robots), else after the confirmation of a start before everyone is ready. */
  rematchAsChief(s) {
    if (!s.seats.every((x) => x.player)) return;
    const waiting = s.seats.filter((x) => x.player && !x.player.robot && x.seat !== s.seat && !s.ready[x.seat]);
    if (waiting.length) this.confirmStart = s.table;
    else this.act({ type: 'start' });
  }

  /** Says the player is ready for the next match (or no longer). */
  setReady(on) {
    const table = this.app.current;
    this.app.request({ type: 'ready', table, ready: on }).catch(() => {});
  }

  /** The last match in one line, named by who played it: "Last match: Ana & Bea 154 – 332 Caio & Robot 3". */
  lastMatchLine(s) {
    const m = s.matchResult;
    const names = this.matchNames(s, m);
    const text = seatCount(s) === 3
      ? this.sideOrder(s).map((t) => `${names[t]} ${m.totals[t] ?? 0}`).join(' · ')
      : `${this.teamPlayers(s, 0, names)} ${m.totals[0]} – ${m.totals[1]} ${this.teamPlayers(s, 1, names)}`;
    return h('div', { class: 'last-match', testid: 'last-match', text: translate('table.lastMatch', { winners: this.teamPlayers(s, m.winner, names), score: text }) });
  }

  renderHand(s, myTurn, busy) {
    if (s.seat == null && s.tableaux) return h('div', { class: 'hand tableau-hand', testid: 'hand', 'data-count': 0 }, renderTableau(s, 0));
    // A visitor (opened from the lobby, neither seated nor watching) is not watching yet.
    if (s.seat == null) return h('div', { class: 'hand spectator', testid: 'hand', 'data-count': 0 }, h('span', { class: 'muted', text: translate(s.synced ? 'table.watching' : 'table.notWatching') }));
    const playing = myTurn && s.phase === 'play';
    const legal = new Set(legalCards(s));
    if (s.tableaux) return h('div', { class: 'hand tableau-hand', testid: 'hand', 'data-count': s.hand.length },
      renderTableau(s, s.seat, { own: true, legal, playing, busy, onPlay: (c) => this.act({ type: 'play', card: c }) }));
    const hand = h('div', { class: `hand ${playing ? 'playing' : ''}`, testid: 'hand', 'data-count': s.hand.length });
    hand.style.setProperty('--n', String(s.hand.length)); // the overlap that fits them all (app.css)
    for (const c of sortHand(s.hand, s.trump)) {
      const e = cardElement(c, { button: true });
      if (c[1] === s.trump) e.classList.add('trump');
      if (playing) {
        const ok = legal.has(c);
        e.dataset.legal = String(ok);
        if (!ok) {
          e.classList.add('dim');
          e.title = whyNotPlayable(s, c, [...legal]);
          e.setAttribute('aria-label', translate('table.notPlayable', { card: e.getAttribute('aria-label') }));
          e.setAttribute('aria-description', e.title);
        }
        e.disabled = !ok || busy;
        if (ok) e.addEventListener('click', () => this.act({ type: 'play', card: c }));
      } else {
        e.disabled = true;
        e.classList.add('idle');
      }
      e.dataset.playable = String(!e.disabled);
      hand.append(e);
    }
    return hand;
  }

  renderFoot(s) {
    const foot = h('div', { class: 'table-foot' });
    foot.append(...renderTools(this, s));
    foot.append(h('button', { type: 'button', class: 'btn small', testid: 'last-trick-toggle', disabled: !s.last_trick,
      text: translate(this.showLast ? 'table.hideLastTrick' : 'table.lastTrick'), onclick: () => { this.showLast = !this.showLast; this.app.scheduleRender(); } }));
    if (s.phase === 'play') foot.append(h('span', { class: 'muted tricks', testid: 'tricks-won',
      text: translate('table.tricks', { sides: this.sideOrder(s).map((t) => translate('table.tricksOf', { name: this.teamName(s, t), tricks: s.tricks_won[t] ?? 0 })).join(' · ') }) }));
    if (s.state !== 'waiting') foot.append(h('span', { class: 'muted', text: STATE_LABEL[s.state] || '' }));
    const log = h('ol', { class: 'log', testid: 'log' });
    for (const line of s.log.slice(-5)) log.append(h('li', { text: line }));
    return h('div', { class: 'table-bottom' }, foot, log);
  }

  /** The dialogs over the table, as syncOverlays items: a key (null: drawn again each time), how
   *  to build it, and how to update what changes in it. */
  renderOverlays(s) {
    const out = [];
    const panel = renderToolPanel(this, s);
    if (this.showLast && s.last_trick) out.push({ key: null, build: () => labelLastTrick(this, s, this.renderLastTrick(s)) });
    const dr = s.dealResult;
    // A page that opens on a finished match its player did not play shows it in a line, not a dialog.
    const m = s.matchResult;
    const matchDialog = m && !this.dismissedMatch.has(s.table) && (!m.fromSnapshot || this.playedIn(s, m));
    if (dr && this.dismissedDeal.get(s.table) !== dr.deal) {
      const timed = this.secondsToAct(s) != null && s.to_act === s.seat;
      out.push({ key: `deal/${s.table}/${dr.deal}/${!!s.matchResult}/${timed}/${pageLanguage()}`, build: () => this.renderDealResult(s, dr),
        update: (el) => {
          const timer = el.querySelector('[data-testid="result-timer"] span');
          const seconds = this.secondsToAct(s);
          if (timer && seconds != null) timer.textContent = translate('result.yourTurnRuns', { seconds });
        } });
    } else if (matchDialog) {
      out.push({ key: `match/${s.table}/${m.winner}/${m.totals.join('-')}/${s.seat}/${pageLanguage()}`, build: () => this.renderMatchResult(s) });
    }
    if (panel) out.push({ key: null, build: () => panel });
    return out;
  }

  renderLastTrick(s) {
    const lt = s.last_trick;
    const winner = lt.winner ?? trickWinner(lt.cards, s.trump);
    const trick = h('div', { class: 'trick small' });
    for (const c of lt.cards) trick.append(h('div', { class: `slot slot-${this.rel(s, c.seat)} ${winner === c.seat ? 'winner' : ''}` }, cardElement(c.card, { testid: false })));
    return h('div', { class: 'popover last-trick', testid: 'last-trick' },
      h('div', { class: 'popover-head' }, h('strong', { text: translate('table.lastTrick') }),
        h('button', { type: 'button', class: 'btn ghost small', text: '✕', 'aria-label': translate('common.close'), onclick: () => { this.showLast = false; this.app.scheduleRender(); } })),
      trick,
      h('p', { class: 'muted', text: winner != null ? translate(lt.points != null ? 'table.wonByPoints' : 'table.wonBy', { name: this.name(s, winner), points: lt.points }) : '' }));
  }

  renderDealResult(s, dr) {
    const sc = dr.score;
    const order = this.sideOrder(s);
    const takers = sc.takers ?? (dr.taker != null ? sideOf(dr.taker, seatCount(s)) : null);
    const v = (arr, t) => (Array.isArray(arr) ? arr[t] || 0 : 0);
    const rows = [
      ['cp', translate('result.cardPoints'), (t) => v(sc.card_points, t)],
      ['lt', translate(sc.capot ? 'result.lastTrickCapot' : 'result.lastTrick'), (t) => v(sc.last_trick, t)],
      ['belote', translate('result.belote'), (t) => v(sc.belote, t)],
    ];
    if (order.some((t) => v(sc.melds, t))) rows.push(['melds', translate('result.melds'), (t) => v(sc.melds, t)]);
    if (seatCount(s) !== 3) rows.push(['escrow', translate('result.escrowWon'), (t) => v(sc.escrow_awarded, t)]); // no litige at three (§7)
    const parts = [...rows];
    const partial = (t) => parts.reduce((a, r) => a + r[2](t), 0);
    const adjust = (t) => v(sc.score, t) - partial(t);
    if (order.some((t) => adjust(t) !== 0)) {
      const label = translate(sc.outcome === 'failed' ? 'result.contractFailed' : sc.outcome === 'litige' ? 'result.tieEscrow' : 'result.adjustment');
      rows.push(['adjust', label, adjust]);
    }
    if (sc.contract_value) {
      const adj = rows.find((r) => r[0] === 'adjust');
      if (adj && sc.outcome !== 'litige') adj[1] = `${translate(sc.outcome === 'failed' ? 'result.contractFailed' : 'result.contract')} ${valueText(sc.contract_value)}${sc.multiplier > 1 ? ` ×${sc.multiplier}` : ''}`;
    }
    rows.push(['score', translate('result.dealScore'), (t) => v(sc.score, t)]);
    rows.push(['total', translate('result.matchTotal'), (t) => v(dr.totals, t)]);

    const table = h('table', { class: 'result-table' },
      h('thead', {}, h('tr', {}, h('th', {}), order.map((t) => h('th', { title: this.teamPlayers(s, t) },
        h('div', { text: this.teamName(s, t) }), this.teamName(s, t) === this.teamPlayers(s, t) ? null : h('small', { class: 'muted', text: this.teamPlayers(s, t) }))))),
      h('tbody', {}, rows.map(([key, label, f]) => h('tr', { class: `row-${key}`, 'data-outcome': key === 'adjust' ? sc.outcome : null }, h('th', { text: label }),
        order.map((t) => h('td', { testid: `result-${key}-${t}`, text: String(f(t)) }))))));

    let headline;
    const takerName = takers != null ? this.teamPlayers(s, takers) : translate('result.theTakers');
    const trumpTxt = sc.contract_value ? ` ${valueText(sc.contract_value)}${dr.trump ? ` ${SUIT_SYMBOL[dr.trump]}` : ''}${sc.multiplier > 1 ? ` ×${sc.multiplier}` : ''}`
      : dr.trump ? ` ${SUIT_SYMBOL[dr.trump]}` : '';
    const said = { takers: takerName, contract: trumpTxt };
    if (sc.outcome === 'made') headline = translate(sc.capot ? 'result.madeCapot' : 'result.made', said);
    else if (sc.outcome === 'failed') headline = translate(sc.capot ? 'result.failedCapot' : 'result.failed', said);
    else if (sc.outcome === 'litige') headline = translate('result.litige', said);
    else headline = translate('result.scored');
    const notes = [];
    if (sc.escrow_added) notes.push(translate('result.escrowAdded', { points: sc.escrow_added }));
    if (sc.escrow) notes.push(translate('result.escrowPending', { points: sc.escrow }));

    const close = () => { this.dismissedDeal.set(s.table, dr.deal); this.app.scheduleRender(); };
    return h('div', { class: 'overlay', onkeydown: (e) => closeOnKeys(e, close) },
      h('div', { class: 'modal deal-result', testid: 'deal-result', 'data-deal': dr.deal, role: 'dialog', 'aria-modal': 'true', 'aria-label': translate('result.dealTitle', { deal: dr.deal }) },
        h('h3', { text: translate('result.dealTitle', { deal: dr.deal }) }),
        h('p', { class: `headline outcome-${sc.outcome}`, testid: 'deal-outcome', text: headline }),
        table,
        notes.map((n) => h('p', { class: 'muted note', text: n })),
        this.renderResultTimer(s),
        h('div', { class: 'modal-actions' },
          h('button', { type: 'button', class: 'btn primary', testid: 'deal-result-close', text: translate(s.matchResult ? 'result.seeMatch' : 'result.continue'),
            onclick: close }))));
  }

  /** The next deal's clock runs behind the deal result: say so when it is the player's turn. */
  renderResultTimer(s) {
    const seconds = this.secondsToAct(s);
    if (seconds == null || s.to_act !== s.seat) return null;
    return h('p', { class: 'result-timer', testid: 'result-timer' }, clockIcon(), h('span', { text: translate('result.yourTurnRuns', { seconds }) }));
  }

  /** The match result, named by who played it (match_ended.players), never by who sits there now. */
  renderMatchResult(s) {
    const m = s.matchResult;
    const names = this.matchNames(s, m);
    const played = this.playedIn(s, m);
    const won = played ? sideOf(s.seat, seatCount(s)) === m.winner : null;
    const title = won == null ? translate('result.theyWin', { players: this.teamPlayers(s, m.winner, names) }) : translate(won ? 'result.youWin' : 'result.youLose');
    const dismiss = () => { this.dismissedMatch.add(s.table); this.app.scheduleRender(); };
    const canRematch = played && s.seats[s.seat] && s.seats[s.seat].player;
    return h('div', { class: 'overlay' },
      h('div', { class: `modal match-result ${won ? 'won' : ''}`, testid: 'match-result', role: 'dialog', 'aria-modal': 'true', 'aria-label': translate('result.matchTitle') },
        h('h3', { text: title }),
        h('p', { class: 'final-score', testid: 'final-score', text: seatCount(s) === 3
          ? this.sideOrder(s).map((t) => `${names[t]} ${m.totals[t] ?? 0}`).join(' · ')
          : `${this.teamPlayers(s, 0, names)} ${m.totals[0]} – ${m.totals[1]} ${this.teamPlayers(s, 1, names)}` }),
        matchRoomResults(m, names.map((n, seat) => (played && seat === s.seat ? translate('table.you', { name: n }) : n)), played ? s.seat : null),
        h('div', { class: 'modal-actions' },
          h('button', { type: 'button', class: 'btn', testid: 'match-result-lobby', text: translate('result.backToLobby'), onclick: () => { this.dismissedMatch.add(s.table); this.app.leaveForLobby(s.table); } }),
          h('button', { type: 'button', class: `btn ${canRematch ? '' : 'primary'}`, testid: 'match-result-stay', text: translate('result.stay'), onclick: dismiss }),
          canRematch ? h('button', { type: 'button', class: 'btn primary', testid: 'match-result-rematch', text: translate('result.rematch'),
            onclick: () => {
              const now = this.app.tables.get(s.table) || s; // the dialog outlives the state it was drawn from
              const info = this.app.platform.tables.get(s.table);
              if (info && info.chief === now.seat) this.rematchAsChief(now);
              else if (!now.ready[now.seat]) this.setReady(true);
              dismiss();
            } }) : null)));
  }
}
