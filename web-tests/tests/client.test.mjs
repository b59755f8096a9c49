// End-to-end tests of the web client against a running belote-server (see ../run.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, noFlyingTrick, SHOTS, closeDealResult } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a whole deal is played by clicking, with legal cards and a consistent result', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Ana');

  // Populate the lobby a little for its screenshot.
  await page.evaluate(async () => {
    const d = window.__beloteDebug;
    await d.send({ type: 'create_table', variant: 'classic', target: 301 });
    const r = await d.send({ type: 'create_table', variant: 'classic', target: 1000 });
    if (r.ok) for (const seat of [1, 3]) await d.send({ type: 'add_robot', table: r.reply.table, seat });
  });
  // (add_robot without a seat may be refused by the server: not this test's subject.)
  for (const b of await page.locator('[data-testid="error-dismiss"]').all()) await b.click();
  await byId(page, 'refresh-tables').click();
  await page.locator('[data-testid="table-list"] li').first().waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'lobby.png') });

  const tableId = await createTable(page, '501');
  assert.match(tableId, /.+/);
  await sitAndFillWithRobots(page, 0);
  assert.equal(await byId(page, 'seat-0-name').textContent(), 'Ana (you)');
  for (const s of [1, 2, 3]) assert.equal(await byId(page, `seat-${s}`).getAttribute('data-robot'), 'true');
  await byId(page, 'start').click();

  let plays = 0, auctions = 0, screenshot = false, seenV = 0;
  for (let guard = 0; guard < 200; guard++) {
    const what = await waitForDecision(page, seenV);
    if (what === 'result' || what === 'match') break;
    const s = await page.evaluate(() => window.__beloteDebug.state());
    seenV = s.v;
    const turns = await page.evaluate(() => window.__beloteDebug.events('turn'));
    const lastTurn = turns.filter((t) => t.table === s.table).at(-1);
    assert.equal(lastTurn.seat, 0, 'the last turn event is ours');
    assert.deepEqual(s.legal, lastTurn.legal, 'the client keeps the server legal list as is');

    if (what === 'auction') {
      auctions++;
      const shown = await page.locator('[data-testid="auction"] button:not([disabled])').evaluateAll((bs) => bs.map((b) => b.dataset.testid).sort());
      const expected = lastTurn.legal.map((a) => (a.type === 'name' ? `call-name-${a.suit}` : `call-${a.type}`)).sort();
      assert.deepEqual(shown, expected, 'auction buttons are exactly the legal calls');
      const pick = shown.find((b) => b === 'call-take') || shown.find((b) => b.startsWith('call-name-')) || 'call-pass';
      await byId(page, pick).click();
      continue;
    }

    // Play phase: the hand, dimmed cards and the legal list.
    const cards = await page.locator('[data-testid="hand"] .card').evaluateAll((es) => es.map((e) => ({
      card: e.dataset.card, dim: e.classList.contains('dim'), disabled: e.disabled, legal: e.dataset.legal })));
    const tricksDone = s.tricks_won[0] + s.tricks_won[1];
    assert.equal(cards.length, 8 - tricksDone, `hand shows ${8 - tricksDone} cards: ${JSON.stringify({ cards, s: { v: s.v, hand: s.hand, tw: s.tricks_won, trick: s.trick, log: s.log.slice(-6) } })}`);
    if (plays === 0) assert.equal(cards.length, 8, 'hand has 8 cards after the contract');
    assert.deepEqual(cards.map((c) => c.card).sort(), [...s.hand].sort());
    const legal = new Set(lastTurn.legal.filter((a) => a.type === 'play').map((a) => a.card));
    assert.ok(legal.size > 0);
    for (const c of cards) {
      assert.equal(c.dim, !legal.has(c.card), `${c.card} dimmed iff not legal`);
      assert.equal(c.disabled, !legal.has(c.card), `${c.card} clickable iff legal`);
    }
    if (!screenshot && tricksDone >= 2 && s.trick.cards.length >= 1 && !s.trick.done) {
      await page.waitForTimeout(300); // let the card animations settle
      await noFlyingTrick(page); // the won trick has reached its winner
      await page.screenshot({ path: path.join(SHOTS, 'table-classic.png') });
      screenshot = true;
    }
    const playable = cards.filter((c) => !c.disabled);
    const choice = playable[Math.floor(Math.random() * playable.length)].card;
    await byId(page, `card-${choice}`).click();
    plays++;
  }
  assert.ok(auctions >= 1 || plays >= 1);
  assert.equal(plays, 8, 'we played all 8 cards of the deal');
  if (!screenshot) await page.screenshot({ path: path.join(SHOTS, 'table-classic.png') });

  // The deal result panel: numbers match the server's deal_scored and add up.
  const panel = byId(page, 'deal-result');
  await panel.waitFor();
  await page.waitForTimeout(300);
  await noFlyingTrick(page); // the won trick has reached its winner
  await page.screenshot({ path: path.join(SHOTS, 'deal-result.png') });
  const scored = (await page.evaluate(() => window.__beloteDebug.events('deal_scored'))).filter((e) => e.table === tableId);
  assert.equal(scored.length, 1);
  const { score, totals } = scored[0];
  const cell = async (row, t) => Number(await byId(page, `result-${row}-${t}`).textContent());
  const rows = await panel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.className.replace('row-', '')));
  for (const t of [0, 1]) {
    assert.equal(await cell('score', t), score.score[t]);
    assert.equal(await cell('total', t), totals[t]);
    assert.equal(await cell('cp', t), score.card_points[t]);
    let sum = 0;
    for (const r of rows.filter((r) => r !== 'score' && r !== 'total')) sum += await cell(r, t);
    assert.equal(sum, score.score[t], `team ${t}: the breakdown adds up to the deal score`);
    assert.equal(totals[t], score.score[t], 'first deal: totals are the deal score');
    assert.equal(Number(await byId(page, `totals-${t}`).textContent()), totals[t], 'scoreboard shows the totals');
  }
  const cardSum = score.card_points[0] + score.card_points[1] + score.last_trick[0] + score.last_trick[1];
  assert.ok(cardSum === 162 || cardSum === 252, `card points + last trick = ${cardSum}`);
  await closeDealResult(page);
  await panel.waitFor({ state: 'detached' });
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('server errors are shown in plain words and can be dismissed', async () => {
  const ana = await openPage(browser);
  await signIn(ana, 'Ana');
  const tableId = await createTable(ana, '1000');

  // Bea opens the same table, where Ana (its creator) sits in seat 0; the name is markup, shown as text.
  const nasty = '<img src=x onerror=1>';
  const bea = await openPage(browser);
  await signIn(bea, nasty);
  assert.equal(await byId(bea, 'who-name').textContent(), nasty); // the name opens the player's profile
  await byId(bea, 'refresh-tables').click();
  await byId(bea, `open-${tableId}`).click();
  await byId(bea, 'seat-1-sit').waitFor();

  await ana.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  // Bea asks for seat 0 all the same (as a page that had not heard of Ana yet would).
  await bea.evaluate((t) => window.__beloteDebug.send({ type: 'sit', table: t, seat: 0 }), tableId);
  const msg = byId(bea, 'error-message').first();
  await msg.waitFor();
  assert.equal(await msg.getAttribute('data-code'), 'seat_taken');
  assert.match(await msg.textContent(), /already taken/);
  await byId(bea, 'error-dismiss').first().click();
  assert.equal(await byId(bea, 'error-message').count(), 0);
  // Her view now shows Ana in seat 0 (re-read after the refusal).
  await bea.locator('[data-testid="seat-0-name"]', { hasText: 'Ana' }).waitFor();

  // A bad action through the debug hook: a card before the match has started.
  await ana.evaluate((t) => window.__beloteDebug.send({ type: 'play', table: t, card: 'JS' }), tableId);
  const m2 = byId(ana, 'error-message').first();
  await m2.waitFor();
  assert.equal(await m2.getAttribute('data-code'), 'not_started');
  assert.match(await m2.textContent(), /not started/);
  // Starting with empty seats through the server.
  await ana.evaluate((t) => window.__beloteDebug.send({ type: 'start', table: t }), tableId);
  await ana.locator('[data-testid="error-message"][data-code="seats_empty"]').waitFor();
  assert.deepEqual([...ana.pageErrors, ...bea.pageErrors].map(String), []);
  await ana.context().close();
  await bea.context().close();
});

