// Table platform panel: chief and options (editable by the chief between matches), seat presence
// (robot / disconnected with the reclaim countdown / away), move timer, friendly cancel vote,
// spectator count, chat (always rendered with textContent: chat is plain text), invitation link.
// Keeps its own small state per table, fed by every server message (see docs/protocol.md).
import { h } from './dom.js';
import { eyeIcon, EMOTE_ICONS } from './icons.js';
import { t, hasText } from './i18n.js';
import { VARIANT_LABEL, seatCount as seatCountOf } from './variants.js';
import { RULE_GROUPS, RULE_OPTIONS, VARIANT_SEATS, ruleApplies, ruleDefault, ruleValues, effectiveRules, changedRules } from './rule-options.js';
import { awaitsMyMove } from './state.js';

/** Options that decide which others apply (or their values): the form is redrawn when they change. */
const SWITCHES = ['coinche_announcements', 'decouverte_belote', 'decouverte_announcements', 'three_player_deck'];

/** The label of rule option `name` and of one of its values (numbers and deal patterns as they are). */
const ruleLabel = (name) => t(`rule.${name}`);
const valueLabel = (v) => (typeof v === 'boolean' ? t(v ? 'ruleValue.true' : 'ruleValue.false')
  : hasText(`ruleValue.${v}`) ? t(`ruleValue.${v}`) : String(v));

const secondsLeft = (deadline) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
const mmss = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
const MAX_CHAT = 100;
const COPIED_MS = 2000; // how long "Copied" stays on the invitation's button
const MAX_STAKE = 1000000; // the server's bound on a stake (docs/protocol.md "Table options")
/** The quick-chat phrases: their key on the wire (docs/protocol.md "chat") and in lang/*.js. */
const QUICK_PHRASES = { well_played: 'wellPlayed', thanks: 'thanks', oops: 'oops', good_game: 'goodGame' };

/** A chat message (the `chat` event, or an entry of a snapshot's `chat`) as the panel keeps it: a
 *  quick-chat phrase by its key, said in the reader's language when the panel is drawn. */
const chatLine = (m) => ({ name: m.from.name, role: m.from.role, seat: m.from.seat ?? null, text: m.text,
  phrase: QUICK_PHRASES[m.phrase] ?? null, emote: EMOTE_ICONS[m.phrase] ? m.phrase : null });

/** Who refused the cancel proposal `cancel` that ended for `reason`: the server's cancel_vote with
 *  accept false comes just before cancel_rejected (docs/protocol.md "Friendly cancel"). */
function refuserOf(cancel, reason) {
  if (reason !== 'refused' || !cancel) return null;
  const seat = Object.keys(cancel.votes).find((k) => cancel.votes[k] === false);
  return seat != null ? Number(seat) : null;
}

/** How a cancel proposal ended (`end`: { reason, seat }), in words: who refused, the deadline, the
 *  match's end, or the match cancelled; `name(seat)` names a seat. */
function cancelEndText(end, name) {
  if (end.reason === 'cancelled') return t('cancel.cancelled');
  if (end.reason === 'refused' && end.seat != null) return t('cancel.refusedBy', { name: name(end.seat) });
  return t('cancel.rejected', { reason: hasText(`cancel.reason.${end.reason}`) ? t(`cancel.reason.${end.reason}`) : end.reason });
}

