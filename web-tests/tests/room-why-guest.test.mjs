// The card room's result panel in the browser (issue 13, the tester's report): every row says why
// nothing moved for it. A guest beside a registered player.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, byId, signIn, SHOTS } from './helpers.mjs';
import { pageFrom as pageFromOf, signUp, playToEnd, send, sitFromLobby, tableWith, resultRows } from './room-helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });
const pageFrom = (address) => pageFromOf(browser, address);

const suffix = Date.now().toString(36).slice(-6);

test('the result panel says why nothing moved for every row: a guest', async () => {
  const one = await pageFrom('198.51.100.22');
  await signUp(one, `una_${suffix}`);
  // A guest at a free competitive table: the guest's row says it earns nothing; the registered
  // player's XP counts and its rating cell says why it did not move.
  const gus = await pageFrom('198.51.100.21');
  await signIn(gus, 'Gus');
  const table = await tableWith(one, { competitive: true, stake: 0 });
  await sitFromLobby(gus, table, 1);
  assert.equal((await send(one, { type: 'start', table })).ok, true);
  await Promise.all([playToEnd(one, table), playToEnd(gus, table)]);
  const ended = (await one.evaluate((table) => window.__beloteDebug.events('match_ended').filter((e) => e.table === table), table))[0];
  await resultRows(one);
  assert.equal(await byId(one, 'room-why-1').textContent(), 'guest: earns nothing');
  assert.equal(await byId(one, 'room-xp-0').textContent(), ended.winner === 0 ? '+20 XP' : '+5 XP');
  assert.equal(await byId(one, 'room-rating-0').textContent(), 'rating unchanged: a guest played');
  await one.screenshot({ path: path.join(SHOTS, 'room-result-guest.png') });
  for (const page of [one, gus]) assert.deepEqual(page.pageErrors.map(String), []);
  for (const page of [one, gus]) await page.context().close();
});