test('at 375 px wide the lobby and the table view do not scroll sideways', async () => {
  const page = await openPage(browser, { width: 375, height: 740 });
  await signIn(page, 'Mobile player with a long name');
  await byId(page, 'refresh-tables').click();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, 'lobby fits');
  await createTable(page, '301');
  await sitAndFillWithRobots(page, 0);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, 'waiting table fits');
  await byId(page, 'start').click();
  let checkedPlay = false, seenV = 0;
  for (let guard = 0; guard < 40 && !checkedPlay; guard++) {
    const what = await waitForDecision(page, seenV);
    if (what === 'auction' || what === 'play') seenV = await page.evaluate(() => window.__beloteDebug.state().v);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `scrollWidth ${width} <= 375 (${what})`);
    if (what === 'auction') {
      const take = byId(page, 'call-take');
      await ((await take.count()) ? take : byId(page, 'call-pass')).click();
    } else if (what === 'play') {
      assert.equal(await page.locator('[data-testid="hand"] .card').count() > 0, true);
      await page.waitForTimeout(300);
      await noFlyingTrick(page); // the won trick has reached its winner
      await page.screenshot({ path: path.join(SHOTS, 'table-mobile.png') });
      checkedPlay = true;
    } else {
      await byId(page, 'deal-result-close').click().catch(() => {});
    }
  }
  assert.ok(checkedPlay, 'reached a play turn on the narrow screen');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('after a reload the session token brings the player back to its seat', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Returning');
  const token = await page.evaluate(() => localStorage.getItem('belote.token'));
  assert.ok(token, 'the session token is kept in localStorage');
  const tableId = await createTable(page, '1000');
  await sitAndFillWithRobots(page, 0);
  await page.reload();
  // No nickname form: hello goes out with the token and the server re-sends the table snapshot.
  await page.locator(`[data-testid="table-view"][data-table="${tableId}"][data-seat="0"]`).waitFor();
  assert.equal(await byId(page, 'seat-0-name').textContent(), 'Returning (you)');
  assert.equal(await page.evaluate(() => localStorage.getItem('belote.token')), token, 'same session');
  assert.equal(await byId(page, 'error-message').count(), 0);

  // The same session opened in a second tab takes over; the first tab says so and stays quiet.
  const second = await page.context().newPage();
  await second.goto(page.url());
  await second.locator(`[data-testid="table-view"][data-table="${tableId}"][data-seat="0"]`).waitFor();
  await page.locator('[data-testid="error-message"][data-code="replaced"]').waitFor();
  assert.match(await byId(page, 'error-message').first().textContent(), /another tab/);
  await page.waitForTimeout(1500);
  assert.equal(await byId(second, 'conn-status').getAttribute('data-state'), 'open', 'no tug of war');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});
