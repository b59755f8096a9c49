// Lobby: table list (with periodic refresh; the server sends it a page at a time) and the
// create-table form.
import { STATE_LABEL, t as translate } from './i18n.js';
import { VARIANT_LABEL } from './variants.js';
import { playerName, ROBOT_LEVELS } from './table.js';
import { setting, setSetting } from './prefs.js';

const REFRESH_MS = 5000;

/** True when people sit at the finished table `t`: they wait for the next match (the rematch). */
const rematching = (t) => t.state === 'finished' && (t.seats || []).some((x) => x.player && !x.player.robot);

export class Lobby {
  constructor(app) {
    this.app = app;
    this.list = document.getElementById('table-list');
    this.empty = document.getElementById('table-list-empty');
    this.timer = null;
    this.tables = [];
    this.pages = 1; // pages of list_tables shown ("More tables" adds one)
    this.more = document.getElementById('more-tables');
    this.more.addEventListener('click', () => { this.pages += 1; this.refresh(); });
    document.getElementById('refresh-tables').addEventListener('click', () => this.refresh());
    const form = document.getElementById('create-form');
    form.robots.value = setting('quickPlayLevel');
    form.robots.addEventListener('change', () => setSetting('quickPlayLevel', form.robots.value));
    document.getElementById('quick-play').addEventListener('click', () => this.app.quickPlay(form.variant.value, form.robots.value));
    this.filters = document.getElementById('lobby-filters');
    this.filters.addEventListener('change', () => { this.pages = 1; this.refresh(); });
    document.getElementById('create-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const f = e.target;
      this.app.createTable(f.variant.value, Number(f.target.value));
    });
  }

  show() {
    this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  hide() {
    clearInterval(this.timer);
    this.timer = null;
  }

  async refresh() {
    try {
      const tables = [];
      let next = null;
      for (let page = 0; page < this.pages; page++) {
        const request = { type: 'list_tables', ...this.serverFilters() };
        if (next) request.cursor = next;
        const reply = await this.app.request(request, { quiet: true });
        if (Array.isArray(reply.tables)) tables.push(...reply.tables.filter((t) => this.shows(t)));
        next = reply.next || null;
        if (!next) break;
      }
      this.tables = tables;
      this.next = next;
      this.shownFilters = this.filterKey();
      this.render();
    } catch (e) {
      /* shown by app.request unless it was a disconnect */
    }
  }

  /** The filters the server applies to list_tables (variant, at least one free seat). */
  serverFilters() {
    const f = this.filters;
    return { ...(f.variant.value ? { variant: f.variant.value } : {}), ...(f.free.checked ? { free_seats: 1 } : {}) };
  }

  /** The filters as one string, on the list once it shows their result (`data-filters`). */
  filterKey() {
    const f = this.filters;
    return `${f.variant.value || 'all'}${f.stake.value ? ` ${f.stake.value}` : ''}${f.free.checked ? ' free' : ''}${f.finished.checked ? ' finished' : ''}`;
  }

  /** True when a filter narrows the list (its emptiness is then the filters', not the lobby's). */
  filtering() {
    const f = this.filters;
    return !!(f.variant.value || f.stake.value || f.free.checked);
  }

  /** The filters the page applies itself: the stake (none or some), and finished tables listed only
   *  when asked for (they stay until they close), unless people sit there for a rematch. */
  shows(t) {
    const stake = (t.options && t.options.stake) || 0;
    const wanted = this.filters.stake.value;
    if ((wanted === 'none' && stake > 0) || (wanted === 'staked' && stake === 0)) return false;
    return t.state !== 'finished' || this.filters.finished.checked || this.app.isSeatedAt(t.table) || rematching(t);
  }

  /** What the one button of a listed table does: return to one's seat, join a free seat, watch
   *  (a table in play, finished or full that allows spectators) or only look at its listing. */
  action(t) {
    if (this.app.isSeatedAt(t.table)) return 'return';
    if (t.state === 'waiting' && (t.seats || []).some((x) => !x.player)) return 'join';
    return t.options && t.options.spectators ? 'watch' : 'view';
  }

  /** Opens a table from the list; one watched is watched at once (else it would show no cards). */
  async view(t) {
    this.app.openTable(t.table, t);
    if (this.action(t) !== 'watch') return;
    try { await this.app.request({ type: 'watch', table: t.table }); } catch (e) { /* shown */ }
  }

  render() {
    this.list.replaceChildren();
    this.list.dataset.filters = this.shownFilters;
    this.empty.hidden = this.tables.length > 0;
    this.empty.textContent = translate(this.filtering() ? 'lobby.noMatch' : 'lobby.empty');
    this.more.hidden = !this.next;
    for (const t of this.tables) {
      const li = document.createElement('li');
      li.className = `table-item state-${t.state}`;
      li.dataset.testid = `table-${t.table}`;
      const title = document.createElement('div');
      title.className = 'ti-title';
      const name = document.createElement('strong');
      name.textContent = translate('table.name', { table: t.table });
      const meta = document.createElement('span');
      meta.className = 'muted';
      meta.textContent = ` · ${VARIANT_LABEL[t.variant] || t.variant} · ${translate('lobby.target', { target: t.target })}`;
      if (t.options) {
        const o = t.options;
        meta.textContent += ` · ${o.turn_time ? translate('lobby.perMove', { seconds: o.turn_time }) : translate('lobby.noTimer')} · ${translate(o.competitive ? 'lobby.competitive' : 'lobby.practice')}` +
          `${o.stake ? ` · ${translate('lobby.stake', { stake: o.stake })}` : ''}${o.spectators ? '' : ` · ${translate('lobby.noSpectators')}`}${t.chief ? ` · ★ ${t.chief}` : ''}`;
      }
      const badge = document.createElement('span');
      badge.className = `state-badge ${rematching(t) ? 'rematch' : t.state}`;
      badge.dataset.testid = `state-${t.table}`;
      badge.textContent = rematching(t) ? translate('lobby.betweenMatches') : STATE_LABEL[t.state] || t.state;
      title.append(name, meta, badge);

      const seats = document.createElement('div');
      seats.className = 'ti-seats';
      for (const s of t.seats || []) {
        const chip = document.createElement('span');
        chip.className = `seat-chip ${s.player ? (s.player.robot ? 'robot' : 'human') : 'empty'}`;
        chip.textContent = s.player ? playerName(s.player) : translate('lobby.emptySeat');
        if (s.player && !s.player.robot && typeof s.player.level === 'number') {
          const level = document.createElement('span');
          level.className = 'chip-level';
          level.dataset.testid = `lobby-level-${t.table}-${s.seat}`;
          level.textContent = translate('room.levelShort', { level: s.player.level });
          chip.append(level);
        }
        if (s.player && s.player.robot) {
          const bot = document.createElement('span');
          bot.className = 'chip-bot';
          bot.dataset.testid = `lobby-bot-${t.table}-${s.seat}`;
          const level = ROBOT_LEVELS.includes(s.player.level) ? ` · ${translate(`level.${s.player.level}`)}` : '';
          bot.textContent = translate('lobby.bot') + level;
          chip.append(bot);
        }
        seats.append(chip);
      }

      const open = document.createElement('button');
      open.type = 'button';
      open.className = 'btn primary';
      open.dataset.testid = `open-${t.table}`;
      open.textContent = translate(`lobby.${this.action(t)}`);
      open.addEventListener('click', () => this.view(t));
      // Buttons share the right-hand column (a flex box in the grid cell the Join button used).
      const actions = document.createElement('div');
      actions.style.cssText = 'grid-row: 1 / 3; grid-column: 2; display: flex; gap: 6px;';
      actions.append(open);
      li.append(title, seats, actions);
      this.list.append(li);
    }
  }
}
