// The card room (docs/room.md, docs/protocol.md "The card room"): the player's level and chips in the
// top bar, what each seat won or lost in the match result (chips, XP, rating, or why nothing moved),
// and the Leaderboard and Profile screens.
import { h } from './dom.js';
import { t } from './i18n.js';
import { VARIANT_LABEL } from './variants.js';

const RATED_VARIANTS = ['classic', 'classic_announcements', 'coinche', 'decouverte', 'three_player'];

/** "+80" / "−100" / "0". */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** Why nothing moved for a seat (`r.why`); after a cancel (`m.cancelled`), the stake refunded or forfeited. */
function whyText(r, m) {
  if (m.cancelled && r.why === 'cancelled' && m.stake > 0) return t('room.refunded', { chips: m.stake });
  if (m.cancelled && r.why === 'abandoned' && r.chips < 0) return t('room.forfeited', { chips: -r.chips });
  return t(`room.why.${r.why}`);
}

/**
 * The rows of the match result that say what each seat got (match_ended.results, or
 * match_cancelled.results: `m.cancelled`), for seat names `names[seat]`; null when the server sent
 * none. Every row says why what did not move did not: the whole match (practice, same IP, a robot),
 * the seat (a guest, a robot, an abandon, the cancel), or the rating alone (a guest at the table, an abandon).
 */
export function matchRoomResults(m, names, mySeat) {
  if (!Array.isArray(m.results)) return null;
  const rows = m.results.map((r) => {
    const cells = [h('td', { class: 'rr-name', text: names[r.seat] || `#${r.seat}` })];
    if (r.why) {
      cells.push(h('td', { class: 'muted', colspan: 3, testid: `room-why-${r.seat}`, 'data-why': r.why, text: whyText(r, m) }));
    } else {
      cells.push(h('td', { testid: `room-chips-${r.seat}`, text: t('room.chipsDelta', { chips: signed(r.chips) }) }),
        h('td', { testid: `room-xp-${r.seat}`, text: t('room.xpDelta', { xp: signed(r.xp) }) }),
        r.rating ? h('td', { testid: `room-rating-${r.seat}`, text: t('room.ratingDelta', { before: r.rating.before, after: r.rating.after }) })
          : h('td', { class: 'muted', testid: `room-rating-${r.seat}`, 'data-unrated': r.unrated || '', text: r.unrated ? t(`room.unrated.${r.unrated}`) : '' }));
    }
    return h('tr', { class: r.seat === mySeat ? 'mine' : '' }, cells);
  });
  return h('div', { class: 'room-results', testid: m.cancelled ? 'cancel-results' : 'room-results' },
    m.unmoved ? h('p', { class: 'muted', testid: 'room-unmoved', text: t(`room.unmoved.${m.unmoved}`) } ) : null,
    h('table', { class: 'room-table' }, h('tbody', {}, rows)));
}

export class RoomView {
  constructor(app, root) {
    this.app = app;
    this.root = root;
    this.standing = null; // the signed-in player's own profile reply
    this.board = { kind: 'xp', variant: 'classic', period: 'all', page: 0 };
    this.mode = 'leaderboard';
    this.reply = null;
    const open = document.getElementById('open-leaderboard');
    if (open) open.addEventListener('click', () => this.app.openRoom());
  }

  /** Reads the player's own level and chips again (after sign-in, a register, a match). */
  async refreshStanding() {
    const player = this.app.player;
    if (!player || player.guest !== false) {
      this.standing = null;
      this.renderStanding();
      return;
    }
    try {
      this.standing = await this.app.request({ type: 'profile' }, { quiet: true });
    } catch (e) {
      this.standing = null;
    }
    this.renderStanding();
  }

  /** The top bar's "Level 2 · 1080 chips" (hidden for a guest): opens the player's profile. */
  renderStanding() {
    const bar = document.getElementById('standing');
    if (!bar) return;
    const s = this.standing;
    const player = this.app.player;
    bar.hidden = !s || !player || player.guest !== false;
    if (bar.hidden) return bar.replaceChildren();
    bar.replaceChildren(h('button', { type: 'button', class: 'btn ghost small standing', testid: 'standing', 'data-level': s.level, 'data-chips': s.chips ?? 0,
      onclick: () => this.app.openRoom({ player: s.player }), text: t('room.standing', { level: s.level, chips: s.chips ?? 0 }) }));
  }

  /** Shows the leaderboard (`query` absent) or the profile of `query` ({ player } or { username }). */
  async show(query = null) {
    this.mode = query ? 'profile' : 'leaderboard';
    this.reply = null;
    this.render();
    try {
      this.reply = query
        ? await this.app.request({ type: 'profile', ...query })
        : await this.app.request({ type: 'leaderboard', kind: this.board.kind, period: this.board.period, page: this.board.page,
          ...(this.board.kind === 'rating' ? { variant: this.board.variant } : {}) });
    } catch (e) {
      this.reply = { error: e.code };
    }
    this.render();
  }

