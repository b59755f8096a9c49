// WebSocket connection with request ids, one reply per request, and reconnection with back-off.
//   conn.request({type:...}) -> Promise of the `ok` reply; rejects with {code, message}.
//   conn.onEvent(msg)        -> every server message that is not a reply.
//   conn.onOpen() / conn.onStatus(state)   state: connecting, open, reconnecting, closed, replaced
//   conn.resetBackoff()      -> the session is back: the next loss retries quickly again.
//   conn.moveTo(url)         -> connect to another node (table-follow.js); later connections go there
//                               too, back to the default URL once that node cannot be reached.

const REQUEST_TIMEOUT_MS = 15000;
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10000;
const CONNECT_TIMEOUT_MS = 8000; // a handshake that hangs longer is given up and retried
const CLOSE_REPLACED = 4001; // "signed in on another connection" (docs/protocol.md)

export class Connection {
  constructor(url) {
    this.defaultUrl = url; // the page's own server
    this.url = url; // where the next connection goes: the default, or the node the page was sent to
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.retry = 0;
    this.retryTimer = null;
    this.closedByUs = false;
    this.lastHeard = 0; // when the server last said anything (epoch ms)
    this.openWaiters = []; // opened() promises waiting for the next open
    this.onEvent = () => {};
    this.onOpen = () => {};
    this.onStatus = () => {};
    this.onOrphanError = () => {};
    // Back online, or back to a hidden tab: no need to wait for the back-off timer.
    window.addEventListener('online', () => this.retryNow());
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.retryNow(); });
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.closedByUs = false;
    this.onStatus('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    const handshake = setTimeout(() => { if (this.ws === ws && ws.readyState === WebSocket.CONNECTING) this.abandon(ws); }, CONNECT_TIMEOUT_MS);
    let opened = false;
    ws.onopen = () => {
      opened = true;
      clearTimeout(handshake);
      this.lastHeard = Date.now();
      this.onStatus('open');
      this.onOpen();
      for (const resolve of this.openWaiters.splice(0)) resolve();
    };
    ws.onmessage = (e) => this.handle(e.data);
    ws.onclose = (e) => {
      clearTimeout(handshake);
      if (this.ws !== ws) return;
      this.ws = null;
      this.failPending();
      if (!opened) this.backToDefault();
      if (e.code === CLOSE_REPLACED) {
        // The same session signed in on another connection: reconnecting would take it back
        // and start a tug of war between two tabs.
        this.closedByUs = true;
        this.onStatus('replaced');
      } else if (!this.closedByUs) {
        this.onStatus('reconnecting');
        this.scheduleReconnect();
      } else {
        this.onStatus('closed');
      }
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  /** Drop the socket and connect again (used to resynchronise after a version gap). */
  reconnect() {
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      this.failPending();
      try { ws.close(); } catch (e) { /* ignore */ }
    }
    this.connect();
  }

  /** Connects to `url` now (another node); the back-off starts again from its shortest delay. */
  moveTo(url) {
    this.url = url;
    this.retry = 0;
    this.reconnect();
  }

  /** A node the page was sent to that cannot be reached: the next attempts go to the default server,
   *  which tells where the table is served now. */
  backToDefault() {
    this.url = this.defaultUrl;
  }

  /** Waits before the next attempt: 0.5 s, 1 s, 2 s… up to 10 s, with some jitter so that many
   *  clients cut off together do not all come back at the same instant. */
  scheduleReconnect() {
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.retry) * (0.8 + 0.4 * Math.random());
    this.retry += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => { if (!this.ws && !this.closedByUs) this.connect(); }, delay);
  }

  /** Gives up a socket that never opened, and tries again after the back-off delay. */
  abandon(ws) {
    this.forget(ws);
    this.backToDefault();
    this.onStatus('reconnecting');
    this.scheduleReconnect();
  }

  /** Closes `ws` and stops listening to it (its onclose sees it is no longer this.ws). */
  forget(ws) {
    this.ws = null;
    try { ws.close(); } catch (e) { /* ignore */ }
  }

  /** Connects at once if a reconnection is waiting for its timer, or a handshake is still pending. */
  retryNow() {
    if (this.closedByUs) return;
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) {
      this.forget(this.ws);
      this.connect();
    } else if (this.retryTimer && !this.ws) {
      this.connect();
    }
  }

  /** Called once the session is restored (hello answered): back-off starts again from the shortest delay. */
  resetBackoff() {
    this.retry = 0;
  }

  failPending() {
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject({ code: 'disconnected', message: 'connection closed' });
    }
    this.pending.clear();
  }

  handle(data) {
    this.lastHeard = Date.now();
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (e) {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'ok' || msg.type === 'error') {
      const p = msg.id != null ? this.pending.get(msg.id) : undefined;
      if (p) {
        this.pending.delete(msg.id);
        clearTimeout(p.timer);
        if (msg.type === 'ok') p.resolve(msg);
        else {
          // Every field of the error: code, message, and retry_after, until, table, url where given.
          const { type, id, ...error } = msg;
          p.reject(error);
        }
      } else if (msg.type === 'error') {
        this.onOrphanError({ code: msg.code, message: msg.message, retry_after: msg.retry_after });
      }
      return;
    }
    this.onEvent(msg);
  }

  /** Resolves once the connection is open (at once when it is). */
  opened() {
    if (this.isOpen) return Promise.resolve();
    return new Promise((resolve) => { this.openWaiters.push(resolve); });
  }

  get isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  request(body) {
    return new Promise((resolve, reject) => {
      if (!this.isOpen) {
        reject({ code: 'disconnected', message: 'not connected' });
        return;
      }
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (this.pending.delete(id)) reject({ code: 'timeout', message: 'no reply' });
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.ws.send(JSON.stringify({ ...body, id }));
    });
  }

  /** Sends a raw text frame (debug hook only). */
  sendRaw(text) {
    if (this.isOpen) this.ws.send(text);
  }
}
