// The card room in the browser (docs/room.md, issue 13): two players sign up from two addresses
// (X-Forwarded-For from the trusted proxy 127.0.0.1: run.sh passes --trusted-proxy), the chief makes
// the table competitive with a stake of 100, they play a Découverte match to 301, and the result
// panel, the top bar (level and chips), the leaderboard and the profiles show exactly what the rules
// say: 180 of the 200 pot to the winner (house 10 %), 20 XP and 5 XP, Glicko-2 1500 → 1662 / 1338.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, byId, signIn, closeDealResult, BASE_URL, SHOTS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const suffix = Date.now().toString(36).slice(-6);
const password = 'correct horse battery';

/** A page in a fresh context whose requests come "from" `address` (behind the trusted proxy). */
async function pageFrom(address) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 860 }, locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const page = await context.newPage();
  page.pageErrors = [];
  page.on('pageerror', (e) => page.pageErrors.push(e));
  await page.goto(BASE_URL);
  return page;
}

async function signUp(page, username) {
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
async function playToEnd(page, table) {
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

test('a competitive match with a stake from sign-up to the result panel, the leaderboard and a profile', async () => {
  const names = [`ana_${suffix}`, `bea_${suffix}`];
  const ana = await pageFrom('198.51.100.2');
  const bea = await pageFrom('198.51.100.3');
  await signUp(ana, names[0]);
  await signUp(bea, names[1]);

  // Ana's table: Découverte to 301, made competitive with a stake of 100 by the chief.
  await byId(ana, 'create-variant').selectOption('decouverte');
  await byId(ana, 'create-target').selectOption('301');
  await byId(ana, 'create-table').click();
  const view = byId(ana, 'table-view');
  await view.waitFor();
  const table = await view.getAttribute('data-table');
  await byId(ana, 'seat-0-sit').click();
  await ana.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  const form = byId(ana, 'options-form');
  await form.locator('input[name="competitive"]').check();
  await form.locator('input[name="stake"]').fill('100');
  await byId(ana, 'options-save').click();
  await ana.waitForFunction(() => /competitive/.test(document.querySelector('[data-testid="options-summary"]')?.textContent || '')
    && /100/.test(document.querySelector('[data-testid="options-summary"]').textContent));

  // Bea opens it from the lobby and sits; Ana starts.
  await byId(bea, 'refresh-tables').click();
  await byId(bea, `open-${table}`).click();
  await byId(bea, 'seat-1-sit').click();
  await bea.locator('[data-testid="table-view"][data-seat="1"]').waitFor();
  assert.match(await byId(bea, 'options-summary').textContent(), /competitive/);
  await byId(ana, 'start').click();
  // The stakes are in the escrow: both top bars say 900.
  await ana.locator('[data-testid="standing"]').waitFor();
  await Promise.all([playToEnd(ana, table), playToEnd(bea, table)]);

  const ended = (await ana.evaluate((table) => window.__beloteDebug.events('match_ended').filter((e) => e.table === table), table))[0];
  const winner = ended.winner;
  const loser = 1 - winner;
  assert.deepEqual(ended.results[winner], { seat: winner, chips: 80, xp: 20, rating: { before: 1500, after: 1662, provisional: true }, why: null });
  assert.deepEqual(ended.results[loser], { seat: loser, chips: -100, xp: 5, rating: { before: 1500, after: 1338, provisional: true }, why: null });

  // The result panel says it for each seat.
  const pages = [ana, bea];
  for (const page of pages) {
    await closeDealResult(page); // the last deal's result first, then the match's
    await byId(page, 'match-result').waitFor();
    await byId(page, 'room-results').waitFor();
    assert.equal(await byId(page, `room-chips-${winner}`).textContent(), '+80 chips');
    assert.equal(await byId(page, `room-xp-${winner}`).textContent(), '+20 XP');
    assert.equal(await byId(page, `room-rating-${winner}`).textContent(), 'rating 1500 → 1662');
    assert.equal(await byId(page, `room-chips-${loser}`).textContent(), '−100 chips');
    assert.equal(await byId(page, `room-xp-${loser}`).textContent(), '+5 XP');
  }
  await pages[winner].screenshot({ path: path.join(SHOTS, 'room-match-result.png') });
  // The top bars: 1080 and 900 chips.
  await pages[winner].locator('[data-testid="standing"][data-chips="1080"]').waitFor();
  await pages[loser].locator('[data-testid="standing"][data-chips="900"]').waitFor();
  assert.equal(await byId(pages[winner], 'standing').textContent(), 'Level 1 · 1080 chips');

  // The leaderboard: by XP this week, by rating in Découverte.
  await byId(ana, 'match-result-lobby').click();
  await byId(ana, 'open-leaderboard').click();
  await byId(ana, 'leaderboard').waitFor();
  await byId(ana, 'board-week').click();
  await ana.locator('[data-testid="board-week"][aria-pressed="true"]').waitFor();
  const rowOf = async (name) => ana.evaluate((name) => {
    const row = [...document.querySelectorAll('[data-testid^="board-row-"]')].find((r) => r.children[1].textContent === name);
    return row ? [...row.children].map((c) => c.textContent) : null;
  }, name);
  await ana.waitForFunction((name) => [...document.querySelectorAll('[data-testid^="board-row-"]')].some((r) => r.children[1].textContent === name), names[winner]);
  assert.deepEqual((await rowOf(names[winner])).slice(1), [names[winner], '20', 'level 1']);
  assert.deepEqual((await rowOf(names[loser])).slice(1), [names[loser], '5', 'level 1']);
  await byId(ana, 'board-rating').click();
  await byId(ana, 'board-variant').selectOption('decouverte');
  await ana.waitForFunction((name) => [...document.querySelectorAll('[data-testid^="board-row-"]')].some((r) => r.children[1].textContent === name && r.children[2].textContent === '1662'), names[winner]);
  assert.deepEqual((await rowOf(names[loser])).slice(1, 3), [names[loser], '1338']);
  await ana.screenshot({ path: path.join(SHOTS, 'room-leaderboard.png') });

  // A profile, from the leaderboard.
  await ana.evaluate((name) => [...document.querySelectorAll('[data-testid^="board-row-"]')].find((r) => r.children[1].textContent === name).querySelector('button').click(), names[loser]);
  await byId(ana, 'profile').waitFor();
  assert.equal(await byId(ana, 'profile-name').textContent(), names[loser]);
  assert.equal(await byId(ana, 'profile-level').textContent(), 'Level 1 · 5 XP (next level at 50)');
  assert.equal(await byId(ana, 'profile-chips').textContent(), '900 chips');
  assert.equal(await byId(ana, 'profile-games').textContent(), '1 games · 0 wins · 0 abandoned');
  assert.equal(await byId(ana, 'profile-rating-decouverte').textContent(), 'Découverte (2 players): 1338, provisional (1 rated games)');
  await byId(ana, `profile-match-${table}-1`).waitFor();
  await ana.screenshot({ path: path.join(SHOTS, 'room-profile.png') });
  // Its replay link opens the replay viewer.
  await byId(ana, `profile-replay-${table}-1`).click();
  await byId(ana, 'replay-view').waitFor();

  for (const page of pages) assert.deepEqual(page.pageErrors.map(String), []);
  await ana.context().close();
  await bea.context().close();
});
