// Browser tests of issue 14's third pass (see ../README.md): defects a second tester found at a table
// with friends: a player who sits after a match, the chief's buttons shown only to the chief.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, byId, signIn, playFirstLegalToEnd, send, showTable, atATable, playFirstLegalUntil, boxOf, twoOfOneName } from './helpers.mjs';

// Its own address (X-Forwarded-For through run.sh's trusted proxy): its tables do not count against
// the other files' limit of unfinished tables per address.
let browser;
before(async () => {
  const real = await launch();
  browser = {
    newContext: (o = {}) => real.newContext({ ...o, extraHTTPHeaders: { 'X-Forwarded-For': '10.14.3.1' } }),
    close: () => real.close(),
  };
});
after(async () => { await browser?.close(); });

test('"+ Robot" and the robot level are offered only to the chief (or to anyone while the table has none)', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Ana', 'Bea']);
  const watcher = await openPage(browser);
  await signIn(watcher, 'Cid');
  assert.ok((await send(watcher, { type: 'watch', table })).ok);
  await showTable(watcher, table);
  assert.ok((await send(a, { type: 'remove_robot', table, seat: 3 })).ok);
  await byId(a, 'seat-3-add-robot').waitFor();
  await byId(a, 'seat-3-robot-level').waitFor();
  await byId(watcher, 'seat-3-sit').waitFor();
  for (const page of [b, watcher]) {
    await page.locator('[data-testid="seat-3"]:not([data-robot])').waitFor();
    assert.equal(await byId(page, 'seat-3-add-robot').count(), 0);
    assert.equal(await byId(page, 'seat-3-robot-level').count(), 0);
  }
  for (const page of [a, b, watcher]) await page.context().close();
});

test('a player who sits after a match is not shown its last deal as if he had played it', async () => {
  const { pages: [a], table } = await atATable(browser, ['Ana']);
  const watcher = await openPage(browser);
  await signIn(watcher, 'Dan');
  assert.ok((await send(watcher, { type: 'watch', table })).ok);
  await showTable(watcher, table);
  assert.ok((await send(a, { type: 'start', table })).ok);
  await playFirstLegalToEnd(a, table);
  await byId(watcher, 'deal-result').waitFor();
  assert.ok((await send(a, { type: 'remove_robot', table, seat: 3 })).ok);
  const late = await openPage(browser);
  await signIn(late, 'Eve');
  assert.ok((await send(late, { type: 'watch', table })).ok);
  await showTable(late, table);
  await byId(late, 'last-match').waitFor();
  await byId(late, 'seat-3-sit').click();
  await late.locator('[data-testid="table-view"][data-seat="3"]').waitFor();
  assert.ok((await send(a, { type: 'remove_robot', table, seat: 2 })).ok);
  assert.ok((await send(watcher, { type: 'sit', table, seat: 2 })).ok); // its deal result covers the seat
  await watcher.locator('[data-testid="table-view"][data-seat="2"]').waitFor();
  for (const page of [late, watcher]) {
    await byId(page, 'seat-1-robot').waitFor();
    assert.equal(await byId(page, 'deal-result').count(), 0);
    assert.equal(await byId(page, 'match-result').count(), 0);
  }
  for (const page of [a, watcher, late]) await page.context().close();
});

test('the chief who stands up sees who is chief now, and no chief when nobody is left seated', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Nina', 'Nina'], { signedIn: await twoOfOneName(browser, 'Nina') });
  await byId(a, 'stand-up').click();
  await a.locator('[data-testid="table-view"][data-seat=""]').waitFor();
  await a.locator('[data-testid="chief"][data-chief="1"]').waitFor();
  assert.equal(await byId(a, 'chief').textContent(), '★ Chief: Nina');
  await b.locator('[data-testid="chief"][data-chief="1"]').waitFor();
  // Alone at a table: standing up leaves it without a chief.
  const { pages: [c] } = await atATable(browser, ['Ana']);
  await byId(c, 'stand-up').click();
  await c.locator('[data-testid="table-view"][data-seat=""]').waitFor();
  await c.locator('[data-testid="chief"][data-chief=""]').waitFor();
  assert.equal(await byId(c, 'chief').textContent(), '★ No chief yet');
  // Robots alone may not fill the table (nobody could start it): its last free seat is for a person.
  await byId(c, 'seat-0-sit').waitFor();
  assert.equal(await byId(c, 'seat-0-add-robot').count(), 0);
  for (const page of [a, b, c]) await page.context().close();
});

test('the table header says the variant and target the chief just chose, on every page', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Ana', 'Bea']);
  for (const page of [a, b]) assert.equal(await byId(page, 'table-subtitle').textContent(), ' Classic · to 301');
  assert.ok((await send(a, { type: 'set_options', table, options: { variant: 'coinche', target: 1000 } })).ok);
  for (const page of [a, b]) {
    await page.locator('[data-testid="table-subtitle"]', { hasText: 'Coinche · to 1000' }).waitFor();
    assert.equal(await byId(page, 'table-subtitle').textContent(), ' Coinche · to 1000');
  }
  for (const page of [a, b]) await page.context().close();
});

