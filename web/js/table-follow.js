// Following a table to the server (node) that serves it (docs/protocol.md "Another server took the
// table", "Several nodes"): a request refused with `table_elsewhere`, or a `table_moved` notice,
// moves the page's one connection to the node that serves the table (`url`), where hello + token +
// resume brings the table back as after any lost connection. Without a `url` (the new owner is not
// known yet), the page reconnects to its default server, again and again with a growing pause,
// until the table is served there or the server there names its node; it gives up after
// GIVE_UP_MS with a message (the state of the table stays: a reload tries again).
//
// Whether a server serves the table is asked with `get_record` (read-only, answered by the table
// itself): `table_elsewhere` (another node: follow it), `no_such_table` (nobody serves it yet:
// wait), anything else (here: done). The page follows at most REDIRECT_LIMIT nodes in
// REDIRECT_WINDOW_MS; past that it waits on its default server instead, so that two nodes that
// disagree never bounce it back and forth.

/** At most this many moves to a named node in REDIRECT_WINDOW_MS. */
export const REDIRECT_LIMIT = 3;
export const REDIRECT_WINDOW_MS = 10000;
/** A table not found within this long is given up (the page says so). */
export const GIVE_UP_MS = 30000;
const FIRST_WAIT_MS = 1000; // pauses before asking the default server again: 0, 1 s, 2 s, 4 s, then 5 s
const MAX_WAIT_MS = 5000;
const NOT_SERVED = new Set(['no_such_table', 'storage_unavailable']);

/**
 * The WebSocket URL of a node's advertised URL: `ws://…`, `wss://…` (or `http(s)://…`, as ws/wss)
 * as given, an absolute path (`/node/b/ws`) on the page's origin, ws or wss by the page's scheme;
 * null for anything else.
 */
export function nodeSocketUrl(url, page = location) {
  if (typeof url !== 'string') return null;
  const absolute = /^(wss?|https?):\/\/[^/]/i.test(url);
  if (!absolute && !(url.startsWith('/') && !url.startsWith('//'))) return null;
  let at;
  try {
    at = new URL(url, page.href);
  } catch (e) {
    return null;
  }
  at.protocol = at.protocol === 'https:' || at.protocol === 'wss:' ? 'wss:' : 'ws:';
  at.hash = '';
  return at.href;
}

/** Counts moves in a sliding window: take() is false once REDIRECT_LIMIT were taken within it. */
export class RedirectBudget {
  constructor(limit = REDIRECT_LIMIT, windowMs = REDIRECT_WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.times = [];
  }

  take(now = Date.now()) {
    this.times = this.times.filter((t) => now - t < this.windowMs);
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }
}

/**
 * The page's side of table routing. `app` gives: conn (Connection: url, defaultUrl, moveTo, request),
 * tables (id -> state), current, wantedTable(), platform.invites, setMoving(on), showError(code);
 * it calls onMoved (table_moved), follow (table_elsewhere), check (a table opened) and onSignedIn
 * (each hello answered).
 */
export class TableFollower {
  constructor(app) {
    this.app = app;
    this.budget = new RedirectBudget();
    this.episode = null; // { table, waits, deadline, done: [resolve…] } while a table is being looked for
    this.timer = null; // the next attempt on the default server
    this.steps = []; // what was done, for the debug hook: { table, step, url? }
  }

  /** The table the page shows or comes back to: the one it follows when it moves. */
  follows(table) {
    return table === this.app.current || table === this.app.wantedTable();
  }

  /** `table_moved`: the node lost the table. Followed at once for the table shown; another table is
   *  looked for when it is opened (openTable → check). */
  onMoved(msg) {
    const s = this.app.tables.get(msg.table);
    if (s) s.movedTo = msg.url || '';
    this.note(msg.table, 'table_moved', msg.url);
    if (this.follows(msg.table)) this.look(msg.table, msg.url);
  }

  /** A request naming `table` was refused with `table_elsewhere` (`url`): resolves true once the
   *  page is signed in where the table is served (the request may be sent again), false if not. */
  follow(table, url) {
    this.note(table, 'table_elsewhere', url);
    return this.look(table, url);
  }

