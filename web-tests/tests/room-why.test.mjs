// The card room's result panel in the browser (issue 13, the tester's report): every row says why
// nothing moved for it. A robot seated from the start, and a practice table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, byId, SHOTS } from './helpers.mjs';
import { pageFrom as pageFromOf, signUp, playToEnd, send, tableWith, resultRows } from './room-helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });
const pageFrom = (address) => pageFromOf(browser, address);

const suffix = Date.now().toString(36).slice(-6);

test('the result panel says why nothing moved for every row: a robot, practice', async () => {
  const ana = await pageFrom('198.51.100.16');
  await signUp(ana, `ada_${suffix}`);
  // A robot seated from the start: nothing moves for anyone (XP against robots cannot be farmed).
  let table = await tableWith(ana, { competitive: true, stake: 0 });
  assert.equal((await send(ana, { type: 'add_robot', table, seat: 1 })).ok, true);
  assert.equal((await send(ana, { type: 'start', table })).ok, true);
  await playToEnd(ana, table);
  let rows = await resultRows(ana);
  assert.equal(rows.length, 2);
  for (const row of rows) assert.equal(row[1], 'a robot played: no chips, XP or rating');
  assert.equal(await byId(ana, 'room-unmoved').textContent(), 'A robot played from the start: no chips, XP or rating moved.');
  await ana.screenshot({ path: path.join(SHOTS, 'room-result-robot.png') });
  await byId(ana, 'match-result-lobby').click();
  // A practice table.
  table = await tableWith(ana, { competitive: false, stake: 0 });
  assert.equal((await send(ana, { type: 'add_robot', table, seat: 1 })).ok, true);
  assert.equal((await send(ana, { type: 'start', table })).ok, true);
  await playToEnd(ana, table);
  rows = await resultRows(ana);
  for (const row of rows) assert.equal(row[1], 'practice: no chips or XP');
  assert.equal(await byId(ana, 'room-unmoved').textContent(), 'A practice match: no chips, XP or rating moved.');
  assert.deepEqual(ana.pageErrors.map(String), []);
  await ana.context().close();
});
