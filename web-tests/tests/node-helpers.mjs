// Several server processes (nodes) on one throw-away PostgreSQL, for the tests of tables served by
// another node (nodes.test.mjs): docs/operations.md "Table ownership", docs/protocol.md "Another
// server took the table".
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers.mjs';

const BIN = process.env.BELOTE_SERVER_BIN || path.join(REPO_ROOT, 'build', 'server', 'belote-server');
const POSTGRES_SH = path.join(REPO_ROOT, 'scripts', 'postgres.sh');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** A PostgreSQL cluster of its own (scripts/postgres.sh): { url, stop() }. */
export function startPostgres() {
  const out = execFileSync(POSTGRES_SH, ['start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const found = Object.fromEntries([...out.matchAll(/export (\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
  const dir = found.BELOTE_TEST_POSTGRES_DIR;
  return {
    url: found.BELOTE_TEST_POSTGRES_URL,
    stop: () => execFileSync(POSTGRES_SH, ['stop', dir], { stdio: 'ignore' }),
  };
}

/**
 * Starts node `id` on `port` with the store `store` (a PostgreSQL URL), advertised at
 * ws://127.0.0.1:<port>/ws, accepting pages of `origins` (the other nodes' pages) besides its own;
 * resolves once /healthz answers: { id, port, base, ws, child, exited, kill(signal) }.
 */
export async function startNode({ id, port, store, origins = [], leaseMs = 3000, renewMs = 300 }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `belote-node-${id}-`));
  const ws = `ws://127.0.0.1:${port}/ws`;
  const args = ['--address', '127.0.0.1', '--port', String(port), '--data-dir', dataDir,
    '--web-dir', path.join(REPO_ROOT, 'web'), '--robot-delay-ms', '0', '--log-level', 'warn',
    '--store', store, '--node-id', id, '--advertise-url', ws,
    '--lease-ms', String(leaseMs), '--lease-renew-ms', String(renewMs)];
  for (const origin of origins) args.push('--allowed-origin', origin);
  const child = spawn(BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const node = {
    id, port, ws, child, exited, base: `http://127.0.0.1:${port}`,
    get log() { return log; },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${node.base}/healthz`).then((r) => r.ok, () => false);
    if (up) return node;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50)); // polling the health endpoint, not synchronising
  }
  await node.stop();
  throw new Error(`node ${id} did not start: ${log}`);
}

/** The value of the gauge or counter `name` in the node's /metrics. */
export async function metric(node, name) {
  const text = await (await fetch(`${node.base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : null;
}

/** Polls `check()` (async, truthy when done) every 100 ms until it holds, for at most `timeoutMs`. */
export async function until(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
