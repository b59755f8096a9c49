// The card room's result panel in the browser (issue 13, the tester's report): every row says why
// nothing moved for it. Two registered players on one IP address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, byId, SHOTS } from './helpers.mjs';
import { pageFrom as pageFromOf, signUp, playToEnd, send, sitFromLobby, tableWith, resultRows } from './room-helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });
const pageFrom = (address) => pageFromOf(browser, address);

const suffix = Date.now().toString(36).slice(-6);

test('the result panel says why nothing moved for every row: one IP address', async () => {
  // Two registered players behind one address: nothing moves, and each row says why.
  const one = await pageFrom('198.51.100.20');
  const two = await pageFrom('198.51.100.20');
  await signUp(one, `ida_${suffix}`);
  await signUp(two, `ivo_${suffix}`);
  const table = await tableWith(one, { competitive: true, stake: 100 });
  await sitFromLobby(two, table, 1);
  assert.equal((await send(one, { type: 'start', table })).ok, true);
  await Promise.all([playToEnd(one, table), playToEnd(two, table)]);
  for (const page of [one, two]) {
    const rows = await resultRows(page);
    for (const row of rows) assert.equal(row[1], 'same IP address: no chips, XP or rating');
    assert.equal(await byId(page, 'room-unmoved').textContent(), 'Two players shared an IP address: no chips, XP or rating moved.');
  }
  await one.screenshot({ path: path.join(SHOTS, 'room-result-same-ip.png') });
  for (const page of [one, two]) assert.deepEqual(page.pageErrors.map(String), []);
  for (const page of [one, two]) await page.context().close();
});
