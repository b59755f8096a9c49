// A table served by another node (docs/protocol.md "Another server took the table"): two real
// server processes, a and b, on one throw-away PostgreSQL, each advertised at its own
// ws://127.0.0.1:<port>/ws and accepting the other's pages (--allowed-origin).
//  - Ana's page comes from a; she sits at a table b owns: a refuses the sit with table_elsewhere, the
//    page moves its connection to b, sits there and plays on; a reload (back on a) finds the seat at b.
//  - Ana plays at a table of a; a is paused (SIGSTOP) past its lease, b takes the table over; when
//    a wakes up it tells her table_moved: the page says "Reconnecting to the table…" and goes on at b.
// This file runs its own servers and database (BELOTE_SERVER_BIN, as web-tests/run.sh passes it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, send, playFirstLegalUntil } from './helpers.mjs';
import { freePort, startPostgres, startNode, metric, until } from './node-helpers.mjs';

let browser;
let postgres;
let a;
let b;
before(async () => {
  postgres = startPostgres();
  const [pa, pb] = [await freePort(), await freePort()];
  const origin = (port) => `http://127.0.0.1:${port}`;
  a = await startNode({ id: 'a', port: pa, store: postgres.url, origins: [origin(pb)] });
  b = await startNode({ id: 'b', port: pb, store: postgres.url, origins: [origin(pa)] });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await a?.stop();
  await b?.stop();
  postgres?.stop();
});

const debug = (page, what) => page.evaluate((w) => window.__beloteDebug[w], what);
const steps = (page, table) => page.evaluate((t) => window.__beloteDebug.follows.filter((s) => s.table === t).map((s) => `${s.step} ${s.url ?? ''}`.trim()), table);

/** Records every text the reconnection banner shows while visible (no poll can miss a short one). */
async function recordBanner(page) {
  await page.evaluate(() => {
    window.__bannerSeen = [];
    const banner = document.querySelector('[data-testid="reconnecting"]');
    const note = () => { if (!banner.hidden) window.__bannerSeen.push(banner.querySelector('[data-testid="reconnecting-text"]').textContent); };
    new MutationObserver(note).observe(banner, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

test('a page of node a sits at a table of node b (table_elsewhere), plays on there, and a reload finds the seat', async () => {
  const bea = await openPage(browser, undefined, { base: b.base });
  await signIn(bea, 'Bea');
  const made = await send(bea, { type: 'create_table', variant: 'classic', target: 1000 });
  assert.ok(made.ok, JSON.stringify(made));
  const table = made.reply.table;

  const ana = await openPage(browser, undefined, { base: a.base });
  await signIn(ana, 'Ana');
  assert.equal(await debug(ana, 'socketUrl'), a.ws);
  await recordBanner(ana);
  await ana.evaluate((t) => { location.hash = `#/table/${t}`; }, table);
  await ana.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  // The sit goes to a, which does not serve the table: the page follows it to b and sits there.
  await byId(ana, 'seat-0-sit').click();
  await ana.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="0"]`).waitFor();
  // Bea sits in seat 1 at b, so that the deal waits for her while Ana reloads: with robots only
  // (--robot-delay-ms 0, a robot plays a disconnected seat at once) the match could end meanwhile.
  await bea.evaluate((t) => { location.hash = `#/table/${t}`; }, table);
  await byId(bea, 'seat-1-sit').click();
  await bea.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  for (const seat of [2, 3]) {
    await byId(ana, `seat-${seat}-add-robot`).click();
    await byId(ana, `seat-${seat}-robot`).waitFor();
  }
  assert.deepEqual(await steps(ana, table), [`table_elsewhere ${b.ws}`, `connect ${b.ws}`, `found ${b.ws}`]);
  assert.equal(await debug(ana, 'socketUrl'), b.ws);
  assert.ok((await ana.evaluate(() => window.__bannerSeen)).includes('Reconnecting to the table…'));
  assert.equal(await byId(ana, 'reconnecting').isHidden(), true);

  await byId(ana, 'start').click();
  const bothPlayUntil = (until) => Promise.all([ana, bea].map((page) => playFirstLegalUntil(page, table, until)));
  await bothPlayUntil((s) => s.last_trick !== null);
  assert.equal(await metric(b, 'belote_tables_owned'), 1, 'b serves the table');
  assert.equal(await metric(a, 'belote_tables_owned'), 0);

  // A reload goes to a again; a says where the table is, and the page is back in its seat at b.
  const v = (await ana.evaluate(() => window.__beloteDebug.state())).v;
  await ana.reload();
  await ana.waitForFunction(({ table, v }) => {
    const s = window.__beloteDebug.state();
    return s && s.table === table && s.seat === 0 && s.synced && s.v >= v;
  }, { table, v }, { polling: 50, timeout: 30000 });
  assert.equal(await debug(ana, 'socketUrl'), b.ws);
  assert.deepEqual(await steps(ana, table), [`table_elsewhere ${b.ws}`, `connect ${b.ws}`, `found ${b.ws}`]);
  await bothPlayUntil((s) => s.last_trick !== null && s.last_trick.trick >= 2);
  assert.deepEqual([...ana.pageErrors, ...bea.pageErrors].map(String), []);
  await ana.context().close();
  await bea.context().close();
});

test('a table whose node is paused past its lease: the page says it reconnects to the table and goes on at the other node', async () => {
  const ana = await openPage(browser, undefined, { base: a.base });
  await signIn(ana, 'Ana2');
  const table = await createTable(ana);
  await sitAndFillWithRobots(ana, 0);
  await byId(ana, 'start').click();
  assert.ok(['auction', 'play'].includes(await waitForDecision(ana)), 'Ana is to act');
  const before = await ana.evaluate(() => window.__beloteDebug.state());
  const owned = await metric(b, 'belote_tables_owned');
  await recordBanner(ana);

  a.child.kill('SIGSTOP');
  try {
    await until(async () => (await metric(b, 'belote_tables_owned')) === owned + 1, 20000, 'b to take the table over');
  } finally {
    a.child.kill('SIGCONT');
  }
  // a finds its lease gone and tells the page table_moved; the page goes on at b, in the same seat.
  await ana.waitForFunction(({ table, ws }) => {
    const s = window.__beloteDebug.state();
    return window.__beloteDebug.socketUrl === ws && s && s.table === table && s.seat === 0 && s.synced
      && document.querySelector('[data-testid="reconnecting"]').hidden;
  }, { table, ws: b.ws }, { polling: 50, timeout: 30000 });
  const seen = await steps(ana, table);
  assert.equal(seen[0].split(' ')[0], 'table_moved', JSON.stringify(seen));
  assert.equal(seen[seen.length - 1], `found ${b.ws}`);
  assert.ok((await ana.evaluate(() => window.__bannerSeen)).includes('Reconnecting to the table…'));
  const after = await ana.evaluate(() => window.__beloteDebug.state());
  assert.ok(after.v >= before.v);
  assert.deepEqual([...after.hand].sort(), [...before.hand].sort(), 'Ana was to act: the same hand');
  await playFirstLegalUntil(ana, table, (s) => s.last_trick !== null);
  assert.deepEqual(ana.pageErrors.map(String), []);
  await ana.context().close();
});
