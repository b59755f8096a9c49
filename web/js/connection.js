// WebSocket connection with request ids, one reply per request, and reconnection.
//   conn.request({type:...}) -> Promise of the `ok` reply; rejects with {code, message}.
//   conn.onEvent(msg)        -> every server message that is not a reply.
//   conn.onOpen() / conn.onStatus(state)

const REQUEST_TIMEOUT_MS = 15000;
const CLOSE_REPLACED = 4001; // "signed in on another connection" (docs/protocol.md)

export class Connection {
  constructor(url) {
    this.url = url;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.retry = 0;
    this.closedByUs = false;
    this.onEvent = () => {};
    this.onOpen = () => {};
    this.onStatus = () => {};
    this.onOrphanError = () => {};
  }

  connect() {
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
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus('open');
      this.onOpen();
    };
    ws.onmessage = (e) => this.handle(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failPending();
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

  scheduleReconnect() {
    const delay = Math.min(10000, 500 * 2 ** this.retry);
    this.retry += 1;
    setTimeout(() => { if (!this.ws && !this.closedByUs) this.connect(); }, delay);
  }

  failPending() {
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject({ code: 'disconnected', message: 'connection closed' });
    }
    this.pending.clear();
  }

  handle(data) {
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
        else p.reject({ code: msg.code, message: msg.message });
      } else if (msg.type === 'error') {
        this.onOrphanError({ code: msg.code, message: msg.message });
      }
      return;
    }
    this.onEvent(msg);
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
