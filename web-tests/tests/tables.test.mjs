// Browser tests of the table platform: invitation link, a spectator, a cancel vote between two
// people (two browser contexts), chat shown as text, a robot level per seat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, byId, signIn, createTable, pageLobbyUntil, BASE_URL } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const send = (page, body) => page.evaluate((b) => window.__beloteDebug.send(b), body);

/** A private table created by `page` (seated in seat 0); returns { table, invite }. */
async function privateTable(page) {
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 301, private: true });
  assert.ok(r.ok, JSON.stringify(r));
  const { table, invite } = r.reply;
  const sat = await send(page, { type: 'sit', table, seat: 0, invite });
  assert.ok(sat.ok, JSON.stringify(sat));
  return { table, invite };
}

test('an invitation link opens a private table; the guest watches, sits and the chat is escaped', async () => {
  const chief = await openPage(browser);
  await signIn(chief, 'Chefe');
  const { table, invite } = await privateTable(chief);

  const guest = await browser.newContext({ viewport: { width: 1100, height: 860 } }).then((c) => c.newPage());
  await guest.goto(`${BASE_URL}/#/join/${table}/${invite}`);
  // Sign in by hand: after hello the link is followed (the table opens, not the lobby).
  await byId(guest, 'nickname').fill('Convidado');
  await byId(guest, 'hello').click();
  await guest.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  await byId(guest, 'platform').waitFor();
  await guest.locator('[data-testid="spectator-count"][data-count="1"]').waitFor();
  assert.match(await byId(guest, 'chief').textContent(), /Chefe/);

  // Chat from the guest (a spectator), with markup that must stay text.
  await byId(guest, 'chat-input').fill('<img src=x onerror=alert(1)>olá');
  await byId(guest, 'chat-send').click();
  const line = guest.locator('[data-testid="chat-line"]').first();
  await line.waitFor();
  assert.match(await line.textContent(), /<img src=x onerror=alert\(1\)>olá/);
  assert.equal(await guest.locator('[data-testid="chat-log"] img').count(), 0);

  // The guest sits with the code remembered from the link.
  await byId(guest, 'seat-1-sit').click();
  await guest.locator(`[data-testid="table-view"][data-seat="1"]`).waitFor();
});

test('a spectator sees the match without any hand and cannot act', async () => {
  const player = await openPage(browser);
  await signIn(player, 'Jogador');
  const r = await send(player, { type: 'create_table', variant: 'classic', target: 301 });
  const table = r.reply.table;
  await send(player, { type: 'sit', table, seat: 0 });
  for (const seat of [1, 2, 3]) await send(player, { type: 'add_robot', table, seat });

  const watcher = await openPage(browser);
  await signIn(watcher, 'Publico');
  const w = await send(watcher, { type: 'watch', table });
  assert.ok(w.ok, JSON.stringify(w));
  await send(player, { type: 'start', table });
  // The player is told the spectator count.
  await player.waitForFunction(() => window.__beloteDebug.events('spectators').some((e) => e.count === 1));
  await watcher.waitForFunction((t) => (window.__beloteDebug.events('deal_started') || []).some((e) => e.table === t), table);
  const hands = await watcher.evaluate(() => window.__beloteDebug.events().filter((e) => 'hand' in e || (e.view && 'hand' in e.view)).length);
  assert.equal(hands, 0);
  const act = await send(watcher, { type: 'pass', table });
  assert.equal(act.ok, false);
  assert.equal(act.error.code, 'not_seated');
});

test('a cancel vote between two people ends the match as cancelled', async () => {
  const a = await openPage(browser);
  await signIn(a, 'Ana');
  const b = await openPage(browser);
  await signIn(b, 'Bia');
  const r = await send(a, { type: 'create_table', variant: 'classic', target: 1000 });
  const table = r.reply.table;
  await send(a, { type: 'sit', table, seat: 0 });
  await send(b, { type: 'sit', table, seat: 1 });
  for (const seat of [2, 3]) await send(a, { type: 'add_robot', table, seat });
  for (const page of [a, b]) {
    await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
    await page.reload();
    await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  }
  await send(a, { type: 'start', table });
  await byId(a, 'propose-cancel').click();
  await byId(b, 'cancel-proposal').waitFor();
  await byId(b, 'cancel-accept').click();
  for (const page of [a, b]) {
    await page.locator('[data-testid="cancel-status"]', { hasText: 'cancelled' }).waitFor().catch(async (e) => {
      // Failed once in a full CI run (passes alone): say what the page heard of the vote.
      const heard = await page.evaluate((t) => Object.fromEntries(['match_started', 'cancel_proposed', 'cancel_vote', 'cancel_rejected', 'match_cancelled', 'seat_status']
        .map((k) => [k, window.__beloteDebug.events(k).filter((m) => m.table === t)])), table);
      const box = await byId(page, 'cancel').textContent().catch(() => 'no cancel box');
      throw new Error(`${e.message}\ncancel box: ${box}\nheard: ${JSON.stringify(heard)}`);
    });
  }
});

test('the chief picks a robot level per seat; the seat shows it', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Nivel');
  await createTable(page, '301');
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  for (const [seat, level] of [[1, 'expert'], [2, 'medium']]) {
    await byId(page, `seat-${seat}-robot-level`).selectOption(level);
    await byId(page, `seat-${seat}-add-robot`).click();
    await page.locator(`[data-testid="seat-${seat}-robot"][data-level="${level}"]`).waitFor();
  }
  // The last choice is kept for the next robot.
  assert.equal(await byId(page, 'seat-3-robot-level').inputValue(), 'medium');
  await byId(page, 'seat-3-add-robot').click();
  await page.locator('[data-testid="seat-3-robot"][data-level="medium"]').waitFor();
  assert.match(await byId(page, 'seat-1-robot').textContent(), /Expert/);
  // The lobby shows each robot's level too.
  const table = await page.locator('[data-testid="table-view"]').getAttribute('data-table');
  const other = await openPage(browser);
  await signIn(other, 'Otro');
  await byId(other, 'refresh-tables').click();
  await pageLobbyUntil(other, byId(other, `lobby-bot-${table}-1`));
  assert.equal(await byId(other, `lobby-bot-${table}-1`).textContent(), 'bot · Expert');
  assert.equal(await byId(other, `lobby-bot-${table}-2`).textContent(), 'bot · Medium');
  const chip = byId(other, `lobby-bot-${table}-1`).locator('xpath=..');
  assert.equal(await chip.evaluate((e) => e.scrollWidth <= e.clientWidth), true, 'the robot\'s chip is cut short');
  await other.context().close();
  await page.context().close();
});
