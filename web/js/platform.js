// Table platform panel: chief and options (editable by the chief between matches), seat presence
// (robot / disconnected with the reclaim countdown / away), move timer, friendly cancel vote,
// spectator count, chat (always rendered with textContent: chat is plain text), invitation link.
// Keeps its own small state per table, fed by every server message (see docs/protocol.md).
import { h } from './dom.js';

const secondsLeft = (deadline) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
const mmss = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
const MAX_CHAT = 100;

/** Reads an invitation from the page address: `#/join/<table>/<code>` or `?table=<t>&invite=<code>`. */
export function inviteFromLocation(loc = location) {
  const m = /^#\/join\/([^/]+)\/([0-9a-f]+)$/.exec(loc.hash || '');
  if (m) return { table: m[1], invite: m[2] };
  const q = new URLSearchParams(loc.search || '');
  if (q.get('invite') && q.get('table')) return { table: q.get('table'), invite: q.get('invite') };
  return null;
}

export class Platform {
  constructor(app) {
    this.app = app;
    this.tables = new Map();  // table id -> platform state
    this.invites = new Map(); // table id -> invitation code we know
    setInterval(() => { if (this.app.current && this.hasCountdown(this.app.current)) this.app.scheduleRender(); }, 1000);  // countdowns
  }

  /** True when the table shows a ticking countdown (move timer, cancel vote, reclaim window). A
   *  re-render replaces the buttons under the pointer: a click that straddles one is lost. */
  hasCountdown(id) {
    const p = this.tables.get(id);
    return !!p && (!!p.deadline || !!p.cancel || p.presence.some((st) => st && st.status === 'disconnected' && st.reclaim_deadline));
  }

  state(id) {
    if (!this.tables.has(id)) {
      this.tables.set(id, { chief: null, options: null, presence: [], deadline: null, cancel: null, cancelStatus: '',
        spectators: 0, chat: [], seat: null, phase: null });
    }
    return this.tables.get(id);
  }

  /** Every server message that names a table. */
  onEvent(m) {
    if (!m.table) return;
    const p = this.state(m.table);
    switch (m.type) {
      case 'snapshot':
        Object.assign(p, { chief: m.chief ?? null, options: m.options || null, presence: m.presence || [],
          deadline: m.deadline ?? null, cancel: m.cancel || null, spectators: m.spectators || 0,
          seat: m.view ? m.view.seat : null });
        if (m.invite) this.invites.set(m.table, m.invite);
        break;
      case 'table_options': p.chief = m.chief; p.options = m.options; break;
      case 'seat_status': p.presence[m.seat] = m; break;
      case 'turn': p.deadline = m.deadline ?? null; break;
      case 'auto_move': p.deadline = null; break;
      case 'spectators': p.spectators = m.count; break;
      case 'chat':
        p.chat.push({ name: m.from.name, role: m.from.role, text: m.text });
        if (p.chat.length > MAX_CHAT) p.chat.shift();
        break;
      case 'cancel_proposed':
        p.cancel = { by: m.by, deadline: m.deadline, votes: Object.fromEntries(m.voters.map((s) => [s, s === m.by ? true : null])) };
        p.cancelStatus = '';
        break;
      case 'cancel_vote': if (p.cancel) p.cancel.votes[m.seat] = m.accept; break;
      case 'cancel_rejected': p.cancel = null; p.cancelStatus = `Cancel rejected (${m.reason})`; break;
      case 'match_cancelled': p.cancel = null; p.cancelStatus = 'The match was cancelled by agreement'; p.deadline = null; break;
      case 'match_started': p.cancelStatus = ''; break;
      case 'match_ended': p.deadline = null; break;
      default: break;
    }
  }

  send(body) { return this.app.request(body).catch(() => null); }

  render(s) {
    const id = s.table;
    const p = this.state(id);
    const names = (seat) => this.app.tableView.name(s, seat);
    const isChief = p.chief != null && s.seat === p.chief;
    const playing = s.state === 'playing';
    const panel = h('aside', { class: 'platform panel', testid: 'platform' });

    panel.append(h('div', { class: 'platform-row', testid: 'chief', 'data-chief': p.chief ?? '' },
      h('span', { text: p.chief != null ? `★ Chief: ${names(p.chief)}` : '★ No chief yet' })),
    h('div', { class: 'platform-row', testid: 'spectator-count', 'data-count': String(p.spectators), text: `👁 ${p.spectators} watching` }));

    if (p.options) panel.append(this.renderOptions(id, p, isChief && !playing));
    const invite = this.invites.get(id);
    if (isChief && invite) {
      const link = `${location.origin}/#/join/${id}/${invite}`;
      panel.append(h('div', { class: 'platform-row' },
        h('input', { readOnly: true, value: link, testid: 'invite-link', class: 'invite-link' }),
        h('button', { type: 'button', class: 'btn small', testid: 'renew-invite', text: 'New link',
          onclick: async () => { const r = await this.send({ type: 'renew_invite', table: id }); if (r) { this.invites.set(id, r.invite); this.app.scheduleRender(); } } })));
    }
    // Presence badges.
    const badges = h('ul', { class: 'presence' });
    for (const st of p.presence) {
      if (!st || st.status === 'present') continue;
      let text = st.status;
      if (st.status === 'disconnected' && st.reclaim_deadline) text = `disconnected — robot plays, ${mmss(secondsLeft(st.reclaim_deadline))} to return`;
      else if (st.robot_playing) text = `${st.status} — robot plays`;
      badges.append(h('li', { testid: `presence-${st.seat}`, 'data-status': st.status, text: `${names(st.seat)}: ${text}` }));
    }
    panel.append(badges);
    if (p.deadline && playing) panel.append(h('div', { class: 'platform-row timer', testid: 'move-timer', text: `⏱ ${secondsLeft(p.deadline)} s` }));
    panel.append(this.renderCancel(id, p, s, names, playing));
    panel.append(this.renderChat(id, p));
    return panel;
  }

