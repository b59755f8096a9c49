// Table tools: the "i" card-values panel, the per-deal score history, the four-colour deck toggle.
// Panels are dialogs drawn with the table on every render (state on the TableView: `toolPanel`);
// Escape, the ✕ button or a click beside the panel closes them, and the last-trick popover too.
import { t, SUIT_SYMBOL, RANK_LABEL } from './i18n.js';
import { h } from './dom.js';
import { suitClass } from './cards.js';
import { DENOM_SYMBOL, valueText, seatCount } from './variants.js';
import { SUIT_SCALES, LAST_TRICK_BONUS, CAPOT_LAST_TRICK_BONUS, BELOTE_POINTS, DEAL_TOTAL, MELD_VALUES,
  contractKind, scalesFor, beloteRule, hasAnnouncements } from './card-values.js';
import { obligations } from './play-rules.js';
import { fourColourDeck, setFourColourDeck, applyPreferences } from './prefs.js';
import { requestFocus } from './keyboard.js';

const SUITS = ['S', 'H', 'D', 'C'];

/** Opens the panel `name` ('info' or 'history'), or closes it when it is open. */
function togglePanel(view, name) {
  const opening = view.toolPanel !== name;
  view.toolPanel = opening ? name : null;
  view.toolTable = view.app.current; // a panel belongs to the table it was opened at
  requestFocus(opening ? 'tool-panel-close' : `tool-${name}`);
  view.app.scheduleRender();
}

function closePanels(view) {
  const opener = view.toolPanel ? `tool-${view.toolPanel}` : 'last-trick-toggle';
  view.toolPanel = null;
  view.showLast = false;
  requestFocus(opener);
  view.app.scheduleRender();
}

/** Tab and Shift+Tab cycle within an open modal panel instead of leaving it. */
function trapTab(e, panel) {
  const focusable = [...panel.querySelectorAll('button:not(:disabled), [href], input, select, [tabindex]:not([tabindex="-1"])')];
  if (!focusable.length) return;
  const first = focusable[0], last = focusable[focusable.length - 1];
  const inside = panel.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first)) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && (!inside || document.activeElement === last)) { e.preventDefault(); first.focus(); }
}

/**
 * Applies the stored deck colours; then, once per table view: Escape closes an open tool panel or
 * the last-trick popover, Tab stays within an open tool panel.
 */
export function installTools(view) {
  applyPreferences();
  document.addEventListener('keydown', (e) => {
    if (view.root.hidden) return;
    if (e.key === 'Escape' && (view.toolPanel || view.showLast)) {
      e.preventDefault();
      closePanels(view);
    } else if (e.key === 'Tab' && view.toolPanel) {
      const panel = view.root.querySelector('.tool-panel');
      if (panel) trapTab(e, panel);
    }
  });
}

/** The tool buttons of the table's foot bar. */
export function renderTools(view, s) {
  const four = fourColourDeck();
  return [
    h('button', { type: 'button', class: 'btn small tool-info', testid: 'tool-info', 'aria-haspopup': 'dialog',
      'aria-expanded': String(view.toolPanel === 'info'), title: t('values.title'), 'aria-label': t('values.title'),
      onclick: () => togglePanel(view, 'info') }, h('span', { class: 'info-i', 'aria-hidden': 'true', text: 'i' })),
    h('button', { type: 'button', class: 'btn small', testid: 'tool-history', 'aria-haspopup': 'dialog',
      'aria-expanded': String(view.toolPanel === 'history'), text: t('history.button', { n: s.scoreRows.length }),
      onclick: () => togglePanel(view, 'history') }),
    h('button', { type: 'button', class: 'btn small deck-toggle', testid: 'tool-four-colour', 'aria-pressed': String(four),
      title: t('tools.fourColourHint'),
      onclick: () => { setFourColourDeck(!fourColourDeck()); view.app.scheduleRender(); } },
    h('span', { class: 'deck-preview', 'aria-hidden': 'true' }, SUITS.map((x) => h('span', { class: suitClass(x), text: SUIT_SYMBOL[x] }))),
    ` ${t('tools.fourColour')}`),
  ];
}

/**
 * Completes the last-trick `popover` of TableView.renderLastTrick (one .slot per card, in the
 * order of s.last_trick.cards, the winner's marked): a dialog role and name, and on each card its
 * seat's name, seat number and winner flag. Returns the popover.
 */
