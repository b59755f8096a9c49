// Accounts (docs/protocol.md "Accounts"): the bar that says who you are (a guest or a registered
// player), Sign up (register: the guest keeps its id and seats), Log in (login, also as the first
// message of a connection) and Log out (logout: the token is revoked, the page starts afresh).
// The session token stays in localStorage, never in a URL.
import { h } from './dom.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class Account {
  constructor(app) {
    this.app = app;
    this.signup = $('signup');
    $('signup-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const f = e.target;
      this.register(f.username.value.trim(), f.password.value);
    });
    this.signup.querySelector('[data-testid="signup-cancel"]').addEventListener('click', () => this.showSignup(false));
    $('account-login-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const f = e.target;
      this.login(f.username.value.trim(), f.password.value);
    });
  }

  /** Shows who the page speaks for in the top bar: name, "guest" and the account buttons. */
  renderWho() {
    const who = document.querySelector('[data-testid="who"]');
    const player = this.app.player;
    if (!player) {
      who.hidden = true;
      return;
    }
    const guest = player.guest !== false;
    who.hidden = false;
    who.dataset.guest = String(guest);
    const button = (testid, key, onclick, cls = 'btn ghost small') =>
      h('button', { type: 'button', class: cls, testid, text: t(key), onclick });
    // The player's own name opens their profile (docs/room.md): its address is #/profile.
    const parts = [h('button', { type: 'button', class: 'btn ghost small who-name', testid: 'who-name', title: t('room.myProfile'),
      text: player.nickname || '', onclick: () => this.app.openRoom({}) })];
    if (guest) {
      parts.push(h('em', { class: 'guest-badge', testid: 'who-guest', text: t('account.guest') }),
        button('signup', 'account.signup', () => this.showSignup(true), 'btn small'),
        button('show-login', 'account.login', () => this.leaveSession(() => this.app.resetSession())));
    } else {
      parts.push(button('logout', 'account.logout', () => this.logout()));
    }
    who.replaceChildren(...parts);
    if (this.app.roomView) this.app.roomView.renderStanding();
  }

  /** A guest who logs in as someone else gives up its seats: while it plays a match, ask first. */
  leaveSession(leave) {
    const playing = [...this.app.tables.values()].find((s) => s.synced && s.seat != null && s.state === 'playing');
    if (!playing) return leave();
    const close = () => dialog.remove();
    const dialog = h('div', { class: 'overlay', testid: 'confirm-leave-overlay', onkeydown: (e) => { if (e.key === 'Escape') close(); } },
      h('div', { class: 'modal', role: 'alertdialog', 'aria-modal': 'true', testid: 'confirm-leave', 'aria-labelledby': 'confirm-leave-title', 'aria-describedby': 'confirm-leave-text' },
        h('h3', { id: 'confirm-leave-title', text: t('account.leaveTitle') }),
        h('p', { id: 'confirm-leave-text', testid: 'confirm-leave-text', text: t('account.leaveText', { table: playing.table }) }),
        h('div', { class: 'modal-actions' },
          h('button', { type: 'button', class: 'btn', testid: 'confirm-leave-no', text: t('account.leaveNo'), onclick: close }),
          h('button', { type: 'button', class: 'btn primary', testid: 'confirm-leave-yes', text: t('account.leaveYes'), onclick: () => { close(); leave(); } }))));
    document.body.append(dialog);
    dialog.querySelector('[data-testid="confirm-leave-no"]').focus();
    return null;
  }

  /** Opens (or closes) the sign-up form over the current screen. */
  showSignup(on) {
    this.signup.hidden = !on;
    if (on) this.signup.querySelector('[data-testid="signup-username"]').focus();
    else $('signup-form').reset();
  }

  /** register: the guest becomes a registered player (same id and seats); a new token. */
  async register(username, password) {
    try {
      const reply = await this.app.request({ type: 'register', username, password });
      this.app.rememberSession(reply);
      this.showSignup(false);
      this.renderWho();
      this.app.roomView.refreshStanding(); // the starting balance
    } catch (e) { /* shown */ }
  }

  /** login, as the first message of the connection (the login screen) or after hello. A login
   *  sent while the connection was being replaced (the server closes one that has not said hello
   *  within 10 s) is sent again once the next one opens. */
  async login(username, password) {
    try {
      const msg = { type: 'login', protocol: 1, username, password };
      const reply = await this.app.request(msg, { quiet: true }).catch(async (e) => {
        if (e.code === 'timeout') this.app.showError(e.code, e.message, e); // quiet hid it
        if (e.code !== 'disconnected') throw e;
        await this.app.conn.opened();
        return this.app.request(msg);
      });
      $('account-login-form').reset();
      this.app.signedIn(reply, { login: true });
    } catch (e) { /* shown */ }
  }

  /** logout: the server revokes the token and closes the connection; the page starts afresh. */
  async logout() {
    try {
      await this.app.request({ type: 'logout' });
    } catch (e) {
      if (e.code !== 'disconnected') return; // shown; still signed in
    }
    this.app.resetSession();
  }
}
