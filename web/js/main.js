// App controller: session (hello + token, resumed after a reload or a lost connection; accounts in
// account.js; a table served by another node followed there: table-follow.js), the screens and their addresses (#/lobby, #/table/<id>, #/history, #/leaderboard,
// #/profile[/<player>], #/replay/<match>: Back and Forward stay in the site), event dispatch,
// sounds, settings, messages, debug hook.
import { Account } from './account.js';
import { Connection } from './connection.js';
import { TableFollower } from './table-follow.js';
import { fromListing, fromSnapshot, applyEvent, awaitsMyMove } from './state.js';
import { Lobby } from './lobby.js';
import { TableView } from './table.js';
import { errorText, t, translatePage } from './i18n.js';
import { Platform, inviteFromLocation } from './platform.js';
import { VARIANT_SEATS } from './rule-options.js';
import { HistoryView } from './history.js';
import { ReplayView } from './replay.js';
import { RoomView } from './room.js';
import { Announcer } from './announcer.js';
import { Sounds } from './sounds.js';
import { SettingsPanel } from './settings.js';
import { setting } from './prefs.js';
import { morphChildren } from './dom.js';

const LS_TOKEN = 'belote.token';
const LS_NICK = 'belote.nickname';
const LS_TABLE = 'belote.table';
const MAX_MESSAGES = 4;
const QUICK_PLAY_WAIT_S = 10; // "Play now": the table's robot_fill: robots take the seats still empty this long after the first sits
const MESSAGE_MS = 6000; // an error message goes away on its own after this long
const MAX_RESUME_TABLES = 64; // the server's bound on hello.resume
const HEARTBEAT_MS = 20000; // a request this often on a quiet connection: a silent network drop shows within its timeout

/** The screen an address names: { screen, id }, or null (the invitation links are read apart). */
export function routeOf(hash) {
  const m = /^#\/(lobby|table|history|leaderboard|profile|replay)(?:\/([^/]+))?$/.exec(hash || '');
  return m ? { screen: m[1], id: m[2] ? decodeURIComponent(m[2]) : null } : null;
}

const $ = (id) => document.getElementById(id);

class App {
  constructor() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.conn = new Connection(`${proto}//${location.host}/ws`);
    this.player = null;
    this.robotLevel = 'easy';  // the level chosen last for a new robot (the seat's select)
    this.authenticated = false;
    this.hadSession = false;   // a hello succeeded on this page: a lost connection is a "reconnecting" state
    this.tables = new Map();   // table id -> state
    this.current = null;       // table id shown, or null for the lobby
    this.events = [];          // recent raw events (debug)
    this.renderQueued = false;
    this.lobby = new Lobby(this);
    this.tableView = new TableView(this, $('table'));
    this.platform = new Platform(this);
    this.account = new Account(this);
    this.openSeated = false;   // after a login: open the first table where the player sits
    this.historyView = new HistoryView(this, $('history'));
    this.replayView = new ReplayView(this, $('replay'));
    this.roomView = new RoomView(this, $('room'));
    this.joinLink = inviteFromLocation();
    this.announcer = new Announcer(document.querySelector('[data-testid="live-region"]'));
    this.sounds = new Sounds();
    this.settings = new SettingsPanel(document.querySelector('[data-testid="open-settings"]'), () => this.settingsChanged());
    this.routing = false; // a screen shown because the address changed: the address is not pushed again
    this.follower = new TableFollower(this); // a table served by another node (table_elsewhere, table_moved)
    this.connLost = false; // the "connection lost" banner is up
    this.moving = false;   // a table is being looked for on another node ("Reconnecting to the table…")

    this.conn.onStatus = (st) => this.setConnStatus(st);
    this.conn.onOpen = () => this.onOpen();
    this.conn.onEvent = (m) => this.onEvent(m);
    this.conn.onOrphanError = (e) => this.showError(e.code, e.message, e);