  setBoard(change) {
    Object.assign(this.board, change);
    this.show();
  }

  render() {
    const back = h('button', { type: 'button', class: 'btn', testid: 'room-back', text: t('matches.back'), onclick: () => this.app.goLobby() });
    const body = !this.reply ? h('p', { class: 'muted', text: t('room.loading') })
      : this.reply.error ? h('p', { class: 'muted', testid: 'room-error', text: t('room.unavailable') })
        : this.mode === 'profile' ? this.renderProfile(this.reply) : this.renderBoard(this.reply);
    this.root.replaceChildren(h('div', { class: 'panel' }, h('div', { class: 'panel-head' }, back), body));
  }

  renderBoard(r) {
    const b = this.board;
    const choice = (testid, value, current, label, change) => h('button', { type: 'button', class: `btn small ${value === current ? 'primary' : ''}`,
      testid, 'aria-pressed': String(value === current), text: label, onclick: () => this.setBoard(change) });
    const controls = h('div', { class: 'room-controls' },
      choice('board-xp', 'xp', b.kind, t('room.byXp'), { kind: 'xp', page: 0 }),
      choice('board-rating', 'rating', b.kind, t('room.byRating'), { kind: 'rating', page: 0 }),
      b.kind === 'rating' ? h('select', { testid: 'board-variant', onchange: (e) => this.setBoard({ variant: e.target.value, page: 0 }) },
        RATED_VARIANTS.map((v) => h('option', { value: v, selected: v === b.variant, text: VARIANT_LABEL[v] || v }))) : null,
      choice('board-all', 'all', b.period, t('room.allTime'), { period: 'all', page: 0 }),
      choice('board-week', 'week', b.period, t('room.thisWeek'), { period: 'week', page: 0 }));
    const rows = (r.rows || []).map((row) => h('tr', { testid: `board-row-${row.rank}` },
      h('td', { text: String(row.rank) }),
      h('td', {}, h('button', { type: 'button', class: 'btn ghost small', testid: `board-player-${row.rank}`, text: row.name, onclick: () => this.show({ player: row.player }) })),
      h('td', { testid: `board-value-${row.rank}`, text: String(row.value) }),
      h('td', { class: 'muted', text: t('room.level', { level: row.level }) })));
    return h('div', { class: 'room-board', testid: 'leaderboard' },
      h('h2', { text: t('room.leaderboard') }), controls,
      rows.length ? h('table', { class: 'room-table' }, h('tbody', {}, rows)) : h('p', { class: 'muted', testid: 'board-empty', text: t('room.noRows') }),
      h('div', { class: 'row' },
        b.page > 0 ? h('button', { type: 'button', class: 'btn', testid: 'board-prev', text: t('room.prev'), onclick: () => this.setBoard({ page: b.page - 1 }) }) : null,
        r.next != null ? h('button', { type: 'button', class: 'btn', testid: 'board-next', text: t('room.next'), onclick: () => this.setBoard({ page: r.next }) }) : null));
  }

  renderProfile(p) {
    const line = (testid, text) => h('div', { class: 'mi-line', testid, text });
    const ratings = Object.entries(p.ratings || {}).map(([variant, r]) => line(`profile-rating-${variant}`,
      t(r.provisional ? 'room.ratingProvisional' : 'room.ratingLine', { variant: VARIANT_LABEL[variant] || variant, rating: r.rating, games: r.games })));
    const recent = (p.recent || []).map((m) => h('li', { class: `match-item result-${m.result || 'none'}`, testid: `profile-match-${m.match}` },
      h('span', { text: `${VARIANT_LABEL[m.variant] || m.variant} · ${m.result ? t(`matches.${m.result}`) : ''}${m.unmoved ? ` · ${t(`room.unmoved.${m.unmoved}`)}` : ''}` }),
      h('button', { type: 'button', class: 'btn small', testid: `profile-replay-${m.match}`, text: t('matches.replay'), onclick: () => this.app.openReplay(m.match) })));
    return h('div', { class: 'room-profile', testid: 'profile' },
      h('h2', { testid: 'profile-name', text: p.name }),
      line('profile-level', t('room.levelXp', { level: p.level, xp: p.xp, next: p.next_level_xp })),
      p.chips != null ? line('profile-chips', t('room.chips', { chips: p.chips })) : line('profile-guest', t('account.guest')),
      line('profile-games', t('room.games', { games: p.games, wins: p.wins, abandons: p.abandons })),
      ratings,
      h('h3', { text: t('room.recent') }),
      recent.length ? h('ul', { class: 'match-list' }, recent) : h('p', { class: 'muted', text: t('matches.empty') }));
  }
}
