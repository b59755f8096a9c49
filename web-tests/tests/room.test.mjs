// The card room in the browser (docs/room.md, issue 13): two players sign up from two addresses
// (X-Forwarded-For from the trusted proxy 127.0.0.1: run.sh passes --trusted-proxy), the chief makes
// the table competitive with a stake of 100, they play a Découverte match to 301, and the result
// panel, the top bar (level and chips), the leaderboard and the profiles show exactly what the rules
// say: 180 of the 200 pot to the winner (house 10 %), 20 XP and 5 XP, Glicko-2 1500 → 1662 / 1338.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, byId, signIn, closeDealResult, BASE_URL, SHOTS } from './helpers.mjs';
import { pageFrom as pageFromOf, signUp, playToEnd, send, sitFromLobby, tableWith } from './room-helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });
const pageFrom = (address) => pageFromOf(browser, address);

const suffix = Date.now().toString(36).slice(-6);

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
  await ana.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
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
  assert.deepEqual(ended.results[winner], { seat: winner, chips: 80, xp: 20, rating: { before: 1500, after: 1662, provisional: true }, why: null, unrated: null });
  assert.deepEqual(ended.results[loser], { seat: loser, chips: -100, xp: 5, rating: { before: 1500, after: 1338, provisional: true }, why: null, unrated: null });

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
  assert.equal(await byId(ana, 'profile-games').textContent(), 'Competitive matches: 1 · won: 0 · abandoned: 0');
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

// ---- The tester's report on issue 13: what the page showed wrong or not at all (the result panel's
// reasons: room-why*.test.mjs) ----

test('before the start the table names who cannot cover the stake and shows levels; the top bar and a cancel show the escrowed chips', async () => {
  const ana = await pageFrom('198.51.100.12');
  const gus = await pageFrom('198.51.100.13');
  const bea = await pageFrom('198.51.100.14');
  const names = [`anna_${suffix}`, `beth_${suffix}`];
  await signUp(ana, names[0]);
  await signIn(gus, 'Gus');
  await signUp(bea, names[1]);

  const table = await tableWith(ana, { competitive: true, stake: 0 });
  // A registered player's level beside the name, at the table and in the lobby.
  assert.equal(await byId(ana, 'seat-0-level').textContent(), 'Lv. 1');
  await byId(gus, 'refresh-tables').click();
  assert.equal(await byId(gus, `lobby-level-${table}-0`).textContent(), 'Lv. 1');
  await sitFromLobby(gus, table, 1);
  assert.equal(await byId(gus, 'seat-1-level').count(), 0); // a guest has no level

  // The chief raises the stake with a guest seated: both pages say who cannot cover it.
  assert.equal((await send(ana, { type: 'set_options', table, options: { stake: 100 } })).ok, true);
  for (const page of [ana, gus]) {
    await byId(page, 'cannot-cover').waitFor();
    assert.equal(await byId(page, 'cannot-cover').textContent(), 'Cannot cover the stake of 100: Gus (a guest)');
  }
  assert.match(await ana.locator('.center-note').textContent(), /Not everyone can cover the stake/);
  await ana.screenshot({ path: path.join(SHOTS, 'room-cannot-cover.png') });

  // Its refusal goes away as soon as a match starts (it said nothing true any more).
  await ana.evaluate(() => {
    window.__errorSeen = null;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="error-message"][data-code="cannot_stake"]');
      if (shown && !window.__errorSeen) window.__errorSeen = { at: Date.now() };
      if (!shown && window.__errorSeen && !window.__errorSeen.gone) {
        window.__errorSeen.gone = Date.now() - window.__errorSeen.at;
        window.__errorSeen.playing = window.__beloteDebug.state().state === 'playing';
      }
    }).observe(document.querySelector('[data-testid="messages"]'), { childList: true, subtree: true });
  });
  await byId(ana, 'start').click();
  await ana.locator('[data-testid="error-message"][data-code="cannot_stake"]').waitFor();
  assert.equal((await send(gus, { type: 'stand', table })).ok, true);
  await byId(ana, 'cannot-cover').waitFor({ state: 'detached' });
  assert.equal((await send(bea, { type: 'sit', table, seat: 1 })).ok, true);
  await byId(ana, 'start').click();
  await ana.waitForFunction(() => window.__errorSeen && window.__errorSeen.gone != null);
  const seen = await ana.evaluate(() => window.__errorSeen);
  assert.equal(seen.playing, true, JSON.stringify(seen));
  assert.ok(seen.gone < 6000, JSON.stringify(seen)); // before it would have gone by itself

  await byId(bea, 'refresh-tables').click();
  await byId(bea, `open-${table}`).click();
  await bea.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  // While the stakes are in escrow the top bars say so.
  await ana.locator('[data-testid="standing"][data-chips="900"]').waitFor();
  assert.equal(await byId(ana, 'standing').textContent(), 'Level 1 · 900 chips');
  await bea.locator('[data-testid="standing"][data-chips="900"]').waitFor();

  // A friendly cancel: each seat is told what came back.
  assert.equal((await send(ana, { type: 'propose_cancel', table })).ok, true);
  await bea.waitForFunction(() => window.__beloteDebug.events('cancel_proposed').length > 0);
  assert.equal((await send(bea, { type: 'vote_cancel', table, accept: true })).ok, true);
  for (const page of [ana, bea]) {
    await byId(page, 'cancel-results').waitFor();
    for (const seat of [0, 1]) assert.equal(await byId(page, `room-why-${seat}`).textContent(), 'cancelled: stake of 100 refunded');
    await page.locator('[data-testid="standing"][data-chips="1000"]').waitFor();
  }
  await ana.screenshot({ path: path.join(SHOTS, 'room-cancel-refund.png') });
  for (const page of [ana, gus, bea]) assert.deepEqual(page.pageErrors.map(String), []);
  for (const page of [ana, gus, bea]) await page.context().close();
});

