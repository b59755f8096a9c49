// Coming back mid-deal: a connection lost for a moment (the page says it is reconnecting, then the
// server replays exactly the missed events) and a page reload (the server sends a snapshot) both
// bring the player back to the same seat, hand and game, without a click.
// Two people play (Ana in seat 0, Bea in seat 1, robots in 2 and 3), so that the deal waits for
// Bea while Ana is away: robots play at once (--robot-delay-ms 0), a robot also plays for a
// disconnected seat, and with robots only the match would run to its end in the meantime.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, byId, signIn, waitForDecision } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const send = (page, body) => page.evaluate((b) => window.__beloteDebug.send(b), body);
const state = (page) => page.evaluate(() => window.__beloteDebug.state());
const events = (page) => page.evaluate(() => window.__beloteDebug.events());

/**
 * A page whose WebSocket goes through a switch: `net.drop()` cuts the live connection (the
 * server sees it close) and refuses new ones until `net.restore()`.
 */
async function openSwitchedPage() {
  const net = { blocked: false, live: null, attempts: 0 };
  const page = await openPage(browser, undefined, {
    beforeGoto: (context) => context.routeWebSocket(/\/ws$/, (ws) => {
      net.attempts++;
      if (net.blocked) { ws.close(); return; }
      net.live = ws.connectToServer();
    }),
  });
  net.drop = async () => { net.blocked = true; await net.live.close(); };
  net.restore = () => { net.blocked = false; };
  return { page, net };
}