  renderOptions(id, p, editable) {
    const o = p.options;
    const box = h('div', { class: 'options', testid: 'options' });
    const summary = `${o.variant} · to ${o.target} · ${o.turn_time ? `${o.turn_time} s per move` : 'no time limit'} · ` +
      `${o.private ? 'private' : 'public'} · ${o.spectators ? 'spectators' : 'no spectators'} · ` +
      `${o.competitive ? 'competitive' : 'practice'} · stake ${o.stake}`;
    box.append(h('div', { class: 'muted', testid: 'options-summary', text: summary }));
    if (!editable) return box;
    const form = h('form', { class: 'options-form', testid: 'options-form' },
      h('label', { text: 'Target ' }, h('select', { name: 'target' }, ...[301, 501, 1000].map((t) => h('option', { value: String(t), text: String(t), selected: o.target === t })))),
      h('label', { text: 'Seconds per move (0 = off) ' }, h('input', { name: 'turn_time', type: 'number', min: '0', max: '120', value: String(o.turn_time) })),
      h('label', { text: 'Private ' }, h('input', { name: 'private', type: 'checkbox', checked: o.private })),
      h('label', { text: 'Spectators ' }, h('input', { name: 'spectators', type: 'checkbox', checked: o.spectators })),
      h('label', { text: 'Competitive ' }, h('input', { name: 'competitive', type: 'checkbox', checked: o.competitive })),
      h('label', { text: 'Stake ' }, h('input', { name: 'stake', type: 'number', min: '0', value: String(o.stake) })),
      h('button', { type: 'submit', class: 'btn small', testid: 'options-save', text: 'Save options' }));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const f = e.target;
      this.send({ type: 'set_options', table: id, options: { target: Number(f.target.value), turn_time: Number(f.turn_time.value),
        private: f.private.checked, spectators: f.spectators.checked, competitive: f.competitive.checked, stake: Number(f.stake.value) } });
    });
    box.append(form);
    return box;
  }

  renderCancel(id, p, s, names, playing) {
    const box = h('div', { class: 'cancel', testid: 'cancel' });
    if (p.cancel) {
      const left = secondsLeft(p.cancel.deadline);
      box.append(h('div', { testid: 'cancel-proposal', text: `${names(p.cancel.by)} proposes to cancel the match (${left} s)` }));
      const mine = s.seat != null ? p.cancel.votes[s.seat] : undefined;
      if (mine === null) {
        box.append(h('button', { type: 'button', class: 'btn small primary', testid: 'cancel-accept', text: 'Accept',
          onclick: () => this.send({ type: 'vote_cancel', table: id, accept: true }) }),
        h('button', { type: 'button', class: 'btn small', testid: 'cancel-refuse', text: 'Refuse',
          onclick: () => this.send({ type: 'vote_cancel', table: id, accept: false }) }));
      }
    } else if (playing && s.seat != null) {
      box.append(h('button', { type: 'button', class: 'btn small', testid: 'propose-cancel', text: 'Propose to cancel',
        onclick: () => this.send({ type: 'propose_cancel', table: id }) }));
    }
    if (p.cancelStatus) box.append(h('div', { testid: 'cancel-status', text: p.cancelStatus }));
    return box;
  }

  renderChat(id, p) {
    const log = h('ul', { class: 'chat-log', testid: 'chat-log' });
    for (const c of p.chat) {
      // textContent only: chat is untrusted plain text.
      log.append(h('li', { class: `chat-${c.role}`, testid: 'chat-line' }, h('strong', { text: `${c.name}${c.role === 'spectator' ? ' (spectator)' : ''}: ` }), h('span', { text: c.text })));
    }
    const input = h('input', { name: 'text', maxLength: 300, testid: 'chat-input', placeholder: 'Say something…', value: this.draft || '' });
    input.addEventListener('input', () => { this.draft = input.value; });
    const form = h('form', { class: 'chat-form' }, input, h('button', { type: 'submit', class: 'btn small', testid: 'chat-send', text: 'Send' }));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      this.draft = '';
      this.send({ type: 'chat', table: id, text });
    });
    return h('div', { class: 'chat' }, log, form);
  }
}
