// Shared helpers for the browser tests: launching Debian's chromium, signing in, seating robots.
import { beforeEach, afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BASE_URL = process.env.BELOTE_URL || 'http://127.0.0.1:8080';
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots');
/** Options of a private table. The lobby lists public tables oldest first, 50 to a page, and the
 *  files that run later look for theirs on the first page: a file that makes many tables makes them
 *  private. */
export const PRIVATE = { private: true };
fs.mkdirSync(SHOTS, { recursive: true });

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh browser context (own localStorage) with a page that records uncaught page errors.
 * `locale` sets the browser's languages (navigator.languages, Accept-Language); `beforeGoto(context)`
 * runs before the first navigation (e.g. to route the WebSocket); `path` is appended to `base`
 * (default BASE_URL, the suite's server).
 */
export async function openPage(browser, viewport = { width: 1100, height: 860 }, { locale = 'en-US', beforeGoto, path: at = '', base = BASE_URL } = {}) {
  const context = await browser.newContext({ viewport, locale });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  if (beforeGoto) await beforeGoto(context);
  const page = await context.newPage();
  page.pageErrors = [];
  page.on('pageerror', (e) => page.pageErrors.push(e));
  await page.goto(base + at);
  return page;
}

export const byId = (page, id) => page.locator(`[data-testid="${id}"]`);

/** Every test's own pages close when it ends, also when it failed before closing them: a page left
 *  open keeps its player connected, and a new guest may not take the name of a player connected now
 *  (docs/protocol.md "hello"), so the next test's "Ana" would be refused. */
const openContexts = new Set();
let contextsBefore = new Set();
beforeEach(() => { contextsBefore = new Set(openContexts); });
afterEach(async () => {
  for (const context of [...openContexts]) if (!contextsBefore.has(context)) await context.close().catch(() => {});
});

/** Closes the deal result dialog and waits until it is gone, so that the next look at the page
 * does not find it again (the page removes it at its next render). */
export async function closeDealResult(page) {
  const dialog = byId(page, 'deal-result');
  await dialog.waitFor();
  const deal = await dialog.getAttribute('data-deal');
  await byId(page, 'deal-result-close').click();
  await page.locator(`[data-testid="deal-result"][data-deal="${deal}"]`).waitFor({ state: 'detached' });
}

export async function signIn(page, nickname) {
  await byId(page, 'nickname').fill(nickname);
  // A page of the previous test that just closed may still show the name to the server for a
  // moment (nickname_taken until its connection is seen closed): say hello again until accepted.
  const refused = page.locator('[data-testid="error-message"][data-code="nickname_taken"]');
  for (let attempt = 0; ; attempt++) {
    await byId(page, 'hello').click();
    await Promise.race([page.locator('#lobby').waitFor({ state: 'visible' }), refused.waitFor()]);
    if (await page.locator('#lobby').isVisible()) break;
    if (attempt >= 50) throw new Error(`${nickname}: a connected player keeps that name`);
    await byId(page, 'error-dismiss').first().click();
    await refused.waitFor({ state: 'detached' });
  }
  await byId(page, 'table-list').waitFor({ state: 'attached' });
  await page.locator('#lobby').waitFor({ state: 'visible' });
}

/** Creates a table through the form; returns its id (the client opens it). */
export async function createTable(page, target = '1000') {
  await byId(page, 'create-target').selectOption(String(target));
  await byId(page, 'create-table').click();
  const view = byId(page, 'table-view');
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  return view.getAttribute('data-table');
}

export async function sitAndFillWithRobots(page, seat = 0) {
  const seated = page.locator(`[data-testid="table-view"][data-seat="${seat}"]`);
  if (!(await seated.count())) await byId(page, `seat-${seat}-sit`).click(); // a table's creator sits already
  await seated.waitFor();
  for (let s = 0; s < 4; s++) {
    if (s === seat) continue;
    await byId(page, `seat-${s}-add-robot`).click();
    await byId(page, `seat-${s}-robot`).waitFor();
  }
}

/**
 * Waits until the page shows the latest state (rendered version == state version, no request in
 * flight, version above `minV`: the one seen when we last acted) and returns what the player faces: 'result', 'match', 'auction', 'play'.
 */
export async function waitForDecision(page, minV = 0, timeout = 30000) {
  const h = await page.waitForFunction((minV) => {
    if (document.querySelector('[data-testid="deal-result"]')) return 'result';
    if (document.querySelector('[data-testid="match-result"]')) return 'match';
    const view = document.querySelector('[data-testid="table-view"]');
    const s = window.__beloteDebug.state();
    if (!view || !s || s.v <= minV || String(s.v) !== view.dataset.v || view.dataset.busy !== 'false') return false;
    return view.dataset.myTurn === 'true' ? s.phase : false;
  }, minV, { timeout, polling: 50 }).catch(async (e) => {
    // Say where the client stood, to tell a stuck server from a stuck page.
    const info = await page.evaluate(() => {
      const s = window.__beloteDebug.state();
      const view = document.querySelector('[data-testid="table-view"]');
      return JSON.stringify({ v: s && s.v, phase: s && s.phase, to_act: s && s.to_act, legal: s && s.legal,
        rendered: view && { ...view.dataset }, log: s && s.log.slice(-4),
        errors: [...document.querySelectorAll('[data-testid="error-message"]')].map((m) => m.dataset.code),
        lastEvents: window.__beloteDebug.events().slice(-3) });
    }).catch(() => '?');
    throw new Error(`${e.message}\nclient state: ${info}\npage errors: ${(page.pageErrors || []).map((x) => x.stack || x).join("\n")}`);
  });
  return h.jsonValue();
}

/** Waits until no won trick is flying to its winner (trick-fly.js), e.g. before a screenshot. */
export async function noFlyingTrick(page) {
  await page.waitForFunction(() => !document.querySelector('.trick-fly'), null, { polling: 50 });
}

/**
 * Plays the human's seat of the running match at `table` with its first legal action, through the
 * page's connection, until the match ends (each action once the state shows a new turn for it).
 */
export async function playFirstLegalToEnd(page, table) {
  for (let guard = 0; guard < 400; guard++) {
    const handle = await page.waitForFunction((table) => {
      const s = window.__beloteDebug.state(table);
      if (!s) return false;
      if (s.phase === 'finished') return { done: true };
      if (s.to_act === s.seat && s.legal && s.legal.length) return { v: s.v, action: s.legal[0] };
      return false;
    }, table, { timeout: 60000, polling: 30 });
    const next = await handle.jsonValue();
    if (next.done) return;
    const sent = await page.evaluate(async ([table, action]) => window.__beloteDebug.send({ ...action, table }), [table, next.action]);
    if (!sent.ok) throw new Error(`the action was refused: ${JSON.stringify(sent)}`);
    // The reply comes before the events it caused: wait until the state moved past this turn.
    await page.waitForFunction(([table, v]) => window.__beloteDebug.state(table).v > v, [table, next.v], { timeout: 60000, polling: 30 });
  }
  throw new Error('the match did not end');
}

// ---- issue 14, second pass (table-return*.test.mjs) ----

export const send = (page, body) => page.evaluate((b) => window.__beloteDebug.send(b), body);
export const tableState = (page, table) => page.evaluate((t) => window.__beloteDebug.state(t), table);
/** Waits until the page shows a deal under way. */
export const inDeal = (page) => page.locator('[data-testid="table-view"]:is([data-phase="auction"], [data-phase="play"])').waitFor();

/** Pages on through the lobby with "More tables" until `item` (a locator) is listed. The list
 *  redraws under the pointer (its refresh every 5 s, the page just asked for), so a click that finds
 *  the button gone is not an error: the list is looked at again. */
export async function pageLobbyUntil(page, item) {
  const more = page.locator('#more-tables:visible');
  for (let guard = 0; guard < 20; guard++) {
    await item.or(more).first().waitFor();
    if (await item.count()) return;
    await more.click({ timeout: 2000 }).catch(() => {});
  }
  throw new Error('not listed in the lobby after 20 pages');
}

/** Opens table `table` on `page` (through the remembered table and a reload, as a player does). */
export async function showTable(page, table) {
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
}

/** `names[i]` sits in seat i (one page each, its locale `locales[i]`), robots in the other seats of a
 *  `variant` table made by the first (with the invitation code: `options` may make it private, so
 *  that it stays out of the lobby's first page); every page shows it. Returns { pages, table }. */
export async function atATable(browser, names, { variant = 'classic', target = 301, options = {}, locales = [], viewport, signedIn } = {}) {
  const pages = signedIn ? [...signedIn] : [];
  for (const [i, name] of names.entries()) {
    if (signedIn) break; // pages already signed in as `names`
    const page = await openPage(browser, viewport, { locale: locales[i] || 'en-US' });
    await signIn(page, name);
    pages.push(page);
  }
  const r = await send(pages[0], { type: 'create_table', variant, target, ...options });
  if (!r.ok) throw new Error(JSON.stringify(r));
  const table = r.reply.table;
  for (const [i, page] of pages.entries()) {
    const sat = await send(page, { type: 'sit', table, seat: i, invite: r.reply.invite });
    if (!sat.ok) throw new Error(JSON.stringify(sat));
  }
  const seats = { decouverte: 2, three_player: 3 }[variant] || 4;
  for (let seat = names.length; seat < seats; seat++) await send(pages[0], { type: 'add_robot', table, seat });
  for (const page of pages) await showTable(page, table);
  return { pages, table };
}

/** Two pages of players shown by one name `name`. A new guest may not take the name of a player
 *  connected now (docs/protocol.md "hello"), but a player who comes back with his session keeps his:
 *  the first signs in and leaves, the second takes the name once the server saw the first leave
 *  (signIn says hello again until then), and the first comes back. Returns [first, second]. */
export async function twoOfOneName(browser, name, viewport) {
  const first = await openPage(browser, viewport);
  await signIn(first, name);
  const context = first.context();
  await first.close();
  const second = await openPage(browser, viewport);
  await signIn(second, name); // refused until the server saw the first leave
  const again = await context.newPage();
  again.pageErrors = [];
  again.on('pageerror', (e) => again.pageErrors.push(e));
  await again.goto(BASE_URL);
  await again.locator('#lobby').waitFor({ state: 'visible' });
  return [again, second];
}

/** Plays the first legal action of the page's seat until `until(state)` holds (a function run in the
 *  page); with `forcedByPage`, a card that is the only one the seat may play is left to the page
 *  (its autoPlay setting). */
export async function playFirstLegalUntil(page, table, until, { forcedByPage = false } = {}) {
  for (let guard = 0; guard < 600; guard++) {
    const next = await (await page.waitForFunction(([table, until]) => {
      const s = window.__beloteDebug.state(table);
      const view = document.querySelector('[data-testid="table-view"]');
      if (!s || !view || String(s.v) !== view.dataset.v) return false;
      // eslint-disable-next-line no-new-func
      if (new Function('s', `return (${until})(s)`)(s)) return { done: true };
      if (s.phase === 'finished') return { over: true };
      if (s.to_act === s.seat && s.legal.length) return { v: s.v, action: s.legal[0], forced: s.phase === 'play' && s.legal.length === 1 };
      return false;
    }, [table, until.toString()], { polling: 30, timeout: 60000 })).jsonValue();
    if (next.done) return;
    if (next.over) throw new Error('the match ended first');
    if (!(forcedByPage && next.forced)) {
      const sent = await send(page, { ...next.action, table });
      if (!sent.ok) throw new Error(`the action was refused: ${JSON.stringify(sent)}`);
    }
    await page.waitForFunction(([table, v]) => window.__beloteDebug.state(table).v > v, [table, next.v], { polling: 30, timeout: 10000 });
  }
  throw new Error('never reached');
}

/** True when boxes `a` and `b` ({ left, top, right, bottom }) overlap. */
export const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The bounding box of the element of `locator`. */
export const boxOf = (locator) => locator.evaluate((e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height }; });

/** A browser whose contexts come from `address` (X-Forwarded-For through run.sh's trusted proxy):
 *  the tables of one test file do not count against the other files' limit per address. */
export async function launchFrom(address) {
  const real = await launch();
  return {
    newContext: (o = {}) => real.newContext({ ...o, extraHTTPHeaders: { 'X-Forwarded-For': address } }),
    close: () => real.close(),
  };
}

/** True when the element of `locator` lies wholly inside the page's viewport as it is scrolled now. */
export async function inViewport(page, locator) {
  const box = await boxOf(locator);
  const { width, height } = page.viewportSize();
  return box.top >= 0 && box.left >= 0 && box.bottom <= height && box.right <= width;
}