export function labelLastTrick(view, s, popover) {
  const cards = s.last_trick.cards;
  popover.setAttribute('role', 'dialog');
  popover.setAttribute('aria-label', t('lastTrick.title'));
  popover.dataset.winner = '';
  popover.querySelectorAll('.slot').forEach((slot, i) => {
    const c = cards[i];
    if (!c) return;
    const won = slot.classList.contains('winner');
    Object.assign(slot.dataset, { testid: `last-trick-seat-${c.seat}`, card: c.card, winner: String(won) });
    if (won) popover.dataset.winner = String(c.seat);
    slot.append(h('span', { class: 'slot-name', text: view.name(s, c.seat) }));
  });
  return popover;
}

/**
 * Who holds a coinche contract without a trump suit (SA, TA) or the standing bid during the
 * auction: the suit badge names the taker itself, this one does not.
 */
export function contractHolder(view, s, badge) {
  const seat = s.contract ? s.taker : badge.seat;
  if (seat == null) return null;
  return h('div', { class: 'contract-by', testid: 'contract-by', 'data-seat': seat,
    text: t(s.contract ? 'contract.takenBy' : 'contract.bidBy', { name: view.name(s, seat) }) });
}

/** The open tool panel as a modal overlay, or null. */
export function renderToolPanel(view, s) {
  if (view.toolTable !== s.table) view.toolPanel = null;
  if (view.toolPanel === 'info') return dialog(view, 'values-panel', t('values.title'), renderValues(s));
  if (view.toolPanel === 'history') return dialog(view, 'history-panel', t('history.title'), renderHistory(view, s));
  return null;
}

