// The session survives a server crash: a registered player mid-deal whose server is killed (-9)
// and started again on the same data directory is back in the same seat with the same hand,
// without a click (the page reconnects with its token and resumes), plays on, and a reload
// afterwards brings the same seat back. This test runs its own server (BELOTE_SERVER_BIN, as
// web-tests/run.sh passes it), so that it can kill it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, REPO_ROOT } from './helpers.mjs';

const BIN = process.env.BELOTE_SERVER_BIN || path.join(REPO_ROOT, 'build', 'server', 'belote-server');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const state = (page) => page.evaluate(() => window.__beloteDebug.state());

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Starts the server on `port` with `dataDir`; resolves once /healthz answers. */
async function startServer(port, dataDir) {
  const child = spawn(BIN, ['--address', '127.0.0.1', '--port', String(port), '--data-dir', dataDir,
    '--web-dir', path.join(REPO_ROOT, 'web'), '--robot-delay-ms', '0', '--log-level', 'warn'],
  { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (up) return { child, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50)); // polling the health endpoint, not synchronising
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${log}`);
}

/** Waits until the page shows its seat at `table` at version `v` or later, rendered and not busy. */
async function backAtTheTable(page, table, v) {
  await page.waitForFunction(({ table, v }) => {
    const s = window.__beloteDebug.state();
    const view = document.querySelector('[data-testid="table-view"]');
    return s && s.table === table && s.seat === 0 && s.v >= v && view && view.dataset.v === String(s.v)
      && view.dataset.busy === 'false';
  }, { table, v }, { polling: 50, timeout: 30000 });
}

test('a server killed mid-deal and started again brings the registered player back to the seat and hand', async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belote-restart-'));
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(port, dataDir);
  try {
    const ana = await openPage(browser, undefined, { base });
    await signIn(ana, 'Ana');
    await byId(ana, 'signup').click();
    await byId(ana, 'signup-username').fill('ana_restart');
    await byId(ana, 'signup-password').fill('correct horse battery');
    await byId(ana, 'signup-submit').click();
    await byId(ana, 'logout').waitFor();

    const table = await createTable(ana);
    await sitAndFillWithRobots(ana, 0);
    await byId(ana, 'start').click();
    assert.ok(['auction', 'play'].includes(await waitForDecision(ana)), 'Ana is to act');
    const before = await state(ana);

    server.child.kill('SIGKILL');
    await server.exited;
    await byId(ana, 'reconnecting').waitFor({ state: 'visible' });
    server = await startServer(port, dataDir);
    if (await byId(ana, 'reconnect-now').isVisible()) await byId(ana, 'reconnect-now').click().catch(() => {});
    await byId(ana, 'reconnecting').waitFor({ state: 'hidden', timeout: 30000 });
    await backAtTheTable(ana, table, before.v);

    const after = await state(ana);
    assert.equal(after.v, before.v, 'nothing happened while the server was down: Ana was to act');
    assert.deepEqual([...after.hand].sort(), [...before.hand].sort(), 'the same hand');
    assert.deepEqual(after.legal, before.legal, 'the same choices');
    assert.equal(await byId(ana, 'who').textContent(), 'ana_restartLog out', 'still signed in, registered');

    // The seat is Ana's: her action is accepted (the table moves past her version).
    const action = after.legal.find((x) => x.type === 'take') || after.legal.find((x) => x.type === 'play') || after.legal[0];
    const reply = await ana.evaluate((b) => window.__beloteDebug.send(b), { ...action, table });
    assert.ok(reply.ok, JSON.stringify(reply));
    await ana.waitForFunction((v) => window.__beloteDebug.state().v > v, after.v, { polling: 50 });

    // A reload after the restart: the same seat again, from the token in localStorage.
    const acted = await state(ana);
    await ana.reload();
    await backAtTheTable(ana, table, acted.v);
    assert.equal((await state(ana)).seat, 0);
    assert.deepEqual(ana.pageErrors.map(String), []);
    await ana.context().close();
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
