// Match history: the player's finished and cancelled matches (docs/protocol.md "history"), newest
// first, a page at a time ("More matches"); each opens in the replay viewer (replay.js).
import { h } from './dom.js';
import { pageLanguage, t } from './i18n.js';
import { playerName } from './names.js';
import { VARIANT_LABEL } from './variants.js';

const PAGE = 20;

/** Side of `seat` at a table of `n` seats: its partnership at four, the seat itself otherwise. */
export const sideOf = (seat, n) => (n === 4 ? seat % 2 : seat);

/** A date and time (epoch ms) in the page language. */
export function dateText(ms) {
  try {
    return new Date(ms).toLocaleString(pageLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  } catch (e) {
    return new Date(ms).toISOString();
  }
}

/** The seat's name with a robot marker. */
export const seatLabel = (s) => (s.robot ? `${playerName(s)} (${t('lobby.bot')})` : s.name);

/**
 * Who played with and against the asking player in `entry` (a history entry): { you, partners,
 * opponents } as seat objects; when the player did not play it, seat 0's side stands for "you".
 */
export function lineup(entry) {
  const seats = entry.seats || [];
  const n = seats.length;
  const mine = seats.find((s) => s.you) || seats[0];
  const side = mine ? sideOf(mine.seat, n) : 0;
  return {
    you: mine || null,
    side,
    partners: seats.filter((s) => s !== mine && sideOf(s.seat, n) === side),
    opponents: seats.filter((s) => sideOf(s.seat, n) !== side),
  };
}

/** The totals from the player's side first: "312 – 198" (a cancelled match's are those before the vote). */
export function totalsText(entry) {
  if (!Array.isArray(entry.totals)) return '—';
  const { side } = lineup(entry);
  const mine = entry.totals[side];
  const theirs = entry.totals.filter((_, i) => i !== side);
  return [mine, ...theirs].join(' – ');
}

export class HistoryView {
  constructor(app, root) {
    this.app = app;
    this.root = root;
    this.matches = [];
    this.next = null;
    this.loading = false;
    this.loaded = false;
    const open = document.getElementById('open-history');
    if (open) open.addEventListener('click', () => this.app.openHistory());
  }

  /** Shows the first page again (the newest matches). */
  async show() {
    this.matches = [];
    this.next = null;
    this.loaded = false;
    this.render();
    await this.load();
  }

  /** Loads the next page (or the first). */
  async load() {
    if (this.loading) return;
    this.loading = true;
    this.render();
    try {
      const request = { type: 'history', limit: PAGE };
      if (this.next) request.cursor = this.next;
      const reply = await this.app.request(request);
      this.matches.push(...(reply.matches || []));
      this.next = reply.next || null;
      this.loaded = true;
    } catch (e) {
      /* shown by app.request */
    } finally {
      this.loading = false;
      this.render();
    }
  }

  render() {
    const list = h('ul', { class: 'match-list', testid: 'match-list' }, this.matches.map((m) => this.item(m)));
    this.root.replaceChildren(h('div', { class: 'panel history-panel', testid: 'history-view' },
      h('div', { class: 'panel-head' },
        h('h2', { text: t('matches.title') }),
        h('button', { type: 'button', class: 'btn', testid: 'history-back', text: t('matches.back'), onclick: () => this.app.goLobby() })),
      list,
      this.loaded && !this.matches.length ? h('p', { class: 'muted', testid: 'history-empty', text: t('matches.empty') }) : null,
      this.loading ? h('p', { class: 'muted', text: t('replay.loading') }) : null,
      this.next ? h('button', { type: 'button', class: 'btn', testid: 'history-more', text: t('matches.more'), disabled: this.loading, onclick: () => this.load() }) : null));
  }

  item(m) {
    const { partners, opponents } = lineup(m);
    const result = m.result || (m.cancelled ? 'cancelled' : null);
    const names = (seats) => seats.map(seatLabel).join(', ');
    return h('li', { class: `match-item result-${result || 'none'}`, testid: `match-${m.match}`, 'data-result': result || '' },
      h('div', { class: 'mi-head' },
        h('strong', { text: VARIANT_LABEL[m.variant] || m.variant }),
        h('span', { class: 'muted mi-date', text: dateText(m.ended) }),
        result ? h('span', { class: `result-badge ${result}`, testid: 'history-result', text: t(`matches.${result}`) }) : null),
      h('div', { class: 'mi-body' },
        partners.length ? h('div', { class: 'mi-line', testid: 'match-partners', text: t('matches.with', { names: names(partners) }) }) : null,
        h('div', { class: 'mi-line', testid: 'match-opponents', text: t('matches.against', { names: names(opponents) }) }),
        h('div', { class: 'mi-line mi-totals', testid: 'match-totals', text: t('matches.totals', { totals: totalsText(m) }) })),
      h('button', { type: 'button', class: 'btn primary mi-open', testid: `replay-${m.match}`, text: t('matches.replay'), onclick: () => this.app.openReplay(m.match) }));
  }
}