function dialog(view, testid, title, body) {
  const titleId = `${testid}-title`;
  return h('div', { class: 'overlay tool-overlay', onclick: (e) => { if (e.target === e.currentTarget) closePanels(view); } },
    h('div', { class: `modal tool-panel ${testid}`, testid, role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
      h('div', { class: 'tool-head' },
        h('h3', { id: titleId, text: title }),
        h('button', { type: 'button', class: 'btn ghost small', testid: 'tool-panel-close', 'aria-label': t('tools.close'), text: '✕',
          onclick: () => closePanels(view) })),
      body));
}

// ---- card values ------------------------------------------------------------------------------

function contractLine(s) {
  const c = contractKind(s);
  if (!c) return t('values.noContract');
  if (c.kind === 'SA') return t('values.contractSA');
  if (c.kind === 'TA') return t('values.contractTA');
  return t('values.contractSuit', { suit: SUIT_SYMBOL[c.trump] });
}

function scaleTitle(scale, suits) {
  if (scale === 'trump') return suits ? t('values.trumpOf', { suit: SUIT_SYMBOL[suits] }) : t('values.trump');
  if (scale === 'plain') return suits ? t('values.otherSuits') : t('values.plain');
  return t(scale === 'noTrump' ? 'values.noTrump' : 'values.allTrump');
}

/** One scale as a two-row table: ranks (strongest first) over their points. */
function scaleTable(scale, suits) {
  const ranks = SUIT_SCALES[scale];
  const cls = suits && SUITS.includes(suits) ? `scale-suit ${suitClass(suits)}` : '';
  return h('section', { class: 'scale', testid: `values-${scale}` },
    h('h4', { class: cls, text: scaleTitle(scale, suits) }),
    h('table', { class: 'scale-table' },
      h('caption', { class: 'visually-hidden', text: t('values.caption', { title: scaleTitle(scale, suits) }) }),
      h('tbody', {},
        h('tr', {}, h('th', { scope: 'row', text: t('values.card') }), ranks.map(([r]) => h('th', { scope: 'col', text: RANK_LABEL[r] }))),
        h('tr', {}, h('th', { scope: 'row', text: t('values.points') }),
          ranks.map(([r, p]) => h('td', { testid: `value-${scale}-${r}`, text: String(p) }))))));
}

/** Belote under the contract in play: [what scores it, its points] (docs/rules.md §2.5, §4.3, §6.6). */
function belote(s) {
  const rule = beloteRule(s);
  if (rule === 'trump') return [t('values.belote'), String(BELOTE_POINTS)];
  if (rule === 'each_suit') return [t('values.beloteEachSuit'), String(BELOTE_POINTS)];
  return [t('values.noBelote'), '—'];
}

function renderValues(s) {
  const [beloteRuleText, belotePoints] = belote(s);
  const extras = h('dl', { class: 'value-extras', testid: 'values-extras' },
    h('dt', { text: t('values.lastTrick') }), h('dd', { testid: 'value-last-trick', text: String(LAST_TRICK_BONUS) }),
    h('dt', { text: t('values.capot') }), h('dd', { testid: 'value-capot', text: String(CAPOT_LAST_TRICK_BONUS) }),
    h('dt', { testid: 'value-belote-rule', text: beloteRuleText }), h('dd', { testid: 'value-belote', text: belotePoints }),
    h('dt', { text: t('values.total') }), h('dd', { testid: 'value-total', text: String(DEAL_TOTAL) }));
  const melds = hasAnnouncements(s) ? h('section', { class: 'scale', testid: 'values-melds' },
    h('h4', { text: t('values.melds') }),
    h('dl', { class: 'value-extras' }, MELD_VALUES.flatMap(([k, p]) => [h('dt', { text: t(`values.meld.${k}`) }), h('dd', { text: String(p) })]))) : null;
  return h('div', { class: 'values' },
    h('p', { class: 'values-contract', testid: 'values-contract', 'data-kind': (contractKind(s) || {}).kind || '', text: contractLine(s) }),
    scalesFor(s).map(({ scale, suits }) => scaleTable(scale, suits)),
    extras,
    melds,
    h('section', { class: 'scale duties', testid: 'values-duties' }, h('h4', { text: t('values.duties') }),
      h('ul', {}, obligations(s).map((line) => h('li', { text: line })))));
}

// ---- score history ----------------------------------------------------------------------------

function contractCell(view, s, row) {
  const parts = [];
  if (row.value) parts.push(valueText(row.value));
  if (row.denom) parts.push(DENOM_SYMBOL[row.denom] || row.denom);
  if (row.multiplier > 1) parts.push(`×${row.multiplier}`);
  const who = row.taker != null ? view.name(s, row.taker) : row.takers != null ? view.teamName(s, row.takers) : '';
  const cls = row.denom && SUITS.includes(row.denom) ? `history-denom ${suitClass(row.denom)}` : 'history-denom';
  return h('td', { class: 'history-contract' },
    h('span', { class: cls, text: parts.join(' ') || '—' }),
    who ? h('small', { class: 'muted', text: t('history.by', { name: who }) }) : null,
    row.outcome ? h('small', { class: `history-outcome outcome-${row.outcome}`, text: t(`history.${row.outcome}`) }) : null);
}

function renderHistory(view, s) {
  const rows = s.scoreRows || [];
  if (!rows.length) return h('p', { class: 'muted', testid: 'history-empty', text: t('history.empty') });
  const order = view.sideOrder(s);
  const teamHead = order.map((x) => h('th', { scope: 'colgroup', colSpan: 2, title: view.teamPlayers(s, x), text: view.teamName(s, x) }));
  const sub = order.flatMap(() => [h('th', { scope: 'col', text: t('history.deal') }), h('th', { scope: 'col', text: t('history.total') })]);
  const body = rows.map((row, i) => h('tr', { testid: 'history-row', 'data-deal': row.deal ?? '' },
    h('th', { scope: 'row', text: String(row.deal ?? i + 1) }),
    contractCell(view, s, row),
    order.flatMap((x) => [
      h('td', { testid: `history-score-${x}`, text: String(row.score[x]) }),
      h('td', { class: 'history-total', testid: `history-total-${x}`, text: String(row.totals[x]) })])));
  const note = rows.some((r) => r.deal == null) ? h('p', { class: 'muted note', text: t('history.reloaded') }) : null;
  return h('div', { class: 'history' },
    h('div', { class: 'history-scroll' },
      h('table', { class: 'result-table history-table', testid: 'history-table', 'data-seats': seatCount(s) },
        h('thead', {},
          h('tr', {}, h('th', { rowSpan: 2, scope: 'col', text: '#' }), h('th', { rowSpan: 2, scope: 'col', text: t('history.contract') }), teamHead),
          h('tr', {}, sub)),
        h('tbody', {}, body))),
    note);
}