/** Ana creates a table and sits in seat 0, Bea sits in seat 1, robots fill 2 and 3, the match starts. */
async function twoPlayerTable(ana, bea) {
  const created = await send(ana, { type: 'create_table', variant: 'classic', target: 1000 });
  assert.ok(created.ok, JSON.stringify(created));
  const table = created.reply.table;
  assert.ok((await send(ana, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [2, 3]) assert.ok((await send(ana, { type: 'add_robot', table, seat })).ok);
  await byId(bea, 'refresh-tables').click();
  await byId(bea, `open-${table}`).click();
  await byId(bea, 'seat-1-sit').click();
  await bea.locator('[data-testid="table-view"][data-seat="1"]').waitFor();
  await byId(ana, `open-${table}`).click().catch(() => {}); // Ana may already be at the table
  await ana.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="0"]`).waitFor();
  await byId(ana, 'start').click();
  return table;
}

/** The first legal action of the page's seat, sent as a request (prefers taking: it reaches the play). */
async function actFirstLegal(page) {
  const s = await state(page);
  const a = s.legal.find((x) => x.type === 'take') || s.legal.find((x) => x.type === 'name') || s.legal[0];
  const r = await send(page, { ...a, table: s.table });
  assert.ok(r.ok, JSON.stringify(r));
}

/** Both players act (first legal action) until `seat` (0: Ana, 1: Bea) is to play a card;
 *  returns Ana's state then. */
async function untilToPlay(ana, bea, seat, since = 0) {
  let seen = since;
  for (let guard = 0; guard < 80; guard++) {
    const next = await ana.waitForFunction((seen) => {
      const s = window.__beloteDebug.state();
      if (document.querySelector('[data-testid="deal-result"]')) return { result: true };
      if (!s || s.v <= seen) return null;
      if (s.to_act === 0 && s.legal.length) return { v: s.v, who: 0, phase: s.phase };
      if (s.to_act === 1) return { v: s.v, who: 1, phase: s.phase };
      return null;
    }, seen, { polling: 50, timeout: 20000 }).then((h) => h.jsonValue());
    if (next.result) throw new Error(`the deal ended before seat ${seat} had a card to play`);
    seen = next.v;
    if (next.who === seat && next.phase === 'play') return state(ana);
    if (next.who === 0) { await actFirstLegal(ana); continue; }
    await bea.waitForFunction((v) => { const s = window.__beloteDebug.state(); return s && s.v >= v && s.to_act === 1 && s.legal.length > 0; }, next.v, { polling: 50 });
    await actFirstLegal(bea);
  }
  throw new Error(`seat ${seat} never got a card to play`);
}

/** Waits until Ana's page shows the same table version as Bea's, rendered and not busy. */
async function waitInStep(ana, bea) {
  const v = (await state(bea)).v;
  await ana.waitForFunction((v) => {
    const s = window.__beloteDebug.state();
    const view = document.querySelector('[data-testid="table-view"]');
    return s && s.v >= v && view && view.dataset.v === String(s.v) && view.dataset.busy === 'false';
  }, v, { polling: 50, timeout: 30000 });
}

/** The cards of the trick being played (a finished trick left on the felt is not in a snapshot). */
const currentTrick = (s) => (s.trick.done ? [] : s.trick.cards);

/** What both players must agree on, and Ana's own hand as shown; returns Ana's state. */
async function compare(ana, bea) {
  const a = await state(ana), b = await state(bea);
  assert.equal(a.v, b.v, 'same table version');
  for (const k of ['phase', 'deal', 'dealer', 'taker', 'trump', 'tricks_won', 'card_points_won', 'totals', 'to_act'])
    assert.deepEqual(a[k], b[k], `same ${k}`);
  assert.deepEqual(currentTrick(a), currentTrick(b), 'same trick');
  assert.deepEqual(a.seats.map((x) => x.player && x.player.name), b.seats.map((x) => x.player && x.player.name), 'same players');
  assert.equal(a.hand.length, b.hand_sizes[0], 'Ana holds as many cards as Bea sees her hold');
  const shown = await ana.locator('[data-testid="hand"] .card').evaluateAll((es) => es.map((e) => e.dataset.card));
  assert.deepEqual(shown.sort(), [...a.hand].sort(), 'the hand shown is the hand held');
  return a;
}

/** Bea plays her first legal card (clicking it); returns the version she played at. */
async function beaPlays(bea) {
  const s = await state(bea);
  const card = s.legal.find((x) => x.type === 'play').card;
  await byId(bea, `card-${card}`).click();
  return s.v;
}

/** How many times Bea has seen Ana (seat 0) come back as present. */
const anaBackCount = async (bea) => (await bea.evaluate(() => window.__beloteDebug.events('seat_status')))
  .filter((e) => e.seat === 0 && e.status === 'present').length;

/** Waits until Bea has seen Ana present again (the server's last word on her return). */
async function waitAnaBack(bea, countBefore) {
  await bea.waitForFunction((n) => window.__beloteDebug.events('seat_status').filter((e) => e.seat === 0 && e.status === 'present').length > n,
    countBefore, { polling: 50, timeout: 30000 });
}

/** Ana (on `ana`) and Bea sit at a two-human table and play until it is Bea's card mid-deal.
 *  Returns Bea's page, the table, Ana's state then, and how often Bea has seen Ana come back. */
async function midDealWithBea(ana) {
  await signIn(ana, 'Ana');
  const bea = await openPage(browser);
  await signIn(bea, 'Bea');
  const table = await twoPlayerTable(ana, bea);
  await untilToPlay(ana, bea, 1);
  await waitInStep(ana, bea);
  return { bea, table, before: await compare(ana, bea), backBefore: await anaBackCount(bea) };
}

/** Bea plays on until Ana's next card, which Ana plays herself by clicking: the seat is hers again. */
async function anaPlaysHerTurn(ana, bea, sinceV) {
  const turn = await untilToPlay(ana, bea, 0, sinceV - 1); // from the state at sinceV (Bea to play)
  assert.equal(await waitForDecision(ana, turn.v - 1), 'play', "Ana's turn to play a card");
  const mine = (await state(ana)).legal.find((x) => x.type === 'play').card;
  await byId(ana, `card-${mine}`).click();
  await ana.waitForFunction((c) => !window.__beloteDebug.state().hand.includes(c), mine, { polling: 50 });
}

test('a connection lost mid-deal shows "reconnecting", then the missed events bring the player back', async () => {
  const { page: ana, net } = await openSwitchedPage();
  const { bea, table, before, backBefore } = await midDealWithBea(ana);
  assert.equal(await byId(ana, 'reconnecting').isVisible(), false);
  const snapshotsBefore = (await events(ana)).filter((e) => e.type === 'snapshot').length;
  const seenBefore = (await events(ana)).length;

  await net.drop();
  await byId(ana, 'reconnecting').waitFor({ state: 'visible' });
  assert.match(await byId(ana, 'reconnecting').textContent(), /Connection lost/);
  assert.notEqual(await byId(ana, 'conn-status').getAttribute('data-state'), 'open');
  await ana.locator('[data-testid="table-view"][data-busy="true"]').waitFor(); // no actions offered meanwhile
  // The server noticed: Bea sees Ana disconnected. Bea plays; the deal goes on without Ana
  // (a robot plays her turns) until Bea's next card.
  await bea.locator('[data-testid="presence-0"][data-status="disconnected"]').waitFor();
  const beaTurn = await waitForDecision(bea, await beaPlays(bea));
  assert.equal(beaTurn, 'play');
  assert.ok((await state(bea)).v > before.v, 'the table moved on while Ana was away');

  net.restore();
  if (await byId(ana, 'reconnect-now').isVisible()) await byId(ana, 'reconnect-now').click().catch(() => {});
  await byId(ana, 'reconnecting').waitFor({ state: 'hidden', timeout: 30000 });
  await waitAnaBack(bea, backBefore);
  await waitInStep(ana, bea);
  const after = await compare(ana, bea);
  assert.equal(after.seat, 0, 'same seat');
  assert.equal(after.table, table);
  assert.equal(await byId(ana, 'conn-status').getAttribute('data-state'), 'open');

  // Exactly the missed events were replayed: no snapshot, versions without a gap or a repeat.
  const replayed = (await events(ana)).slice(seenBefore).filter((e) => e.table === table && typeof e.v === 'number');
  assert.equal((await events(ana)).filter((e) => e.type === 'snapshot').length, snapshotsBefore, 'no snapshot: a replay');
  assert.deepEqual(replayed.map((e) => e.v), replayed.map((e, i) => before.v + 1 + i), 'versions follow on from the last one seen');
  assert.equal(replayed.at(-1).v, after.v);
  // Ana's hand is the one she had, less what the robot played for her.
  const playedForAna = replayed.filter((e) => e.type === 'card_played' && e.seat === 0).map((e) => e.card);
  assert.deepEqual([...after.hand].sort(), before.hand.filter((c) => !playedForAna.includes(c)).sort());
  assert.ok(after.log.length >= before.log.length, 'the game log is kept');

  // The seat is Ana's again: after Bea's card(s), Ana gets her turn and plays it herself.
  await anaPlaysHerTurn(ana, bea, after.v);
  assert.equal(await byId(ana, 'error-message').count(), 0);
  assert.deepEqual([...ana.pageErrors, ...bea.pageErrors].map(String), []);
  await ana.context().close();
  await bea.context().close();
});

test('a reload mid-deal brings the player back to the same seat, hand and game', async () => {
  const ana = await openPage(browser);
  const { bea, table, before, backBefore } = await midDealWithBea(ana);

  await ana.reload();
  // No nickname form, no click: hello with the token, then the server's snapshot of the table.
  await ana.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="0"]`).waitFor();
  await waitAnaBack(bea, backBefore);
  await waitInStep(ana, bea);
  const after = await compare(ana, bea);
  assert.deepEqual([...after.hand].sort(), [...before.hand].sort(), 'same hand (the deal waited for Bea)');
  assert.deepEqual(currentTrick(after), currentTrick(before), 'same trick on the felt');
  assert.equal(after.phase, 'play');
  assert.equal(await byId(ana, 'seat-0-name').textContent(), 'Ana (you)');
  assert.equal(await byId(ana, 'error-message').count(), 0);

  // And Ana plays her next turn herself.
  await anaPlaysHerTurn(ana, bea, after.v);
  assert.deepEqual([...ana.pageErrors, ...bea.pageErrors].map(String), []);
  await ana.context().close();
  await bea.context().close();
});

