// Table platform panel: chief and options (editable by the chief between matches), seat presence
// (robot / disconnected with the reclaim countdown / away), move timer, friendly cancel vote,
// spectator count, chat (always rendered with textContent: chat is plain text), invitation link.
// Keeps its own small state per table, fed by every server message (see docs/protocol.md).
import { h } from './dom.js';
import { t, hasText } from './i18n.js';
import { VARIANT_LABEL } from './variants.js';

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
      case 'cancel_rejected': p.cancel = null; p.cancelStatus = t('cancel.rejected', { reason: hasText(`cancel.reason.${m.reason}`) ? t(`cancel.reason.${m.reason}`) : m.reason }); break;
      case 'match_cancelled': p.cancel = null; p.cancelStatus = t('cancel.cancelled'); p.deadline = null; break;
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
      h('span', { text: p.chief != null ? t('platform.chief', { name: names(p.chief) }) : t('platform.noChief') })),
    h('div', { class: 'platform-row', testid: 'spectator-count', 'data-count': String(p.spectators), text: t('platform.watching', { count: p.spectators }) }));

    if (p.options) panel.append(this.renderOptions(id, p, isChief && !playing));
    const invite = this.invites.get(id);
    if (isChief && invite) {
      const link = `${location.origin}/#/join/${id}/${invite}`;
      panel.append(h('div', { class: 'platform-row' },
        h('input', { readOnly: true, value: link, testid: 'invite-link', class: 'invite-link' }),
        h('button', { type: 'button', class: 'btn small', testid: 'renew-invite', text: t('platform.newLink'),
          onclick: async () => { const r = await this.send({ type: 'renew_invite', table: id }); if (r) { this.invites.set(id, r.invite); this.app.scheduleRender(); } } })));
    }
    // Presence badges.
    const badges = h('ul', { class: 'presence' });
    for (const st of p.presence) {
      if (!st || st.status === 'present') continue;
      const status = hasText(`presence.${st.status}`) ? t(`presence.${st.status}`) : st.status;
      let text = status;
      if (st.status === 'disconnected' && st.reclaim_deadline) text = t('presence.reclaim', { time: mmss(secondsLeft(st.reclaim_deadline)) });
      else if (st.robot_playing) text = t('presence.robotPlays', { status });
      badges.append(h('li', { testid: `presence-${st.seat}`, 'data-status': st.status, text: t('platform.presence', { name: names(st.seat), status: text }) }));
    }
    panel.append(badges);
    if (p.deadline && playing) panel.append(h('div', { class: 'platform-row timer', testid: 'move-timer', text: t('platform.timer', { seconds: secondsLeft(p.deadline) }) }));
    panel.append(this.renderCancel(id, p, s, names, playing));
    panel.append(this.renderChat(id, p));
    return panel;
  }

  renderOptions(id, p, editable) {
    const o = p.options;
    const box = h('div', { class: 'options', testid: 'options' });
    const summary = t('options.summary', { variant: VARIANT_LABEL[o.variant] || o.variant, target: o.target,
      timer: o.turn_time ? t('options.perMove', { seconds: o.turn_time }) : t('options.noTimeLimit'),
      privacy: t(o.private ? 'options.private' : 'options.public'), spectators: t(o.spectators ? 'options.spectators' : 'options.noSpectators'),
      mode: t(o.competitive ? 'options.competitive' : 'options.practice'), stake: o.stake });
    box.append(h('div', { class: 'muted', testid: 'options-summary', text: summary }));
    if (!editable) return box;
    const form = h('form', { class: 'options-form', testid: 'options-form' },
      h('label', { text: `${t('options.targetLabel')} ` }, h('select', { name: 'target' }, ...[301, 501, 1000].map((n) => h('option', { value: String(n), text: String(n), selected: o.target === n })))),
      h('label', { text: `${t('options.turnTimeLabel')} ` }, h('input', { name: 'turn_time', type: 'number', min: '0', max: '120', value: String(o.turn_time) })),
      h('label', { text: `${t('options.privateLabel')} ` }, h('input', { name: 'private', type: 'checkbox', checked: o.private })),
      h('label', { text: `${t('options.spectatorsLabel')} ` }, h('input', { name: 'spectators', type: 'checkbox', checked: o.spectators })),
      h('label', { text: `${t('options.competitiveLabel')} ` }, h('input', { name: 'competitive', type: 'checkbox', checked: o.competitive })),
      h('label', { text: `${t('options.stakeLabel')} ` }, h('input', { name: 'stake', type: 'number', min: '0', value: String(o.stake) })),
      h('button', { type: 'submit', class: 'btn small', testid: 'options-save', text: t('options.save') }));
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
      box.append(h('div', { testid: 'cancel-proposal', text: t('cancel.proposal', { name: names(p.cancel.by), seconds: left }) }));
      const mine = s.seat != null ? p.cancel.votes[s.seat] : undefined;
      if (mine === null) {
        box.append(h('button', { type: 'button', class: 'btn small primary', testid: 'cancel-accept', text: t('cancel.accept'),
          onclick: () => this.send({ type: 'vote_cancel', table: id, accept: true }) }),
        h('button', { type: 'button', class: 'btn small', testid: 'cancel-refuse', text: t('cancel.refuse'),
          onclick: () => this.send({ type: 'vote_cancel', table: id, accept: false }) }));
      }
    } else if (playing && s.seat != null) {
      box.append(h('button', { type: 'button', class: 'btn small', testid: 'propose-cancel', text: t('cancel.propose'),
        onclick: () => this.send({ type: 'propose_cancel', table: id }) }));
    }
    if (p.cancelStatus) box.append(h('div', { testid: 'cancel-status', text: p.cancelStatus }));
    return box;
  }

  renderChat(id, p) {
    const log = h('ul', { class: 'chat-log', testid: 'chat-log' });
    for (const c of p.chat) {
      // textContent only: chat is untrusted plain text.
      log.append(h('li', { class: `chat-${c.role}`, testid: 'chat-line' }, h('strong', { text: t('chat.from', { name: c.role === 'spectator' ? t('chat.spectator', { name: c.name }) : c.name }) }), h('span', { text: c.text })));
    }
    const input = h('input', { name: 'text', maxLength: 300, testid: 'chat-input', placeholder: t('chat.placeholder'), value: this.draft || '' });
    input.addEventListener('input', () => { this.draft = input.value; });
    const form = h('form', { class: 'chat-form' }, input, h('button', { type: 'submit', class: 'btn small', testid: 'chat-send', text: t('chat.send') }));
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