    $('login-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const nick = $('nickname').value.trim();
      if (!nick) return;
      localStorage.setItem(LS_NICK, nick);
      this.hello(nick);
    });
    $('nickname').value = localStorage.getItem(LS_NICK) || '';
    document.querySelector('[data-testid="reconnect-now"]').addEventListener('click', () => { if (!this.follower.retryNow()) this.conn.retryNow(); });
    document.addEventListener('visibilitychange', () => this.scheduleRender());
    // An invitation link pasted into this tab changes only the fragment: no page load follows.
    window.addEventListener('hashchange', () => {
      const link = inviteFromLocation();
      if (!link) return;
      this.joinLink = link;
      if (this.authenticated) this.followInvite();
    });
    // Back and Forward between the site's screens, and an address typed or pasted (popstate comes
    // with every change of the fragment the page did not make itself).
    window.addEventListener('popstate', () => { if (!inviteFromLocation()) this.followAddress(); });
    // A network that goes away says so at once (a socket may stay "open" on a dead network).
    window.addEventListener('offline', () => { if (this.hadSession) this.conn.reconnect(); });
    setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    // Leaving the page on one's turn lets a robot play for the seat (docs/protocol.md "Presence, robots and time"):
    // the browser asks first.
    window.addEventListener('beforeunload', (e) => {
      if (!this.myTurnSomewhere()) return;
      e.preventDefault();
      e.returnValue = '';
    });
  }

  /** True when it is the player's turn at a table where it sits (a match in play). */
  myTurnSomewhere() {
    return [...this.tables.values()].some((s) => s.synced && s.state === 'playing' && awaitsMyMove(s));
  }

  /** A connection that has been quiet for a while is asked something small: on a network that went
   *  away without a word, the request times out and the page reconnects (and says so). */
  heartbeat() {
    if (!this.authenticated || !this.conn.isOpen || Date.now() - this.conn.lastHeard < HEARTBEAT_MS) return;
    this.conn.request({ type: 'list_tables', page_size: 1 }).catch((e) => {
      if (e.code === 'timeout') this.conn.reconnect();
    });
  }

  /** Shows the screen the address names (after Back, Forward, or an address typed or pasted). */
  followAddress() {
    const route = routeOf(location.hash);
    if (!route || !this.authenticated) return;
    this.routing = true;
    try {
      if (route.screen === 'lobby') this.goLobby();
      else if (route.screen === 'table' && route.id) this.openTable(route.id, { table: route.id, variant: 'classic', target: 0, state: 'waiting', seats: [] });
      else if (route.screen === 'history') this.openHistory();
      else if (route.screen === 'leaderboard') this.openRoom();
      else if (route.screen === 'profile') this.openRoom(route.id ? { player: route.id } : {});
      else if (route.screen === 'replay' && route.id) this.openReplay(route.id);
    } finally {
      this.routing = false;
    }
  }

  /** Puts `hash` in the address bar (a new history entry, so that Back returns here). */
  navigate(hash, { replace = false } = {}) {
    if (this.routing || location.hash === hash) return;
    if (replace) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
    else history.pushState(null, '', `${location.pathname}${location.search}${hash}`);
  }

  /** A setting changed (settings.js): the page is drawn again in its language and sizes. */
  settingsChanged() {
    translatePage();
    this.account.renderWho();
    this.lobby.render();
    this.scheduleRender();
  }

  start() {
    translatePage();
    this.showScreen(null);
    this.conn.connect();
  }

  // ---- connection & session -------------------------------------------------

  setConnStatus(st) {
    const e = document.querySelector('[data-testid="conn-status"]');
    e.dataset.state = st;
    e.textContent = t(`conn.${st}`);
    if (st !== 'open') {
      this.authenticated = false;
      // Lost after a session: say so until hello has brought the session back.
      this.showReconnecting(this.hadSession && (st === 'connecting' || st === 'reconnecting'));
    }
    if (st === 'replaced') {
      this.follower.finish(false); // another tab has the session: no more moves from this one
      this.showError('replaced');
    }
    if (st === 'reconnecting' && typeof navigator !== 'undefined' && navigator.onLine === false) e.textContent = t('conn.closed');
    this.scheduleRender();
  }

  /** The "connection lost, reconnecting…" banner; the table is greyed and its actions wait meanwhile. */
  showReconnecting(on) {
    this.connLost = on;
    this.renderBanner();
  }

  /** While a table is looked for on another node (table-follow.js), the banner says so calmly. */
  setMoving(on) {
    this.moving = on;
    this.renderBanner();
  }

  renderBanner() {
    const on = this.connLost || this.moving;
    document.querySelector('[data-testid="reconnecting"]').hidden = !on;
    const text = document.querySelector('[data-testid="reconnecting-text"]');
    const key = this.moving ? 'conn.toTable' : 'conn.lost';
    text.dataset.i18n = key;
    text.textContent = t(key);
    document.body.classList.toggle('offline', on);
  }

  /** The table the page comes back to after a reload (the one shown last). */
  wantedTable() {
    return localStorage.getItem(LS_TABLE);
  }

  /** For each table followed on this page, the last version seen, so that the server replays
   *  exactly the missed events (or sends a snapshot when its history no longer has them). */
  resumePoints() {
    const points = [...this.tables.values()].filter((s) => s.synced && s.v != null).map((s) => [s.table, s.v]);
    return Object.fromEntries(points.slice(-MAX_RESUME_TABLES));
  }

  onOpen() {
    const nick = localStorage.getItem(LS_NICK);
    // With a valid token the server keeps the player's own name (the nickname is then ignored).
    if (localStorage.getItem(LS_TOKEN)) this.hello(nick || 'Player');
    else if (!this.authenticated) {
      this.showReconnecting(false);
      this.showScreen('login');
    }
  }

  async hello(nickname, retried = false) {
    const token = localStorage.getItem(LS_TOKEN);
    try {
      const msg = { type: 'hello', protocol: 1, nickname };
      if (token) Object.assign(msg, { token, resume: this.resumePoints() });
      // Quiet: a connection lost again during hello just means another attempt.
      const reply = await this.request(msg, { quiet: true });
      this.signedIn(reply, { previousToken: token });
      this.follower.onSignedIn();
    } catch (e) {
      if (e.code === 'disconnected') {
        // The connection retries on its own, and a player with a token says hello again when it
        // opens; a new guest's click would be lost (a connection that did not say hello within the
        // server's 10 s is closed): it is sent again once the next connection opens.
        if (!token && !retried) this.conn.opened().then(() => { if (!this.authenticated) this.hello(nickname, true); });
        return;
      }
      if (e.code === 'timeout') { this.conn.reconnect(); return; }
      this.showReconnecting(false);
      if (e.code === 'bad_nickname' || e.code === 'nickname_taken' || e.code === 'unsupported_protocol') localStorage.removeItem(LS_TOKEN);
      this.showScreen('login');
    }
  }

  /** A session is open (the reply of hello or login): remember it, show who we are, show the screen.
   *  `login`: the connection became a registered player (from the login form). */
  signedIn(reply, { login = false, previousToken = localStorage.getItem(LS_TOKEN) } = {}) {
    this.authenticated = true;
    this.hadSession = true;
    this.conn.resetBackoff();
    this.showReconnecting(false);
    // A new session (unknown or no token, or another player) has no seats: what we knew of tables is history.
    if (login || (reply.token && reply.token !== previousToken)) for (const s of this.tables.values()) s.synced = false;
    this.rememberSession(reply);
    if (login) this.openSeated = true;
    else this.rewatch();
    this.account.renderWho();
    this.roomView.refreshStanding();
    const wanted = localStorage.getItem(LS_TABLE);
    if (this.joinLink) return this.followInvite();
    const route = routeOf(location.hash);
    if (!this.current && route && route.screen !== 'lobby' && !(route.screen === 'table' && route.id === wanted && this.tables.has(wanted))) return this.followAddress();
    if (this.current) this.showScreen('table');
    else if (wanted && this.tables.has(wanted)) this.openTable(wanted);
    else if (!login && ['history', 'replay', 'room'].includes(document.body.dataset.screen)) return; // a reconnection: stay there
    else {
      this.navigate('#/lobby', { replace: !routeOf(location.hash) });
      this.showScreen('lobby');
    }
  }

  /** Keeps the session of a reply (hello, register, login): its token and the player it speaks for. */
  rememberSession(reply) {
    if (reply.player) {
      this.player = reply.player;
      if (reply.player.nickname) localStorage.setItem(LS_NICK, reply.player.nickname);
    }
    if (reply.token) localStorage.setItem(LS_TOKEN, reply.token);
  }

  /** The server forgets a spectator whose connection closed: watch the shown table again. */
  rewatch() {
    const s = this.current && this.tables.get(this.current);
    if (!s || !s.synced || s.seat != null) return;
    const invite = this.platform.invites.get(s.table);
    this.request(invite ? { type: 'watch', table: s.table, invite } : { type: 'watch', table: s.table }, { quiet: true }).catch(() => {});
  }

  /** Forgets the session (after logout, or to change name or log in): a new connection, the login screen. */
  resetSession() {
    localStorage.removeItem(LS_TOKEN);
    localStorage.removeItem(LS_TABLE);
    this.tables.clear();
    this.current = null;
    this.player = null;
    this.authenticated = false;
    this.hadSession = false;
    this.account.showSignup(false);
    this.account.renderWho();
    this.follower.finish(false);
    this.conn.backToDefault(); // a new session starts on the page's own server
    this.conn.reconnect();
    this.showScreen('login');
  }

  /** Sends a request; shows any error to the user (unless quiet and a disconnect, or a disconnect
   *  the reconnecting banner already tells of); rethrows it. A request refused with
   *  `table_elsewhere` is sent again, once, on the node that serves the table (table-follow.js). */
  async request(body, { quiet = false, followed = false } = {}) {
    try {
      return await this.conn.request(body);
    } catch (e) {
      if (e.code === 'table_elsewhere' && !followed && e.url) {
        if (await this.follower.follow(e.table || body.table, e.url)) return this.request(body, { quiet, followed: true });
        throw e; // given up: the follower said so
      }
      const told = e.code === 'disconnected' && !document.querySelector('[data-testid="reconnecting"]').hidden;
      if (!told && !(quiet && (e.code === 'disconnected' || e.code === 'timeout'))) this.showError(e.code, e.message, e);
      throw e;
    }
  }

  // ---- events ----------------------------------------------------------------

  onEvent(m) {
    this.events.push(m);
    if (this.events.length > 500) this.events.splice(0, 100);
    if (!m.table) return;
    if (m.type === 'table_moved') {
      this.follower.onMoved(m);
      return;
    }
    this.platform.onEvent(m);
    if ((m.type === 'match_ended' || m.type === 'match_cancelled') && Array.isArray(m.results)) this.roomView.refreshStanding();
    if (m.type === 'match_started') {
      this.tableView.newMatch(m.table);
      // The stakes went to the escrow: the top bar shows the chips left (docs/room.md "Chips").
      if (this.isSeatedAt(m.table)) this.roomView.refreshStanding();
      // Why an earlier start was refused no longer holds.
      for (const old of document.querySelectorAll('[data-testid="error-message"][data-code="cannot_stake"], [data-testid="error-message"][data-code="cooling_down"]')) old.remove();
    }
    if (m.type === 'snapshot') {
      const prev = this.tables.get(m.table);
      // A new page rebuilds the deal's log from the snapshot (its chat came with it: platform.js).
      const s = fromSnapshot(m, prev, (st, seat) => this.tableView.name(st, seat));
      this.tables.set(m.table, s);
      const wanted = localStorage.getItem(LS_TABLE);
      const seated = this.openSeated && m.view && m.view.seat != null;
      if (!this.current && this.authenticated && (wanted === m.table || seated)) {
        this.openSeated = false;
        this.openTable(m.table);
      }
      this.scheduleRender();
      return;
    }
    const s = this.tables.get(m.table);
    if (!s) return;
    const res = applyEvent(s, m, (seat) => this.tableView.name(s, seat));
    if (res === 'gap') {
      // We missed events: come back on a fresh connection, without a resume point for this table,
      // so that the server sends a snapshot of it.
      s.synced = false;
      this.conn.reconnect();
      return;
    }
    if (res === 'applied' && m.table === this.current) {
      this.announcer.onEvent(s, m, (seat) => this.tableView.name(s, seat), (t) => this.tableView.teamName(s, t));
      this.announcer.say(this.platform.liveText(m, s));
      this.sounds.onEvent(s, m);
      this.scheduleRender();
    } else if (res === 'applied' && s.seat != null) {
      // The player's seat at another table: the shown one (or the lobby) says what happens there.
      if (!this.current && m.type === 'cancel_proposed') this.announcer.say(this.platform.liveText(m, s));
      this.scheduleRender();
    }
  }

  // ---- lobby & table actions --------------------------------------------------

  /** "Play now": a free seat at a public quick-play table of `variant` waiting for players (one
   *  with a chief and a person seated) whose robots are of `level`, or a new one. A quick-play table
   *  fills itself: the server puts robots of `level` in the seats still empty QUICK_PLAY_WAIT_S after
   *  the first person sat and starts the match (its robot_fill options), whether or not this page is
   *  still there. */
  async quickPlay(variant, level) {
    try {
      const reply = await this.request({ type: 'list_tables', variant, free_seats: 1 });
      const open = (reply.tables || []).find((t) => t.state === 'waiting' && t.chief && t.options && t.options.robot_fill
        && t.options.robot_fill_level === level && t.seats.some((x) => x.player && !x.player.robot)
        && t.seats.every((x) => !x.player || !x.player.robot || x.player.level === level)); // a robot the chief added counts too
      if (open) {
        try {
          await this.request({ type: 'sit', table: open.table, seat: open.seats.find((x) => !x.player).seat }, { quiet: true });
          this.openTable(open.table, open);
          return;
        } catch (e) { /* taken meanwhile: make a table */ }
      }
      const made = await this.request({ type: 'create_table', variant, target: 1000, robot_fill: QUICK_PLAY_WAIT_S, robot_fill_level: level });
      await this.request({ type: 'sit', table: made.table, seat: 0 });
      const seats = [...Array(VARIANT_SEATS[variant] || 4).keys()].map((seat) => ({ seat }));
      this.openTable(made.table, { table: made.table, variant, target: 1000, state: 'waiting', seats });
    } catch (e) { /* shown */ }
  }

  async createTable(variant, target) {
    try {
      const reply = await this.request({ type: 'create_table', variant, target });
      const seats = [...Array(VARIANT_SEATS[variant] || 4).keys()].map((seat) => ({ seat }));
      if (reply.invite) this.platform.invites.set(reply.table, reply.invite);
      this.openTable(reply.table, { table: reply.table, variant, target, state: 'waiting', seats });
      // The creator sits at once, in the first seat (the server seats nobody: docs/protocol.md "create_table").
      await this.request(reply.invite ? { type: 'sit', table: reply.table, seat: 0, invite: reply.invite } : { type: 'sit', table: reply.table, seat: 0 });
    } catch (e) { /* shown */ }
  }

  isSeatedAt(id) {
    const s = this.tables.get(id);
    return !!(s && s.synced && s.seat != null);
  }

  openTable(id, listing) {
    if (!this.tables.has(id) && listing) this.tables.set(id, fromListing(listing));
    if (!this.tables.has(id)) return;
    this.current = id;
    localStorage.setItem(LS_TABLE, id);
    this.navigate(`#/table/${encodeURIComponent(id)}`);
    this.showScreen('table');
    if (!this.isSeatedAt(id)) this.refreshListing();
    this.follower.check(id);
  }

  /** While not seated no events arrive: poll the lobby list for this table. */
  async refreshListing() {
    const id = this.current;
    if (!id || this.isSeatedAt(id)) return;
    try {
      let t = null;
      let next = null;
      for (let page = 0; page < 20 && !t; page++) { // the lobby comes a page at a time
        const request = { type: 'list_tables' };
        if (next) request.cursor = next;
        const reply = await this.request(request, { quiet: true });
        t = (reply.tables || []).find((x) => x.table === id);
        next = reply.next || null;
        if (!next) break;
      }
      const s = this.tables.get(id);
      if (t && s && !s.synced) {
        this.tables.set(id, Object.assign(fromListing(t), { log: s.log }));
        this.scheduleRender();
      }
    } catch (e) { /* shown */ }
  }

  /** Opens the table of an invitation link as a spectator (then "Sit here" sends the code too). */
  async followInvite() {
    const { table, invite } = this.joinLink;
    this.joinLink = null;
    this.platform.invites.set(table, invite);
    // The invitation is not kept in the address (nor in the history): the table's address is.
    history.replaceState(null, '', `${location.pathname}#/table/${encodeURIComponent(table)}`);
    this.openTable(table, { table, variant: 'classic', target: 0, state: 'waiting', seats: [] });
    try {
      await this.request({ type: 'watch', table, invite });
    } catch (e) { /* shown */ }
  }

  async sit(seat) {
    try {
      const invite = this.platform.invites.get(this.current);
      await this.request(invite ? { type: 'sit', table: this.current, seat, invite } : { type: 'sit', table: this.current, seat });
    } catch (e) {
      this.refreshListing();
    }
  }

  /** Leaves the seat between matches: no more events come, the lobby list tells of the table. */
  async standUp() {
    const id = this.current;
    try {
      await this.request({ type: 'stand', table: id });
    } catch (e) { return; /* shown */ }
    const s = this.tables.get(id);
    if (s) Object.assign(s, { seat: null, hand: [], legal: [], synced: false });
    this.refreshListing();
    this.scheduleRender();
    // The seat's events stop: watch the table (when it takes spectators) so that the page keeps up
    // with it, starting with a snapshot that names the new chief (docs/protocol.md "stand").
    const invite = this.platform.invites.get(id);
    try {
      await this.conn.request(invite ? { type: 'watch', table: id, invite } : { type: 'watch', table: id });
    } catch (e) { /* no spectators at this table: the lobby tells of it */ }
  }

  /** Puts a robot of `level` (easy, medium, hard, expert) in `seat`. */
  async addRobot(seat, level = this.robotLevel) {
    try {
      await this.request({ type: 'add_robot', table: this.current, seat, level });
    } catch (e) { /* shown */ }
    this.refreshListing();
  }

  /** The player's match history (history.js). */
  openHistory() {
    this.current = null;
    localStorage.removeItem(LS_TABLE);
    this.navigate('#/history');
    this.showScreen('history');
    this.historyView.show();
  }

  /** The leaderboard, or the profile of `query` ({ player } or { username }) (room.js). */
  openRoom(query = null) {
    this.current = null;
    localStorage.removeItem(LS_TABLE);
    this.navigate(!query ? '#/leaderboard' : query.player ? `#/profile/${encodeURIComponent(query.player)}` : '#/profile');
    this.showScreen('room');
    this.roomView.show(query);
  }

  /** The replay viewer on match `id` (replay.js). */
  openReplay(id) {
    this.navigate(`#/replay/${encodeURIComponent(id)}`);
    this.showScreen('replay');
    this.replayView.open(id);
  }

  /** Leaves a table after its match for the lobby: the seat is given up (between matches), so that
   *  the others are not left waiting for a chief who has gone. */
  async leaveForLobby(table) {
    const s = this.tables.get(table);
    this.goLobby();
    if (s && s.seat != null && s.state !== 'playing') {
      try {
        await this.request({ type: 'stand', table });
        Object.assign(s, { seat: null, hand: [], legal: [], synced: false });
      } catch (e) { /* shown */ }
      this.refreshListing();
    }
  }

  goLobby() {
    this.current = null;
    localStorage.removeItem(LS_TABLE);
    this.navigate('#/lobby');
    this.showScreen('lobby');
  }

  // ---- screens & rendering ----------------------------------------------------

  showScreen(name) {
    $('login').hidden = name !== 'login';
    $('lobby').hidden = name !== 'lobby';
    $('table').hidden = name !== 'table';
    $('history').hidden = name !== 'history';
    $('replay').hidden = name !== 'replay';
    $('room').hidden = name !== 'room';
    if (name === 'lobby') this.lobby.show(); else this.lobby.hide();
    clearInterval(this.listingTimer);
    if (name === 'table') this.listingTimer = setInterval(() => this.refreshListing(), 3000);
    const changed = document.body.dataset.screen !== (name || 'none');
    document.body.dataset.screen = name || 'none';
    if (changed) this.account.showSignup(false); // the sign-up form belongs to the screen it was opened on
    if (changed) this.focusScreen(name);
    this.scheduleRender();
  }

  /** A screen just shown: its first control gets the focus unless the player is in another one. */
  focusScreen(name) {
    const first = { login: 'nickname', lobby: 'create-table' }[name];
    const focused = document.activeElement;
    if (first && (!focused || focused === document.body || focused.closest('[hidden]'))) {
      document.querySelector(`[data-testid="${first}"]`).focus();
    }
  }

  /** Draws the page again at the next frame. `clockOnly`: only a countdown moved on (platform.js's
   *  tick), nothing else changed since the last render, so the shown elements are kept and updated
   *  in place (dom.js morph) instead of replaced: a click across the tick is not lost. */
  scheduleRender({ clockOnly = false } = {}) {
    if (!clockOnly) this.fullRenderQueued = true;
    if (this.renderQueued) return;
    this.renderQueued = true;
    const run = () => {
      const full = this.fullRenderQueued;
      this.renderQueued = false;
      this.fullRenderQueued = false;
      this.render({ clockOnly: !full });
    };
    if (document.hidden) setTimeout(run, 0); else requestAnimationFrame(run);
  }

  render({ clockOnly = false } = {}) {
    this.renderTitle();
    this.renderLobbyNotices(clockOnly);
    if (!this.current) return;
    const s = this.tables.get(this.current);
    if (s) {
      this.tableView.render(s, { clockOnly });
      this.tableView.setPanel(this.platform.render(s), { clockOnly });
    }
  }

  /** The lobby tells of what asks for the player at his tables (a cancel vote: platform.js). */
  renderLobbyNotices(clockOnly = false) {
    const host = $('lobby-notices');
    const notices = this.current ? [] : this.platform.lobbyNotices();
    if (clockOnly) morphChildren(host, notices); else host.replaceChildren(...notices);
    host.hidden = !host.childElementCount;
  }

  /** A hidden tab says in its title that it is the player's turn (unless sounds and notifications
   *  are off in the settings). */
  renderTitle() {
    const s = this.current && this.tables.get(this.current);
    const myTurn = !!s && awaitsMyMove(s);
    document.title = t(myTurn && document.hidden && setting('sound') ? 'page.yourTurnTitle' : 'page.title');
  }

  // ---- messages ------------------------------------------------------------------

  showError(code, message, details = {}) {
    const box = document.querySelector('[data-testid="messages"]');
    const said = errorText(code, message, details);
    // The same message again: the one shown stays a little longer instead of a second copy.
    const same = [...box.children].find((e) => e.dataset.text === said);
    if (same) {
      clearTimeout(same.timer);
      same.timer = setTimeout(() => same.remove(), MESSAGE_MS);
      return;
    }
    const item = document.createElement('div');
    item.className = 'message error';
    item.dataset.testid = 'error-message';
    item.dataset.code = code || '';
    item.dataset.text = said;
    const text = document.createElement('span');
    text.textContent = said;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'dismiss';
    close.dataset.testid = 'error-dismiss';
    close.setAttribute('aria-label', t('common.dismiss'));
    close.textContent = '✕';
    close.addEventListener('click', () => item.remove());
    item.timer = setTimeout(() => item.remove(), MESSAGE_MS);
    item.append(text, close);
    box.append(item);
    while (box.children.length > MAX_MESSAGES) box.firstElementChild.remove();
  }
}

const app = new App();
app.start();

// Test and debugging hook (read-only views plus raw sends).
window.__beloteDebug = {
  get current() { return app.current; },
  get player() { return app.player; },
  /** The WebSocket URL the page connects to now (its server's, or the node it followed a table to). */
  get socketUrl() { return app.conn.url; },
  /** What table-follow.js did: [{ table, step: table_moved|table_elsewhere|connect|found|gave_up, url? }]. */
  get follows() { return JSON.parse(JSON.stringify(app.follower.steps)); },
  /** The names of the sounds played so far (sounds.js). */
  get sounds() { return [...app.sounds.played]; },
  state(id) { return JSON.parse(JSON.stringify(app.tables.get(id || app.current) || null)); },
  events(type) { return app.events.filter((e) => !type || e.type === type).map((e) => JSON.parse(JSON.stringify(e))); },
  /** Sends a request through the app (errors are shown to the user like any other). */
  send(body) { return app.request(body).then((r) => ({ ok: true, reply: r }), (e) => ({ ok: false, error: e })); },
  sendRaw(text) { app.conn.sendRaw(text); },
};
