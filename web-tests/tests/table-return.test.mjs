// Browser tests of issue 14's second pass, the defects a tester found doing the issue's "Done when"
// (see ../README.md): the rematch with who is ready, players of one name, the last match named by
// who played it, a clean table between matches, quick play that fills itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, playFirstLegalToEnd, SHOTS, send, tableState, inDeal, showTable,
  atATable, playFirstLegalUntil, twoOfOneName } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, id) => byId(page, id).textContent();
const state = tableState;

test('the rematch: after the match each player says ready, everyone sees who is, the chief starts with the seats kept', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Ana', 'Bia']);
  const watcher = await openPage(browser);
  await signIn(watcher, 'Cid');
  assert.ok((await send(watcher, { type: 'watch', table })).ok);
  await showTable(watcher, table);
  await byId(a, 'start').click();
  await Promise.all([playFirstLegalToEnd(a, table), playFirstLegalToEnd(b, table)]);
  for (const page of [a, b]) {
    await byId(page, 'deal-result-close').click();
    await byId(page, 'match-result').waitFor();
  }
  // Ana closes the result; she is not ready yet, and Bia has not answered.
  await byId(a, 'match-result-stay').click();
  await byId(a, 'match-result').waitFor({ state: 'detached' });
  assert.equal(await text(a, 'ready-list'), 'Not yet: Bia'); // the chief says it by starting
  await byId(a, 'start').click();
  assert.equal(await text(a, 'confirm-start-text'), 'Not ready yet: Bia. Start anyway?');
  await byId(a, 'start-wait').click();
  await byId(a, 'confirm-start').waitFor({ state: 'detached' });

  // Bia asks for a rematch in one click: everyone sees it on her seat and in the list.
  await byId(b, 'match-result-rematch').click();
  await byId(b, 'match-result').waitFor({ state: 'detached' });
  for (const page of [a, b, watcher]) await byId(page, 'seat-1-ready').waitFor();
  assert.equal(await text(a, 'ready-list'), 'Ready: Bia');
  assert.equal(await text(b, 'ready-list'), 'Ready: Bia (you)');
  assert.equal(await byId(a, 'ready').count(), 0);
  assert.equal(await byId(b, 'ready').getAttribute('aria-pressed'), 'true');
  // A page opened now (a late spectator, a reload) is told too: ready is the table's state.
  await watcher.reload();
  await byId(watcher, 'seat-1-ready').waitFor();
  assert.equal(await text(watcher, 'seat-1-ready'), 'Ready');
  await a.screenshot({ path: path.join(SHOTS, 'rematch-ready.png') });

  // Bia being ready, the chief's Start starts at once, with the same seats.
  await byId(a, 'start').click();
  for (const page of [a, b]) {
    await inDeal(page);
    const s = await state(page);
    assert.deepEqual(s.totals, [0, 0]);
    assert.deepEqual(s.seats.map((x) => x.player && x.player.name).slice(0, 2), ['Ana', 'Bia']);
    assert.equal(await byId(page, 'seat-1-ready').count(), 0);
  }
  for (const page of [a, b, watcher]) await page.context().close();
});

