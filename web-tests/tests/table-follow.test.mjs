// The page's side of table routing (web/js/table-follow.js), without a browser or a server: advertise
// URLs, the cap on moves between nodes, the wait on the default server and its end, with a fake
// connection whose every move is a hello answered at once and whose get_record is answered by
// `answer(url)` (the node at url). Timers and the clock are node:test's mock timers.
import { test, mock, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'js', 'table-follow.js');
const source = fs.readFileSync(FILE, 'utf8');
const { nodeSocketUrl, RedirectBudget, TableFollower, GIVE_UP_MS } =
  await import(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`);

const HOME = 'ws://cards.example/ws';
globalThis.location = new URL('http://cards.example/');

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

/** Lets the promise callbacks run (setImmediate is not mocked). */
const settle = async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r)); };

/** An app seated at t1 in a match; `answer(url)` is the get_record outcome at the node of url:
 *  'ok', or an error { code, url? }. */
function fakeApp(answer) {
  const app = {
    current: 't1',
    tables: new Map([['t1', { table: 't1', synced: true, seat: 0, state: 'playing', v: 7 }]]),
    platform: { invites: new Map() },
    moving: false,
    errors: [],
    wantedTable: () => 't1',
    setMoving(on) { app.moving = on; },
    showError(code) { app.errors.push(code); },
    conn: {
      defaultUrl: HOME,
      url: HOME,
      moves: [],
      times: [],
      moveTo(url) {
        app.conn.url = url;
        app.conn.moves.push(url);
        app.conn.times.push({ url, at: Date.now() });
        queueMicrotask(() => app.follower.onSignedIn()); // the hello there is answered
      },
      async request(body) {
        assert.deepEqual(body, { type: 'get_record', table: 't1' });
        const outcome = answer(app.conn.url);
        if (outcome === 'ok') return { type: 'ok' };
        throw outcome;
      },
    },
  };
  app.follower = new TableFollower(app);
  return app;
}

test('advertise URLs: absolute ws/wss (http/https as ws/wss) as given, an absolute path on the page origin', () => {
  const page = new URL('https://cards.example:8443/#/table/t1');
  assert.equal(nodeSocketUrl('ws://10.0.0.2:8081/ws', page), 'ws://10.0.0.2:8081/ws');
  assert.equal(nodeSocketUrl('wss://b.cards.example/ws', page), 'wss://b.cards.example/ws');
  assert.equal(nodeSocketUrl('http://10.0.0.2:8081/ws', page), 'ws://10.0.0.2:8081/ws');
  assert.equal(nodeSocketUrl('/node/b/ws', page), 'wss://cards.example:8443/node/b/ws');
  assert.equal(nodeSocketUrl('/node/b/ws', new URL('http://127.0.0.1:8080/')), 'ws://127.0.0.1:8080/node/b/ws');
  for (const bad of ['node/b/ws', '//evil.example/ws', 'javascript:alert(1)', 'ftp://x/ws', '', null, undefined, 42]) {
    assert.equal(nodeSocketUrl(bad, page), null, String(bad));
  }
});

test('the redirect budget allows 3 moves in 10 s, then none until the oldest is 10 s old', () => {
  const budget = new RedirectBudget();
  assert.deepEqual([0, 1, 2, 3].map((t) => budget.take(1000 + t)), [true, true, true, false]);
  assert.equal(budget.take(10999), false);
  assert.equal(budget.take(11000), true);
});

test('table_elsewhere: the page moves to the named node and resolves once the table is found there', async () => {
  const app = fakeApp((url) => (url === 'ws://cards.example/node/b/ws' ? 'ok' : { code: 'table_elsewhere', url: '/node/b/ws' }));
  const found = app.follower.follow('t1', '/node/b/ws');
  assert.equal(app.moving, true);
  await settle();
  assert.equal(await found, true);
  assert.deepEqual(app.conn.moves, ['ws://cards.example/node/b/ws']);
  assert.equal(app.moving, false);
  assert.equal(app.follower.episode, null);
});

test('two nodes naming each other: at most 3 moves in 10 s, then the default server with pauses, given up after 30 s', async () => {
  const other = { 'ws://a/ws': 'ws://b/ws', 'ws://b/ws': 'ws://a/ws', [HOME]: 'ws://a/ws' };
  const app = fakeApp((url) => ({ code: 'table_elsewhere', url: other[url] }));
  app.follower.onMoved({ type: 'table_moved', table: 't1', url: 'ws://a/ws' });
  let result = null;
  app.follower.episode.done.push((found) => { result = found; });
  await settle();
  assert.deepEqual(app.conn.moves, ['ws://a/ws', 'ws://b/ws', 'ws://a/ws']);
  // The fourth move is refused: the page waits on its default server.
  for (let ms = 0; ms < GIVE_UP_MS + 10000 && result === null; ms += 250) {
    mock.timers.tick(250);
    await settle();
  }
  assert.equal(result, false);
  assert.deepEqual(app.errors, ['table_unreachable']);
  assert.equal(app.moving, false);
  // Never more than 3 moves to a named node within any 10 s; the default server in between.
  const named = app.conn.times.filter((m) => m.url !== HOME);
  for (const m of named) assert.ok(named.filter((x) => x.at >= m.at && x.at < m.at + 10000).length <= 3, JSON.stringify(app.conn.times));
  assert.ok(app.conn.times.some((m) => m.url === HOME));
  assert.ok(app.conn.moves.length <= 25, `${app.conn.moves.length} moves`);
  assert.ok(Date.now() - 1_000_000 >= GIVE_UP_MS && Date.now() - 1_000_000 < GIVE_UP_MS + 6000, `gave up after ${Date.now() - 1_000_000} ms`);
  assert.deepEqual(app.follower.steps.at(-1), { table: 't1', step: 'gave_up' });
});

test('table_moved without url: the default server is asked again, with growing pauses, until it serves the table', async () => {
  let asked = 0;
  const app = fakeApp(() => (++asked >= 4 ? 'ok' : { code: 'no_such_table' }));
  app.follower.onMoved({ type: 'table_moved', table: 't1' });
  let result = null;
  app.follower.episode.done.push((found) => { result = found; });
  await settle();
  const at = [];
  for (let ms = 0; ms <= 10000 && result === null; ms += 100) {
    const before = app.conn.moves.length;
    mock.timers.tick(100);
    await settle();
    if (app.conn.moves.length > before) at.push(ms + 100);
  }
  assert.equal(result, true);
  assert.deepEqual(app.conn.moves, [HOME, HOME, HOME, HOME]);
  assert.deepEqual(at, [100, 1100, 3100, 7100], 'pauses of 0 (the first attempt), 1 s, 2 s, 4 s');
  assert.equal(app.tables.get('t1').movedTo, undefined);
  assert.deepEqual(app.errors, []);
});

test('a table not shown that moved is looked for when opened, not at once', async () => {
  const app = fakeApp(() => 'ok');
  app.current = 't9';
  app.wantedTable = () => 't9';
  app.follower.onMoved({ type: 'table_moved', table: 't1', url: 'ws://b/ws' });
  await settle();
  assert.deepEqual(app.conn.moves, []);
  assert.equal(app.tables.get('t1').movedTo, 'ws://b/ws');
  app.current = 't1';
  app.follower.check('t1');
  await settle();
  assert.deepEqual(app.conn.moves, ['ws://b/ws']);
  assert.equal(app.follower.episode, null);
});