test('a spectator whose connection drops watches on once it is back', async () => {
  const ana = await openPage(browser);
  await signIn(ana, 'Ana');
  const created = await send(ana, { type: 'create_table', variant: 'classic', target: 1000 });
  const table = created.reply.table;
  assert.ok((await send(ana, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(ana, { type: 'add_robot', table, seat })).ok);
  await byId(ana, `open-${table}`).click().catch(() => {});
  await byId(ana, 'start').click();
  await waitForDecision(ana); // the deal waits for Ana now

  const { page: watcher, net } = await openSwitchedPage();
  await signIn(watcher, 'Olho');
  await byId(watcher, 'refresh-tables').click();
  await byId(watcher, `open-${table}`).click(); // "Watch": a table in play is watched from its one button
  const inStep = async () => {
    const v = (await state(ana)).v;
    await watcher.waitForFunction((v) => { const s = window.__beloteDebug.state(); return s && s.synced && s.v >= v; }, v, { polling: 50, timeout: 30000 });
  };
  await inStep();

  await net.drop();
  await byId(watcher, 'reconnecting').waitFor({ state: 'visible' });
  net.restore();
  if (await byId(watcher, 'reconnect-now').isVisible()) await byId(watcher, 'reconnect-now').click().catch(() => {});
  await byId(watcher, 'reconnecting').waitFor({ state: 'hidden', timeout: 30000 });
  await inStep();
  // Ana acts: the spectator sees it, so the server is sending to it again.
  const vBefore = (await state(ana)).v;
  await actFirstLegal(ana);
  await watcher.waitForFunction((v) => { const s = window.__beloteDebug.state(); return s && s.v > v; }, vBefore, { polling: 50, timeout: 30000 });
  assert.equal((await state(watcher)).seat, null, 'still a spectator');
  assert.equal((await state(watcher)).hand.length, 0, 'no hand for a spectator');
  assert.deepEqual([...ana.pageErrors, ...watcher.pageErrors].map(String), []);
  await ana.context().close();
  await watcher.context().close();
});