test('the page says when a cool-down after abandoning ends', async () => {
  // The server's cool-down is tested through the protocol (room_server_test); here the page shows its reply.
  const context = await browser.newContext({ viewport: { width: 1100, height: 860 }, locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.15' } });
  const until = Date.now() + 15 * 60000;
  await context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((text) => {
      const m = JSON.parse(text);
      if (m.type === 'sit') ws.send(JSON.stringify({ type: 'error', id: m.id, code: 'cooling_down', until,
        message: 'you abandoned 2 competitive matches in 7 days: you may sit at a competitive table again from …' }));
      else server.send(text);
    });
    server.onMessage((text) => ws.send(text));
  });
  const page = await context.newPage();
  page.pageErrors = [];
  page.on('pageerror', (e) => page.pageErrors.push(e));
  await page.goto(BASE_URL);
  await signUp(page, `cole_${suffix}`);
  const created = await send(page, { type: 'create_table', variant: 'decouverte', target: 301, competitive: true });
  await byId(page, 'refresh-tables').click();
  await byId(page, `open-${created.reply.table}`).click();
  await byId(page, 'seat-0-sit').click();
  const message = page.locator('[data-testid="error-message"][data-code="cooling_down"]');
  await message.waitFor();
  const time = await page.evaluate((until) => new Date(until).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' }), until);
  assert.equal(await message.locator('span').textContent(),
    `You abandoned competitive matches: you may sit at a competitive table again at ${time} (in 15 min)`);
  assert.deepEqual(page.pageErrors.map(String), []);
  await context.close();
});

test('after a cancel the result panel names the players as the match began, even once a seat is free', async () => {
  // report13b #3: an abandoner's seat is freed by the time a cancel passes, and the panel called him "Seat 2".
  // Here the other player stands up after the cancel: his seat is as free, and the panel must still name him.
  const ana = await pageFrom('198.51.100.21');
  const bea = await pageFrom('198.51.100.22');
  const names = [`cana_${suffix}`, `cbea_${suffix}`];
  await signUp(ana, names[0]);
  await signUp(bea, names[1]);
  const table = await tableWith(ana, { competitive: true, stake: 50 });
  await sitFromLobby(bea, table, 1);
  assert.equal((await send(ana, { type: 'start', table })).ok, true);
  await bea.waitForFunction(() => window.__beloteDebug.events('match_started').length > 0);
  assert.equal((await send(ana, { type: 'propose_cancel', table })).ok, true);
  await bea.waitForFunction(() => window.__beloteDebug.events('cancel_proposed').length > 0);
  assert.equal((await send(bea, { type: 'vote_cancel', table, accept: true })).ok, true);
  await byId(ana, 'cancel-results').waitFor();
  assert.equal((await send(bea, { type: 'stand', table })).ok, true);
  await byId(ana, 'seat-1-name').waitFor({ state: 'detached' }); // rendered with the seat free
  const rows = await ana.evaluate(() => [...document.querySelectorAll('[data-testid="cancel-results"] tr')].map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows, [[`${names[0]} (you)`, 'cancelled: stake of 50 refunded'], [names[1], 'cancelled: stake of 50 refunded']]);
  for (const page of [ana, bea]) assert.deepEqual(page.pageErrors.map(String), []);
  for (const page of [ana, bea]) await page.context().close();
});