test('bidding coinche at 1366×657 with a time per move: the bids, the countdown and the whole hand are in view', async () => {
  for (const viewport of [{ width: 1366, height: 657 }, { width: 1366, height: 768 }]) {
    const { pages: [a], table } = await atATable(browser, ['Cora'], { variant: 'coinche', target: 1000, options: { turn_time: 30 }, viewport });
    assert.ok((await send(a, { type: 'start', table })).ok);
    await playFirstLegalUntil(a, table, (s) => s.phase === 'auction' && s.to_act === s.seat);
    await byId(a, 'bid-ladder').waitFor();
    const hand = await boxOf(byId(a, 'hand'));
    assert.ok(hand.top >= 0 && hand.bottom <= viewport.height, `the hand at y ${hand.top}..${hand.bottom} of ${viewport.height}`);
    for (const id of ['bid-ladder', 'call-pass', 'turn-countdown']) {
      const box = await boxOf(byId(a, id));
      assert.ok(box.top >= 0 && box.bottom <= viewport.height, `${id} at y ${box.top}..${box.bottom}`);
    }
    await a.context().close();
  }
});

test('the chief\'s Rematch starts the next match when nobody else has to say ready; otherwise it asks to start anyway, without a READY tag on her seat', async () => {
  const { pages: [a], table } = await atATable(browser, ['Ana']);
  assert.ok((await send(a, { type: 'start', table })).ok);
  await playFirstLegalToEnd(a, table);
  await byId(a, 'deal-result-close').click();
  await byId(a, 'match-result-rematch').click();
  await a.locator('[data-testid="table-view"]:is([data-phase="auction"], [data-phase="play"])').waitFor();
  await a.context().close();

  const { pages: [c, b], table: t2 } = await atATable(browser, ['Caio', 'Bea']);
  assert.ok((await send(c, { type: 'start', table: t2 })).ok);
  await Promise.all([playFirstLegalToEnd(c, t2), playFirstLegalToEnd(b, t2)]);
  await byId(c, 'deal-result-close').click();
  await byId(c, 'match-result-rematch').click();
  await byId(c, 'match-result').waitFor({ state: 'detached' });
  assert.equal(await byId(c, 'confirm-start-text').textContent(), 'Not ready yet: Bea. Start anyway?');
  assert.equal(await byId(c, 'seat-0-ready').count(), 0);
  await byId(c, 'start-anyway').click();
  await c.locator('[data-testid="table-view"]:is([data-phase="auction"], [data-phase="play"])').waitFor();
  for (const page of [c, b]) await page.context().close();
});

test('"Back to lobby" from the match result gives up the seat: the others get a chief who can start, and see the seat free', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Ana', 'Bea']);
  assert.ok((await send(a, { type: 'start', table })).ok);
  await Promise.all([playFirstLegalToEnd(a, table), playFirstLegalToEnd(b, table)]);
  await byId(a, 'deal-result-close').click();
  await byId(a, 'match-result-lobby').click();
  await a.locator('#lobby').waitFor({ state: 'visible' });
  await b.locator('[data-testid="chief"][data-chief="1"]').waitFor();
  await b.locator('[data-testid="seat-0"]:not([data-robot])').waitFor();
  assert.equal(await byId(b, 'seat-0-name').count(), 0);
  for (const page of [a, b]) await page.context().close();
});

test('a player seated at one table who opens another table\'s invitation is told when his match starts and his turn comes, with a way back', async () => {
  const { pages: [a, c], table } = await atATable(browser, ['Ana', 'Caio']);
  const nina = await openPage(browser);
  await signIn(nina, 'Nina');
  const made = await send(nina, { type: 'create_table', variant: 'classic', target: 301, private: true });
  assert.ok(made.ok);
  await c.goto(`${new URL(c.url()).origin}/#/join/${made.reply.table}/${made.reply.invite}`);
  await c.locator(`[data-testid="table-view"][data-table="${made.reply.table}"]`).waitFor();
  assert.equal(await byId(c, 'seated-elsewhere-text').textContent(), `You have a seat at table ${table}.`);
  assert.ok((await send(a, { type: 'start', table })).ok);
  await c.locator('[data-testid="seated-elsewhere"][data-state="playing"]').waitFor();
  assert.match(await byId(c, 'seated-elsewhere-text').textContent(),
    new RegExp(`^(Your match at table ${table} has started\\.|Your turn at table ${table}!)$`));
  await byId(c, 'seated-elsewhere-return').click();
  await c.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  assert.equal(await byId(c, 'seated-elsewhere').count(), 0);
  for (const page of [a, c, nina]) await page.context().close();
});

test('one spectator is singular in French and Portuguese', async () => {
  const { pages: [fr, pt], table } = await atATable(browser, ['Zoé', 'João'], { locales: ['fr-FR', 'pt-BR'] });
  const watcher = await openPage(browser);
  await signIn(watcher, 'Eve');
  assert.ok((await send(watcher, { type: 'watch', table })).ok);
  await fr.locator('[data-testid="spectator-count"][data-count="1"]').waitFor();
  await pt.locator('[data-testid="spectator-count"][data-count="1"]').waitFor();
  assert.equal(await byId(fr, 'spectator-count').textContent(), '1 spectateur');
  assert.equal(await byId(pt, 'spectator-count').textContent(), '1 espectador');
  for (const page of [fr, pt, watcher]) await page.context().close();
});