test('players of one name are told apart in the chat and the results; the last match is named by who played it, and nothing of it is left on the table', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Bea', 'Bea'], { signedIn: await twoOfOneName(browser, 'Bea') });
  await byId(a, 'chat-input').fill('hi from the first Bea');
  await byId(a, 'chat-send').click();
  await b.locator('[data-testid="chat-line"]', { hasText: 'hi from the first Bea' }).waitFor();
  assert.equal(await b.locator('[data-testid="chat-line"]').textContent(), 'Bea (seat 1): hi from the first Bea');
  assert.equal(await a.locator('[data-testid="chat-line"]').textContent(), 'Bea (you): hi from the first Bea'); // her own line
  await byId(a, 'start').click();
  await Promise.all([playFirstLegalToEnd(a, table), playFirstLegalToEnd(b, table)]);
  await byId(a, 'deal-result-close').click();
  await byId(a, 'match-result').waitFor();
  const totals = (await state(a)).totals;
  assert.equal(await text(a, 'final-score'), `Bea (seat 1) & Robot 3 ${totals[0]} – ${totals[1]} Bea (seat 2) & Robot 4`);
  await byId(a, 'match-result-stay').click();
  // Nothing of the last deal stays: no trick, no contract, no dealer or taker, no deal number.
  assert.equal(await a.locator('.trick-note').count(), 0);
  assert.equal(await a.locator('[data-testid="trick"] .card').count(), 0);
  assert.equal(await byId(a, 'contract').count(), 0);
  assert.equal(await a.locator('.tag.dealer, .tag.taker').count(), 0);
  assert.doesNotMatch(await a.locator('.table-title').textContent(), /deal \d/);

  // The chief puts a newcomer where a robot played; a page opened now names who played.
  const s = await state(a);
  assert.ok((await send(a, { type: 'remove_robot', table, seat: 3 })).ok);
  const c = await openPage(browser);
  await signIn(c, 'Cai');
  assert.ok((await send(c, { type: 'sit', table, seat: 3 })).ok);
  const w = await openPage(browser, undefined, { locale: 'fr-FR' });
  await signIn(w, 'Wes');
  assert.ok((await send(w, { type: 'watch', table })).ok);
  await showTable(w, table);
  await byId(w, 'last-match').waitFor();
  const winners = s.winner === 0 ? 'Bea (place 1) & Robot 3' : 'Bea (place 2) & Robot 4';
  assert.equal(await text(w, 'last-match'),
    `Dernière partie : victoire de ${winners} · Bea (place 1) & Robot 3 ${s.totals[0]} – ${s.totals[1]} Bea (place 2) & Robot 4`);
  assert.equal(await byId(w, 'match-result').count(), 0, 'no dialog for a match this page did not see');
  for (const page of [a, b, c, w]) await page.context().close();
});

test('a cancel leaves no contract, dealer, taker, deal number or scores on the table', async () => {
  const { pages: [a], table } = await atATable(browser, ['Solo']);
  await byId(a, 'start').click();
  await playFirstLegalUntil(a, table, (s) => s.phase === 'play' && s.taker != null);
  await byId(a, 'contract').waitFor();
  await byId(a, 'propose-cancel').click(); // alone: accepted at once
  await a.locator('[data-testid="table-view"][data-phase="finished"]').waitFor();
  assert.equal(await byId(a, 'contract').count(), 0);
  assert.equal(await a.locator('.tag.dealer, .tag.taker').count(), 0);
  assert.doesNotMatch(await a.locator('.table-title').textContent(), /deal \d/);
  assert.equal(await byId(a, 'scoreboard').count(), 0);
  await a.reload();
  await a.locator('[data-testid="table-view"][data-phase="finished"]').waitFor();
  assert.equal(await byId(a, 'contract').count() + await a.locator('.tag.dealer, .tag.taker').count() + await byId(a, 'scoreboard').count(), 0);
  await a.context().close();
});

test('quick play fills itself with robots after its wait even when the page that made the table reloads, with the countdown shown', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Pressa');
  await byId(page, 'create-variant').selectOption('coinche');
  await byId(page, 'quick-play').click();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  const table = await byId(page, 'table-view').getAttribute('data-table');
  await byId(page, 'fill-countdown').waitFor();
  assert.match(await text(page, 'fill-countdown'), /^Robots take the empty seats in ([1-9]|10) s$/);
  assert.equal(await text(page, 'start-note'), 'Quick play: robots take the seats still empty, then the match starts.');
  await page.screenshot({ path: path.join(SHOTS, 'quick-play-countdown.png') });
  await page.reload(); // the page that made the table goes away and comes back
  await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  await inDeal(page);
  const s = await state(page);
  assert.deepEqual(s.seats.map((x) => x.player.name), ['Pressa', 'Robot 1', 'Robot 2', 'Robot 3']);
  await page.context().close();
});
