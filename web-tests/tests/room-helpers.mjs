// Helpers of the card room's browser tests (room*.test.mjs): pages "from" an address behind the
// trusted proxy, signing up, playing a page's seat to the end, the result panel's rows.
import assert from 'node:assert/strict';
import { byId, signIn, closeDealResult, BASE_URL } from './helpers.mjs';

export const password = 'correct horse battery';

/** A page of `browser` in a fresh context whose requests come "from" `address` (behind the trusted proxy). */
export async function pageFrom(browser, address) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 860 }, locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const page = await context.newPage();
  page.pageErrors = [];
  page.on('pageerror', (e) => page.pageErrors.push(e));
  await page.goto(BASE_URL);
  return page;
}

/** Signs `page` up as `username`: the top bar then says level 1 and 1,000 chips. */
export async function signUp(page, username) {
  await signIn(page, `Guest ${username}`);
  await byId(page, 'signup').click();
  await byId(page, 'signup-username').fill(username);
  await byId(page, 'signup-password').fill(password);
  await byId(page, 'signup-submit').click();
  await byId(page, 'logout').waitFor();
  await page.locator('[data-testid="standing"][data-chips="1000"]').waitFor();
  assert.equal(await byId(page, 'standing').textContent(), 'Level 1 · 1000 chips');
}

/** Plays the page's seat until the match ends. */
export async function playToEnd(page, table) {
  for (let guard = 0; guard < 600; guard++) {
    const handle = await page.waitForFunction((table) => {
      const s = window.__beloteDebug.state(table);
      if (!s) return false;
      if (s.phase === 'finished') return { done: true };
      // The first legal action that is not a pass: passing every deal would throw it in forever.
      if (s.to_act === s.seat && s.legal && s.legal.length) return { v: s.v, action: s.legal.find((a) => a.type !== 'pass') || s.legal[0] };
      return false;
    }, table, { timeout: 60000, polling: 30 });
    const next = await handle.jsonValue();
    if (next.done) return;
    const sent = await page.evaluate(async ([table, action]) => window.__beloteDebug.send({ ...action, table }), [table, next.action]);
    assert.equal(sent.ok, true, JSON.stringify(sent));
    await page.waitForFunction((v) => window.__beloteDebug.state().v > v, next.v, { timeout: 60000, polling: 30 });
  }
  throw new Error('the match did not end');
}

/** Sends `body` through the page's connection: { ok, reply } or { ok: false, error }. */
export const send = (page, body) => page.evaluate((body) => window.__beloteDebug.send(body), body);

/** `page` opens `table` from the lobby and sits in `seat`. */
export async function sitFromLobby(page, table, seat) {
  await byId(page, 'refresh-tables').click();
  await byId(page, `open-${table}`).click();
  await byId(page, `seat-${seat}-sit`).click();
  await page.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="${seat}"]`).waitFor();
}

/** A table of Découverte to 301 that `page` creates with `options` and sits at (seat 0); its id. */
export async function tableWith(page, options) {
  const created = await send(page, { type: 'create_table', variant: 'decouverte', target: 301, ...options });
  assert.equal(created.ok, true, JSON.stringify(created));
  await sitFromLobby(page, created.reply.table, 0);
  return created.reply.table;
}

/** The match result's rows (the cells' text) once the match ended: the last deal's result closed first. */
export async function resultRows(page) {
  await closeDealResult(page);
  await byId(page, 'room-results').waitFor();
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="room-results"] tr')].map((tr) => [...tr.children].map((td) => td.textContent)));
}