/** The level of the robot playing a seat (a seat_status's robot_level, docs/protocol.md), in words. */
export function robotLevelText(status) {
  return t(`level.${status.robot_level}`);
}

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
    this.drafts = new Map();  // table id -> the chief's unsaved options (renderOptions)
    setInterval(() => { // countdowns: the shown table's, or the lobby's (a cancel vote, a move timer)
      if (this.app.current ? this.hasCountdown(this.app.current) : [...this.tables.values()].some((p) => p.cancel || p.deadline)) this.app.scheduleRender({ clockOnly: true });
    }, 1000);
  }

  /** True when the table shows a ticking countdown (move timer, cancel vote, reclaim window), drawn
   *  again each second in place (app.scheduleRender's clockOnly: the buttons stay the same). */
  hasCountdown(id) {
    const p = this.tables.get(id);
    return !!p && (!!p.deadline || !!p.cancel || !!p.fill || p.presence.some((st) => st && st.status === 'disconnected' && st.reclaim_deadline));
  }

  state(id) {
    if (!this.tables.has(id)) {
      this.tables.set(id, { chief: null, options: null, presence: [], deadline: null, cancel: null, cancelEnd: null,
        spectators: 0, chat: [], seat: null, phase: null, fill: null, cannotCover: [] });
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
          seat: m.view ? m.view.seat : null, fill: m.robot_fill ?? null, cannotCover: m.cannot_cover || [] });
        // The table's recent chat (docs/protocol.md "snapshot"): a page that comes back has it again.
        if (Array.isArray(m.chat)) p.chat = m.chat.slice(-MAX_CHAT).map(chatLine);
        if (m.invite) this.invites.set(m.table, m.invite);
        break;
      case 'table_options':
        p.chief = m.chief; p.options = m.options; this.drafts.delete(m.table);
        if (m.invite) this.invites.set(m.table, m.invite); // the chief's copy (a new chief has no snapshot saying it)
        break;
      case 'seat_status': p.presence[m.seat] = m; break;
      // A new occupant (or none) is present and nothing plays for it: the server tells no seat_status.
      case 'seat_changed': p.presence[m.seat] = null; break;
      case 'stake_check': p.cannotCover = m.cannot_cover || []; break;
      case 'turn': p.deadline = m.deadline ?? null; break;
      case 'auto_move': p.deadline = null; break;
      case 'spectators': p.spectators = m.count; break;
      case 'chat':
        p.chat.push(chatLine(m));
        if (p.chat.length > MAX_CHAT) p.chat.shift();
        break;
      case 'robot_fill': p.fill = m.deadline ?? null; break;
      case 'cancel_proposed':
        p.cancel = { by: m.by, deadline: m.deadline, votes: Object.fromEntries(m.voters.map((s) => [s, s === m.by ? true : null])) };
        p.cancelEnd = null;
        break;
      case 'cancel_vote': if (p.cancel) p.cancel.votes[m.seat] = m.accept; break;
      case 'cancel_rejected': p.cancelEnd = { reason: m.reason, seat: refuserOf(p.cancel, m.reason) }; p.cancel = null; break;
      case 'match_cancelled': p.cancel = null; p.cancelEnd = { reason: 'cancelled', seat: null }; p.deadline = null; break;
      case 'match_started': p.cancelEnd = null; p.fill = null; break;
      case 'match_ended': p.deadline = null; p.cancelEnd = null; break; // a refused vote is news of that match only
      default: break;
    }
  }

  send(body) { return this.app.request(body).catch(() => null); }

  render(s) {
    if (!s.synced && s.seat == null) return this.renderVisitor(s);
    const id = s.table;
    const p = this.state(id);
    const names = (seat) => this.app.tableView.name(s, seat);
    const isChief = p.chief != null && s.seat === p.chief;
    const playing = s.state === 'playing';
    const panel = h('aside', { class: 'platform panel', testid: 'platform' });

    panel.append(h('div', { class: 'platform-row', testid: 'chief', 'data-chief': p.chief ?? '' },
      h('span', { text: p.chief != null ? t('platform.chief', { name: names(p.chief) }) : t('platform.noChief') })),
    h('div', { class: 'platform-row', testid: 'spectator-count', 'data-count': String(p.spectators) }, eyeIcon(), h('span', { text: t('platform.watching', { count: p.spectators }) })));

    if (p.options) panel.append(this.renderOptions(id, p, isChief && !playing, s));
    const invite = this.invites.get(id);
    if (isChief && invite) {
      const link = `${location.origin}/#/join/${id}/${invite}`;
      const copy = h('button', { type: 'button', class: 'btn small', testid: 'copy-invite', text: t(this.copied === link ? 'platform.copied' : 'platform.copy'),
        onclick: () => this.copyInvite(link) });
      panel.append(h('div', { class: 'platform-row invite-row' },
        h('textarea', { readOnly: true, rows: 2, value: link, testid: 'invite-link', class: 'invite-link', 'aria-label': t('platform.inviteLabel') }),
        copy,
        h('button', { type: 'button', class: 'btn small', testid: 'renew-invite', text: t('platform.newLink'),
          onclick: async () => { const r = await this.send({ type: 'renew_invite', table: id }); if (r) { this.invites.set(id, r.invite); this.app.scheduleRender(); } } })));
    }
    // Presence badges.
    const badges = h('ul', { class: 'presence' });
    for (const st of p.presence) {
      if (!st || st.status === 'present') continue;
      const status = hasText(`presence.${st.status}`) ? t(`presence.${st.status}`) : st.status;
      let text = status;
      if (st.status === 'disconnected' && st.reclaim_deadline) {
        const time = mmss(secondsLeft(st.reclaim_deadline));
        text = st.robot_playing ? t('presence.reclaim', { time, level: robotLevelText(st) }) : t('presence.reclaimWait', { time });
      }
      else if (st.robot_playing) text = t('presence.robotPlays', { status, level: robotLevelText(st) });
      badges.append(h('li', { testid: `presence-${st.seat}`, 'data-status': st.status, text: t('platform.presence', { name: names(st.seat), status: text }) }));
    }
    panel.append(badges);
    panel.append(this.renderCancel(id, p, s, names, playing));
    panel.append(this.renderChat(id, p, s));
    return panel;
  }

  /** The panel of a table opened from the lobby without sitting or watching: what the lobby's list
   *  says of it (chief, spectators, options), and how to join its chat (only players and spectators
   *  chat: docs/protocol.md "chat"). */
  renderVisitor(s) {
    const panel = h('aside', { class: 'platform panel', testid: 'platform', 'data-visitor': 'true' });
    const l = s.listing;
    if (!l) return panel;
    // The list names the chief; the seats say where he sits (and tell apart two of one name).
    const seat = l.chief == null ? -1 : s.seats.findIndex((x) => x.player && !x.player.robot && x.player.name === l.chief);
    const chief = seat >= 0 ? this.app.tableView.name(s, seat) : l.chief;
    panel.append(h('div', { class: 'platform-row', testid: 'chief', 'data-chief': seat >= 0 ? String(seat) : '' },
      h('span', { text: chief != null ? t('platform.chief', { name: chief }) : t('platform.noChief') })),
    h('div', { class: 'platform-row', testid: 'spectator-count', 'data-count': String(l.spectators) }, eyeIcon(), h('span', { text: t('platform.watching', { count: l.spectators }) })));
    if (l.options) panel.append(this.renderOptions(s.table, { options: l.options }, false, s));
    const watchable = l.options && l.options.spectators;
    const closed = h('div', { class: 'chat chat-closed', testid: 'chat-closed' }, h('span', { class: 'muted', text: t(watchable ? 'chat.watchToChat' : 'chat.sitToChat') }));
    if (watchable) {
      closed.append(h('button', { type: 'button', class: 'btn small', testid: 'visitor-watch', text: t('lobby.watch'),
        onclick: () => this.send({ type: 'watch', table: s.table }) }));
    }
    panel.append(closed);
    return panel;
  }

  /** Copies the invitation link (the field itself is selected where the clipboard is refused); the
   *  button says "Copied" for COPIED_MS. */
  async copyInvite(link) {
    try {
      await navigator.clipboard.writeText(link);
      this.copied = link;
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => { this.copied = null; this.app.scheduleRender(); }, COPIED_MS);
    } catch (e) {
      const field = document.querySelector('[data-testid="invite-link"]');
      if (field) field.select();
    }
    this.app.scheduleRender();
  }

  renderOptions(id, p, editable, s) {
    const o = p.options;
    const box = h('div', { class: 'options', testid: 'options' });
    const summary = t('options.summary', { variant: VARIANT_LABEL[o.variant] || o.variant, target: o.target,
      timer: o.turn_time ? t('options.perMove', { seconds: o.turn_time }) : t('options.noTimeLimit'),
      privacy: t(o.private ? 'options.private' : 'options.public'), spectators: t(o.spectators ? 'options.spectators' : 'options.noSpectators'),
      mode: t(o.competitive ? 'options.competitive' : 'options.practice'), stake: o.stake });
    box.append(h('div', { class: 'muted', testid: 'options-summary', text: summary }));
    const changed = Object.entries(o.rules || {});
    if (changed.length) {
      box.append(h('div', { class: 'muted rules-summary', testid: 'rules-summary', text: t('options.rulesSummary', {
        list: changed.map(([name, value]) => t('options.ruleItem', { label: ruleLabel(name), value: valueLabel(value) })).join(' · ') }) }));
    }
    if (!editable) {
      this.drafts.delete(id);
      return box;
    }
    // The chief's edits live in a draft until saved (the panel is redrawn on every event).
    const draft = this.optionsDraft(id, o);
    const seats = seatCountOf(s);
    const variants = Object.keys(VARIANT_SEATS).filter((v) => VARIANT_SEATS[v] === seats);
    const redraw = () => this.app.scheduleRender();
    const form = h('form', { class: 'options-form', testid: 'options-form', 'data-variant': draft.variant },
      variants.length > 1 ? h('label', { text: `${t('options.variantLabel')} ` },
        h('select', { name: 'variant', testid: 'options-variant',
          onchange: (e) => { draft.variant = e.target.value; draft.rules = effectiveRules(draft.variant); redraw(); } },
        ...variants.map((v) => h('option', { value: v, text: VARIANT_LABEL[v] || v, selected: draft.variant === v })))) : null,
      h('label', { text: `${t('options.targetLabel')} ` }, h('select', { name: 'target', onchange: (e) => { draft.target = Number(e.target.value); } },
        ...[301, 501, 1000].map((n) => h('option', { value: String(n), text: String(n), selected: draft.target === n })))),
      h('label', { text: `${t('options.turnTimeLabel')} ` }, h('input', { name: 'turn_time', type: 'number', min: '0', max: '120', value: String(draft.turn_time),
        oninput: (e) => { draft.turn_time = Number(e.target.value); } })),
      h('label', { text: `${t('options.privateLabel')} ` }, h('input', { name: 'private', type: 'checkbox', checked: draft.private, onchange: (e) => { draft.private = e.target.checked; } })),
      h('label', { text: `${t('options.spectatorsLabel')} ` }, h('input', { name: 'spectators', type: 'checkbox', checked: draft.spectators, onchange: (e) => { draft.spectators = e.target.checked; } })),
      h('label', { text: `${t('options.competitiveLabel')} ` }, h('input', { name: 'competitive', type: 'checkbox', checked: draft.competitive, onchange: (e) => { draft.competitive = e.target.checked; } })),
      h('label', { text: `${t('options.stakeLabel')} ` }, h('input', { name: 'stake', type: 'number', min: '0', max: String(MAX_STAKE), value: String(draft.stake), oninput: (e) => { draft.stake = Number(e.target.value); } })),
      this.renderRules(draft, redraw),
      h('button', { type: 'submit', class: 'btn small', testid: 'options-save', text: t('options.save') }));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const sent = await this.send({ type: 'set_options', table: id, options: { variant: draft.variant, target: draft.target, turn_time: draft.turn_time,
        private: draft.private, spectators: draft.spectators, competitive: draft.competitive, stake: draft.stake,
        rules: changedRules(draft.variant, draft.rules) } });
      if (sent) { this.drafts.delete(id); redraw(); }
    });
    box.append(form);
    return box;
  }

  /** The chief's unsaved options of table `id`, begun from the table's options `o`. */
  optionsDraft(id, o) {
    if (!this.drafts.has(id)) {
      this.drafts.set(id, { variant: o.variant, target: o.target, turn_time: o.turn_time, private: o.private, spectators: o.spectators,
        competitive: o.competitive, stake: o.stake, rules: effectiveRules(o.variant, o.rules || {}), open: false });
    }
    return this.drafts.get(id);
  }

  /** The rule options of docs/rules.md §9 that apply to the draft's variant, by group, each with its
   *  one-line explanation. Changing a switch that decides other options (announcements, belote)
   *  redraws the form. */
  renderRules(draft, redraw) {
    const variant = draft.variant;
    const rules = draft.rules;
    const title = () => t('options.rulesTitle', { count: Object.keys(changedRules(variant, rules)).length });
    const summary = h('summary', { testid: 'rule-options-toggle', text: title() });
    const details = h('details', { class: 'rule-options', testid: 'rule-options', open: draft.open,
      ontoggle: (e) => { draft.open = e.target.open; } }, summary);
    for (const [group, options] of RULE_GROUPS) {
      const shown = options.filter((option) => ruleApplies(option, variant, rules));
      if (!shown.length) continue;
      const set = h('fieldset', { class: 'rule-group', testid: `rule-group-${group}` }, h('legend', { text: t(`ruleGroup.${group}`) }));
      for (const option of shown) {
        const value = option.name in rules ? rules[option.name] : ruleDefault(option, variant);
        const set_ = (v) => {
          rules[option.name] = v;
          for (const other of Object.values(RULE_OPTIONS)) // options a switch brings in start at their defaults
            if (other.variants.includes(variant) && !(other.name in rules)) rules[other.name] = ruleDefault(other, variant);
          summary.textContent = title();
          if (SWITCHES.includes(option.name)) redraw();
        };
        const control = typeof option.values[0] === 'boolean'
          ? h('input', { type: 'checkbox', name: option.name, testid: `rule-${option.name}`, checked: value === true, onchange: (e) => set_(e.target.checked) })
          : h('select', { name: option.name, testid: `rule-${option.name}`, onchange: (e) => {
            const v = ruleValues(option, variant, rules).find((x) => String(x) === e.target.value);
            set_(v);
          } }, ...ruleValues(option, variant, rules).map((v) => h('option', { value: String(v), text: valueLabel(v), selected: v === value })));
        set.append(h('div', { class: 'rule-row' },
          h('label', { class: 'rule-label' }, h('span', { text: ruleLabel(option.name) }), control),
          h('small', { class: 'rule-hint muted', testid: `rule-hint-${option.name}`, text: t(`ruleHint.${option.name}`) })));
      }
      details.append(set);
    }
    return details;
  }

  /** The panel's part of the cancel vote: "Propose to cancel" while none is open, and how the last
   *  proposal ended. The open proposal itself is on the felt (cancelPrompt). */
  renderCancel(id, p, s, names, playing) {
    const box = h('div', { class: 'cancel', testid: 'cancel' });
    if (!p.cancel && playing && s.seat != null) {
      box.append(h('button', { type: 'button', class: 'btn small', testid: 'propose-cancel', text: t('cancel.propose'),
        onclick: () => this.send({ type: 'propose_cancel', table: id }) }));
    }
    if (p.cancelEnd) box.append(h('div', { testid: 'cancel-status', text: cancelEndText(p.cancelEnd, names) }));
    return box;
  }

  /** The open cancel proposal of the table of state `s`, for the felt where the players look (the
   *  panel is below the fold on a laptop and a phone): who proposes, the seconds left, and Accept and
   *  Refuse for a seat that has not answered yet; null when no proposal is open. */
  cancelPrompt(s) {
    const p = this.state(s.table);
    if (!p.cancel || s.state !== 'playing') return null;
    const text = t('cancel.proposal', { name: this.app.tableView.name(s, p.cancel.by), seconds: secondsLeft(p.cancel.deadline) });
    const mine = s.seat != null ? p.cancel.votes[s.seat] : undefined;
    const box = h('div', { class: `cancel-prompt ${mine === null ? 'asking' : ''}`, testid: 'cancel-prompt', role: 'group', 'aria-label': t('cancel.title') },
      h('div', { testid: 'cancel-proposal', text }));
    if (mine === null) {
      const vote = (accept) => this.send({ type: 'vote_cancel', table: s.table, accept });
      box.append(h('div', { class: 'cancel-actions' },
        h('button', { type: 'button', class: 'btn small primary', testid: 'cancel-accept', text: t('cancel.accept'), onclick: () => vote(true) }),
        h('button', { type: 'button', class: 'btn small', testid: 'cancel-refuse', text: t('cancel.refuse'), onclick: () => vote(false) })));
    }
    return box;
  }

  /** For the lobby: a cancel vote open at a table where the player sits (he went to the lobby in
   *  mid-match), with who proposes, the seconds left, Accept and Refuse while he has not answered,
   *  and the way back to his seat. One element per such table. */
  lobbyNotices() {
    const out = [];
    for (const s of this.app.tables.values()) {
      const p = this.tables.get(s.table);
      const turn = s.synced && s.state === 'playing' && awaitsMyMove(s) ? this.turnNotice(s, p) : null;
      if (turn) out.push(turn);
      if (!s.synced || s.seat == null || s.state !== 'playing' || !p || !p.cancel) continue;
      const mine = p.cancel.votes[s.seat];
      const text = t('cancel.proposalAt', { name: this.app.tableView.name(s, p.cancel.by), table: s.table, seconds: secondsLeft(p.cancel.deadline) });
      const vote = (accept) => this.send({ type: 'vote_cancel', table: s.table, accept });
      out.push(h('div', { class: `cancel-prompt lobby-notice ${mine === null ? 'asking' : ''}`, testid: `lobby-cancel-${s.table}`, role: 'group', 'aria-label': t('cancel.title') },
        h('div', { testid: 'lobby-cancel-text', text }),
        h('div', { class: 'cancel-actions' },
          mine === null ? h('button', { type: 'button', class: 'btn small primary', testid: 'lobby-cancel-accept', text: t('cancel.accept'), onclick: () => vote(true) }) : null,
          mine === null ? h('button', { type: 'button', class: 'btn small', testid: 'lobby-cancel-refuse', text: t('cancel.refuse'), onclick: () => vote(false) }) : null,
          h('button', { type: 'button', class: 'btn small', testid: 'lobby-cancel-open', text: t('table.returnToSeat'), onclick: () => this.app.openTable(s.table) }))));
    }
    return out;
  }

  /** The player's move is awaited at table `s` (platform state `p`): an untimed table waits for
   *  him; a timed one says how long before the move is made for him (null once it was made: the
   *  turn's end is on its way). */
  turnNotice(s, p) {
    const timed = !!(p && p.options && p.options.turn_time);
    if (timed && !p.deadline) return null;
    const text = timed ? t('table.turnAtTimed', { table: s.table, seconds: secondsLeft(p.deadline) }) : t('table.turnAtWaits', { table: s.table });
    return h('div', { class: 'cancel-prompt lobby-notice asking', testid: `lobby-turn-${s.table}`, role: 'group' },
      h('div', { testid: 'lobby-turn-text', text }),
      h('div', { class: 'cancel-actions' },
        h('button', { type: 'button', class: 'btn small primary', testid: 'lobby-turn-open', text: t('table.returnToSeat'), onclick: () => this.app.openTable(s.table) })));
  }

  /** What the live region says of platform event `m` at the table of state `s` (the cancel vote:
   *  a proposal, and how it ended), or null. */
  liveText(m, s) {
    const p = this.state(m.table);
    const name = (seat) => this.app.tableView.name(s, seat);
    if (m.type === 'cancel_proposed') return t('cancel.proposal', { name: name(m.by), seconds: secondsLeft(m.deadline) });
    if ((m.type === 'cancel_rejected' || m.type === 'match_cancelled') && p.cancelEnd) return cancelEndText(p.cancelEnd, name);
    return null;
  }

  renderChat(id, p, s) {
    const log = h('ul', { class: 'chat-log', testid: 'chat-log' });
    for (const c of p.chat) {
      // A player is named as at the seats: two players of one name are told apart by their seat, and
      // one's own lines say "(you)".
      const sitter = c.seat != null && s.seats[c.seat] && s.seats[c.seat].player;
      const seated = c.role !== 'spectator' && sitter && sitter.name === c.name;
      const name = c.role === 'spectator' ? t('chat.spectator', { name: c.name })
        : seated ? (c.seat === s.seat ? this.app.tableView.name(s, c.seat) : this.app.tableView.plainName(s, c.seat)) : c.name;
      // textContent only: chat is untrusted plain text.
      const said = c.emote ? h('span', { class: 'emote', role: 'img', testid: 'chat-emote', 'data-emote': c.emote, 'aria-label': t(`chat.emote.${c.emote}`),
        title: t(`chat.emote.${c.emote}`) }, EMOTE_ICONS[c.emote]())
        : h('span', { text: c.phrase ? t(`chat.quick.${c.phrase}`) : c.text });
      log.append(h('li', { class: `chat-${c.role}`, testid: 'chat-line' }, h('strong', { text: t('chat.from', { name }) }), said));
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
    // Quick chat: predefined phrases shown in the page's language, sent by key (each reader's page
    // says them in its own language) as chat, so rate-limited like it.
    const quick = h('div', { class: 'quick-chat', testid: 'quick-chat' }, Object.entries(QUICK_PHRASES).map(([phrase, key]) => h('button', {
      type: 'button', class: 'btn small', testid: `quick-${key}`, text: t(`chat.quick.${key}`),
      onclick: () => this.send({ type: 'chat', table: id, phrase }) })),
    Object.keys(EMOTE_ICONS).map((emote) => h('button', { type: 'button', class: 'btn small emote', testid: `emote-${emote}`,
      'aria-label': t(`chat.emote.${emote}`), title: t(`chat.emote.${emote}`), onclick: () => this.send({ type: 'chat', table: id, phrase: emote }) },
    EMOTE_ICONS[emote]())));
    return h('div', { class: 'chat' }, log, quick, form);
  }
}