  /** The table opened: when its node said it lost it, look for it now. */
  check(table) {
    const s = this.app.tables.get(table);
    if (s && s.movedTo != null && !this.episode) this.look(table, s.movedTo);
  }

  /** Starts (or goes on with) the episode of `table`, towards `url` when one is named. */
  look(table, url) {
    if (!this.episode || this.episode.table !== table) {
      this.finish(false);
      this.episode = { table, waits: 0, done: [], deadline: setTimeout(() => this.giveUp(), GIVE_UP_MS) };
      this.app.setMoving(true);
    }
    const episode = this.episode;
    const promise = new Promise((resolve) => episode.done.push(resolve));
    this.go(url);
    return promise;
  }

  /** Moves to the node of `url` if the budget allows, else waits and asks the default server. */
  go(url) {
    const target = url ? nodeSocketUrl(url) : null;
    clearTimeout(this.timer);
    this.timer = null;
    if (target && this.budget.take()) {
      this.note(this.episode.table, 'connect', target);
      this.app.conn.moveTo(target);
      return;
    }
    this.waitThenDefault();
  }

  /** The next attempt on the default server, after a pause that grows. */
  waitThenDefault() {
    const episode = this.episode;
    const delay = episode.waits === 0 ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (episode.waits - 1));
    episode.waits += 1;
    this.timer = setTimeout(() => this.retryNow(), delay);
  }

  /** The table was not found within GIVE_UP_MS: the page says so and stays where it is (the table's
   *  state stays; a reload or the next table_moved tries again). */
  giveUp() {
    if (!this.episode) return;
    this.note(this.episode.table, 'gave_up');
    this.app.showError('table_unreachable');
    this.finish(false);
  }

  /** "Retry now" during an episode: the default server is asked at once. */
  retryNow() {
    if (!this.episode) return false;
    clearTimeout(this.timer);
    this.timer = null;
    this.note(this.episode.table, 'connect', this.app.conn.defaultUrl);
    this.app.conn.moveTo(this.app.conn.defaultUrl);
    return true;
  }

  /** A hello was answered: is the table of the episode (or the one shown, or the one the page comes
   *  back to) served here? */
  onSignedIn() {
    const table = this.episode ? this.episode.table : this.app.current || this.app.wantedTable();
    if (table) this.locate(table);
  }

  async locate(table) {
    const probe = { type: 'get_record', table };
    const invite = this.app.platform.invites.get(table);
    if (invite) probe.invite = invite;
    let code = null;
    let url;
    try {
      await this.app.conn.request(probe);
    } catch (e) {
      ({ code, url } = e);
    }
    if (code === 'disconnected' || code === 'timeout') return; // the next hello asks again
    const episode = this.episode && this.episode.table === table ? this.episode : null;
    if (code === 'table_elsewhere') {
      this.note(table, 'table_elsewhere', url);
      if (episode) this.go(url);
      else this.look(table, url);
    } else if (NOT_SERVED.has(code)) {
      if (episode) this.waitThenDefault();
      else if (this.wasPlaying(table)) this.look(table, null);
    } else if (episode) {
      this.note(table, 'found', this.app.conn.url);
      const s = this.app.tables.get(table);
      if (s) delete s.movedTo;
      this.finish(true);
    }
  }

  /** True when the page was seated at `table` during a match: not finding it means it is being taken
   *  over (a table that closed had no match in play). */
  wasPlaying(table) {
    const s = this.app.tables.get(table);
    return !!(s && s.synced && s.seat != null && s.state === 'playing');
  }

  /** Ends the episode: `found` says whether the table is served on the connection now. */
  finish(found) {
    clearTimeout(this.timer);
    this.timer = null;
    const episode = this.episode;
    this.episode = null;
    if (!episode) return;
    clearTimeout(episode.deadline);
    this.app.setMoving(false);
    for (const resolve of episode.done) resolve(found);
  }

  note(table, step, url) {
    this.steps.push(url === undefined ? { table, step } : { table, step, url });
    if (this.steps.length > 100) this.steps.splice(0, 50);
  }
}
