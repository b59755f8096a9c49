// The failover of docker/compose.nodes.yaml through nginx, driven by docker/test-nodes.sh (not part of
// the suite in tests/): a player opens the page at BELOTE_URL (nginx), plays at a table; the node
// that serves it (found by its /node/<id>/metrics) is killed (`podman kill` of its container); the
// page must come back to the same seat, served by the other node, and play on.
// Env: BELOTE_URL (nginx), BELOTE_NODE_CONTAINERS ("a=<container>,b=<container>").
// Prints one line per step with the seconds since the start; exits 1 at the first failure.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, playFirstLegalUntil } from './tests/helpers.mjs';

const base = process.env.BELOTE_URL;
const containers = Object.fromEntries((process.env.BELOTE_NODE_CONTAINERS || '').split(',').map((x) => x.split('=')));
const t0 = Date.now();
const say = (text) => console.log(`compose-failover: ${((Date.now() - t0) / 1000).toFixed(1)} s ${text}`);

async function owned(node) {
  const text = await (await fetch(`${base}/node/${node}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('belote_tables_owned '));
  return line ? Number(line.split(' ')[1]) : null;
}

const browser = await launch();
let status = 0;
try {
  const page = await openPage(browser, undefined, { base });
  await signIn(page, 'Ana');
  const table = await createTable(page);
  await sitAndFillWithRobots(page, 0);
  await byId(page, 'start').click();
  await waitForDecision(page);
  const served = { a: await owned('a'), b: await owned('b') };
  const owner = served.a === 1 ? 'a' : 'b';
  const other = owner === 'a' ? 'b' : 'a';
  assert.deepEqual(served, { [owner]: 1, [other]: 0 }, 'one node serves the table');
  say(`table ${table} in play, served by node ${owner} (the page's WebSocket: ${await page.evaluate(() => window.__beloteDebug.socketUrl)})`);
  const before = await page.evaluate(() => window.__beloteDebug.state());
  const stepsBefore = (await page.evaluate(() => window.__beloteDebug.follows)).length;

  execFileSync('podman', ['kill', containers[owner]], { stdio: 'ignore' });
  const killed = Date.now();
  say(`killed ${containers[owner]} (node ${owner})`);
  await byId(page, 'reconnecting').waitFor({ state: 'visible' });
  // Back means found again (table-follow.js notes 'found'): the table's state is not marked stale
  // while the connection is lost, so "synced" alone also holds for a moment on the other node
  // before that node has said where the table is.
  await page.waitForFunction(({ table, v, stepsBefore }) => {
    const s = window.__beloteDebug.state();
    const found = window.__beloteDebug.follows.slice(stepsBefore).some((x) => x.table === table && x.step === 'found');
    return found && s && s.table === table && s.seat === 0 && s.synced && s.v >= v
      && document.querySelector('[data-testid="reconnecting"]').hidden;
  }, { table, v: before.v, stepsBefore }, { polling: 100, timeout: 60000 });
  say(`back in the seat after ${((Date.now() - killed) / 1000).toFixed(1)} s, WebSocket ${await page.evaluate(() => window.__beloteDebug.socketUrl)}`);
  assert.equal(await owned(other), 1, `node ${other} serves the table now`);
  const after = await page.evaluate(() => window.__beloteDebug.state());
  assert.deepEqual([...after.hand].sort(), [...before.hand].sort(), 'the same hand');
  await playFirstLegalUntil(page, table, (s) => s.last_trick !== null);
  say(`played on at node ${other}: a trick was won; steps ${JSON.stringify(await page.evaluate(() => window.__beloteDebug.follows))}`);
  assert.deepEqual(page.pageErrors.map(String), []);
} catch (e) {
  console.error(`compose-failover: FAIL: ${e.stack || e}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
