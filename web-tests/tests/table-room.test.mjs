// Browser tests of issue 14, what players hit at a table with friends (see ../README.md): the next
// match, a clean table after a cancel, the move timer, invitation links, a partner who leaves, error
// messages, the chief's form, the obligations of the play, the lobby, translations and icons, and the
// screen reader's live region.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, playFirstLegalToEnd, noFlyingTrick, twoOfOneName, BASE_URL, SHOTS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const send = (page, body) => page.evaluate((b) => window.__beloteDebug.send(b), body);

/** Ana (the chief, seat 0) and Bia (seat 1) at a new table with robots in seats 2 and 3, both pages
 *  showing it. Returns { a, b, table }. */
async function twoFriendsAtATable(options = {}) {
  const a = await openPage(browser);
  await signIn(a, 'Ana');
  const b = await openPage(browser);
  await signIn(b, 'Bia');
  const r = await send(a, { type: 'create_table', variant: 'classic', target: 301, ...options });
  assert.ok(r.ok, JSON.stringify(r));
  const table = r.reply.table;
  assert.ok((await send(a, { type: 'sit', table, seat: 0 })).ok);
  assert.ok((await send(b, { type: 'sit', table, seat: 1 })).ok);
  for (const seat of [2, 3]) assert.ok((await send(a, { type: 'add_robot', table, seat })).ok);
  for (const page of [a, b]) {
    await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
    await page.reload();
    await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  }
  return { a, b, table };
}

const text = (page, id) => byId(page, id).textContent();
/** Waits until the page shows a deal under way (the robots may have settled the auction already). */
const inDeal = (page) => page.locator('[data-testid="table-view"]:is([data-phase="auction"], [data-phase="play"])').waitFor();

test('only the chief is offered "Start the match"; the others are told whom they wait for', async () => {
  const { a, b, table } = await twoFriendsAtATable();
  const watcher = await openPage(browser);
  await signIn(watcher, 'Cid');
  assert.ok((await send(watcher, { type: 'watch', table })).ok);
  await watcher.evaluate((t) => { localStorage.setItem('belote.table', t); }, table);
  await watcher.reload();
  await watcher.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();

  await byId(a, 'start').waitFor();
  assert.equal(await text(a, 'start'), 'Start the match');
  for (const page of [b, watcher]) {
    await byId(page, 'start-note').waitFor();
    assert.equal(await text(page, 'start-note'), 'Waiting for Ana to start the match.');
    assert.equal(await byId(page, 'start').count(), 0);
  }
  for (const page of [a, b, watcher]) await page.context().close();
});

test('a cancel accepted by both leaves a clean table, also after a reload, and the chief starts the next match', async () => {
  const { a, b, table } = await twoFriendsAtATable();
  await byId(a, 'start').click();
  await inDeal(b);
  await byId(a, 'propose-cancel').click();
  await byId(b, 'cancel-accept').click();

  const clean = async (page) => {
    await page.locator('[data-testid="table-view"][data-phase="finished"]').waitFor();
    assert.equal(await text(page, 'status'), 'The match was cancelled.');
    assert.equal(await byId(page, 'hand').getAttribute('data-count'), '0');
    assert.equal(await page.locator('[data-testid="hand"] .card').count(), 0);
    assert.equal(await page.locator('[data-testid="trick"] .card').count(), 0);
    assert.equal(await page.locator('.seat.to-act').count(), 0);
    assert.equal(await byId(page, 'propose-cancel').count(), 0);
    assert.equal(await page.locator('.mini-fan').count(), 0);
  };
  for (const page of [a, b]) await clean(page);
  assert.equal(await text(b, 'start-note'), 'Waiting for Ana to start the next match.');
  await b.reload();
  await clean(b);
  assert.equal(await text(b, 'start-note'), 'Waiting for Ana to start the next match.');

  assert.equal(await text(a, 'start'), 'Start the next match');
  await a.screenshot({ path: path.join(SHOTS, 'table-after-cancel.png') });
  await byId(a, 'start').click();
  await byId(a, 'start-anyway').click(); // Bia has not said she is ready
  for (const page of [a, b]) {
    await inDeal(page);
    assert.ok(await page.locator('[data-testid="hand"] .card').count() >= 5);
  }
  for (const page of [a, b]) await page.context().close();
});

test('a rematch between two people: after the match, the chief who stays starts the next one', async () => {
  const { a, b, table } = await twoFriendsAtATable();
  await byId(a, 'start').click();
  await Promise.all([playFirstLegalToEnd(a, table), playFirstLegalToEnd(b, table)]);
  for (const page of [a, b]) {
    // The last deal's result, then the match's; both stay at the table.
    await byId(page, 'deal-result-close').click();
    await byId(page, 'match-result').waitFor();
    await page.getByRole('button', { name: 'Stay at the table' }).click();
    await byId(page, 'match-result').waitFor({ state: 'detached' });
  }
  assert.equal(await text(a, 'status'), 'The match is over.');
  assert.equal(await text(b, 'start-note'), 'Waiting for Ana to start the next match.');
  assert.equal(await text(a, 'start'), 'Start the next match');
  await byId(a, 'start').click();
  await byId(a, 'start-anyway').click(); // Bia stayed without saying she is ready
  for (const page of [a, b]) {
    await inDeal(page);
    const s = await page.evaluate(() => window.__beloteDebug.state());
    assert.deepEqual(s.totals, [0, 0]);
    assert.deepEqual(s.seats.map((x) => x.player && x.player.name), ['Ana', 'Bia', s.seats[2].player.name, s.seats[3].player.name]);
  }
  for (const page of [a, b]) await page.context().close();
});

/** Tina alone with three robots at a table with `turn_time` seconds per move, her page open at `viewport`. */
async function timedTable(viewport, turnTime) {
  const page = await openPage(browser, viewport);
  await signIn(page, 'Tina');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 301, turn_time: turnTime });
  assert.ok(r.ok, JSON.stringify(r));
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  return { page, table };
}

/** Plays the first legal action on each of the player's turns until a deal result is shown. */
async function playFirstLegalUntilDealResult(page, table) {
  for (let guard = 0; guard < 100; guard++) {
    const next = await (await page.waitForFunction((table) => {
      const s = window.__beloteDebug.state(table);
      if (s.dealResult) return { done: true };
      if (s.to_act === s.seat && s.legal.length) return { v: s.v, action: s.legal[0] };
      return false;
    }, table, { polling: 30 })).jsonValue();
    if (next.done) return;
    const sent = await send(page, { ...next.action, table });
    assert.ok(sent.ok, JSON.stringify(sent));
    await page.waitForFunction(([table, v]) => window.__beloteDebug.state(table).v > v, [table, next.v], { polling: 30 });
  }
  throw new Error('no deal result');
}

test('a timed table: the countdown is in view at 1366×657, a move made when the time ran out says so, and the deal result tells that the next deal\'s clock runs', async () => {
  const { page, table } = await timedTable({ width: 1366, height: 657 }, 5);
  await byId(page, 'start').click();
  await page.locator('[data-testid="table-view"][data-my-turn="true"]').waitFor();
  const countdown = byId(page, 'turn-countdown');
  assert.match(await countdown.textContent(), /^Your turn: [1-5] s left$/);
  assert.equal(await countdown.locator('svg[data-icon="clock"]').count(), 1);
  // Measured in the page at once: the countdown is drawn again each second (a boundingBox() between
  // its lookup and its measure may find it replaced).
  const box = await countdown.evaluate((e) => { const b = e.getBoundingClientRect(); return { y: b.top, height: b.height }; });
  assert.ok(box.y >= 0 && box.y + box.height <= 657, `the countdown is at y ${box.y}..${box.y + box.height}`);
  await page.screenshot({ path: path.join(SHOTS, 'move-timer-1366x657.png') });

  // Tina does not move: the server does it for her, and the log says so.
  await page.waitForFunction(() => window.__beloteDebug.events('auto_move').length === 1, null, { timeout: 10000, polling: 100 });
  const auto = await page.evaluate(() => {
    const events = window.__beloteDebug.events();
    const at = events.findIndex((e) => e.type === 'auto_move');
    return events.slice(at + 1).find((e) => (e.type === 'auction_call' || e.type === 'card_played') && e.seat === 0);
  });
  const RANK = { 7: 'Seven', 8: 'Eight', 9: 'Nine', T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
  const SUIT = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };
  const expected = auto.type === 'card_played' // a robot may have taken before Tina spoke
    ? `Tina (you): ${RANK[auto.card[0]]} of ${SUIT[auto.card[1]]} played automatically (out of time).`
    : `Tina (you): ${{ pass: 'Pass', take: 'Take' }[auto.call]} (automatic: out of time).`;
  // Said until she moves again herself (the log's last lines move on with the robots' moves).
  await byId(page, 'auto-move-note').waitFor();
  assert.equal(await byId(page, 'auto-move-note').textContent(), expected);
  assert.ok((await page.evaluate(() => window.__beloteDebug.state().log)).includes(expected));

  await playFirstLegalUntilDealResult(page, table);
  const timer = byId(page, 'result-timer');
  await timer.waitFor({ timeout: 10000 });
  assert.match(await timer.textContent(), /^The next deal has begun and it is your turn: [0-5] s left, then a robot plays for you\.$/);
  await noFlyingTrick(page);
  await page.screenshot({ path: path.join(SHOTS, 'deal-result-next-deal-clock.png') });
  await page.context().close();
});

test('an invitation link pasted into a tab that already shows the lobby opens the table', async () => {
  const chief = await openPage(browser);
  await signIn(chief, 'Chefe');
  const r = await send(chief, { type: 'create_table', variant: 'classic', target: 301, private: true });
  const { table, invite } = r.reply;
  assert.ok((await send(chief, { type: 'sit', table, seat: 0, invite })).ok);

  const guest = await openPage(browser);
  await signIn(guest, 'Gil');
  // Only the fragment changes: the browser does not load the page again.
  await guest.evaluate((hash) => { location.hash = hash; }, `#/join/${table}/${invite}`);
  await guest.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  await guest.locator('[data-testid="spectator-count"][data-count="1"]').waitFor();
  // The address names the table, not the invitation.
  assert.equal(await guest.evaluate(() => location.hash), `#/table/${table}`);
  await byId(guest, 'seat-1-sit').click();
  await guest.locator('[data-testid="table-view"][data-seat="1"]').waitFor();
  for (const page of [chief, guest]) await page.context().close();
});

test('an error message goes away on its own; the nickname field has the focus on load', async () => {
  const page = await openPage(browser);
  await byId(page, 'nickname').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid), 'nickname');
  await signIn(page, 'Erro');
  assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid), 'create-table');
  const sent = await send(page, { type: 'sit', table: 'no-such', seat: 0 });
  assert.equal(sent.ok, false);
  const message = byId(page, 'error-message');
  await message.waitFor();
  assert.equal(await message.locator('span').textContent(), 'That table no longer exists.');
  await message.waitFor({ state: 'detached', timeout: 9000 });
  await page.context().close();
});

test('a partner who leaves shows on the seat (a robot plays, time to return); back, she has the chat and the log again', async () => {
  const { a, b, table } = await twoFriendsAtATable();
  await byId(a, 'start').click();
  await inDeal(b);
  await byId(a, 'chat-input').fill('à toi Bia');
  await byId(a, 'chat-send').click();
  await b.locator('[data-testid="chat-line"]', { hasText: 'à toi Bia' }).waitFor();
  const logBefore = await b.evaluate(() => window.__beloteDebug.state().log);

  await b.goto('about:blank'); // her connection closes
  const tag = byId(a, 'seat-1-presence');
  await a.locator('[data-testid="seat-1-presence"][data-status="disconnected"]').waitFor();
  assert.match(await tag.innerText(), /^Robot \(Expert\) plays · [23]:\d\d to return$/); // the server's takeover level
  assert.equal(await tag.locator('svg.robot-icon').count(), 1);
  assert.match(await byId(a, 'presence-1').textContent(), /^Bia: disconnected — robot \(Expert\) plays, [23]:\d\d to return$/);

  await b.goto(BASE_URL);
  await b.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  assert.equal(await b.locator('[data-testid="chat-line"]').count(), 1);
  assert.equal(await b.locator('[data-testid="chat-line"]').textContent(), 'Ana: à toi Bia');
  const logAfter = await b.evaluate(() => window.__beloteDebug.state().log);
  assert.deepEqual(logAfter.slice(0, logBefore.length), logBefore);
  await a.locator('[data-testid="seat-1-presence"]').waitFor({ state: 'detached' });
  for (const page of [a, b]) await page.context().close();
});

test('logging in as someone else in mid-match asks first; two players of one name are told apart by their seat', async () => {
  const [a, b] = await twoOfOneName(browser, 'Nina');
  const r = await send(a, { type: 'create_table', variant: 'classic', target: 301 });
  const table = r.reply.table;
  assert.ok((await send(a, { type: 'sit', table, seat: 0 })).ok);
  assert.ok((await send(b, { type: 'sit', table, seat: 1 })).ok);
  for (const seat of [2, 3]) assert.ok((await send(a, { type: 'add_robot', table, seat })).ok);
  await a.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await a.reload();
  await a.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  assert.equal(await byId(a, 'seat-1-name').textContent(), 'Nina (seat 2)');
  assert.equal(await byId(a, 'seat-0-name').textContent(), 'Nina (you)');
  assert.equal(await byId(a, 'start').textContent(), 'Start the match');
  await byId(a, 'start').click();
  await inDeal(a);

  await byId(a, 'show-login').click();
  assert.equal(await byId(a, 'confirm-leave-text').textContent(),
    `You are playing at table ${table}. Logging in as someone else gives up your seat: a robot plays it to the end of the match.`);
  await byId(a, 'confirm-leave-no').click();
  await byId(a, 'confirm-leave').waitFor({ state: 'detached' });
  assert.equal(await a.locator('#table').isVisible(), true);
  assert.equal(await a.evaluate(() => !!localStorage.getItem('belote.token')), true);

  await byId(a, 'show-login').click();
  await byId(a, 'confirm-leave-yes').click();
  await a.locator('#login').waitFor({ state: 'visible' });
  for (const page of [a, b]) await page.context().close();
});

test('the chief\'s form between matches: spaced checkboxes, the whole invitation link with Copy, a robot removed, a seat left', async () => {
  const page = await openPage(browser, { width: 1366, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signIn(page, 'Chefa');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 301, private: true });
  const { table, invite } = r.reply;
  assert.ok((await send(page, { type: 'sit', table, seat: 0, invite })).ok);
  assert.ok((await send(page, { type: 'add_robot', table, seat: 1 })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await byId(page, 'options-form').waitFor();

  // Every checkbox has room before the next label on its line.
  const gaps = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[data-testid="options-form"] > label')];
    const out = [];
    for (let i = 0; i + 1 < labels.length; i++) {
      const box = labels[i].querySelector('input[type="checkbox"]');
      if (!box) continue;
      const a = box.getBoundingClientRect();
      const b = labels[i + 1].getBoundingClientRect();
      if (Math.abs(a.top - b.top) < a.height) out.push(b.left - a.right);
    }
    return out;
  });
  assert.ok(gaps.length > 0 && gaps.every((g) => g >= 12), `gaps after the checkboxes: ${gaps}`);

  const link = `${BASE_URL}/#/join/${table}/${invite}`;
  const field = byId(page, 'invite-link');
  assert.equal(await field.inputValue(), link);
  const fits = await field.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight);
  assert.equal(fits, true, 'the whole link is shown');
  await byId(page, 'copy-invite').click();
  await page.locator('[data-testid="copy-invite"]', { hasText: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await byId(page, 'platform').screenshot({ path: path.join(SHOTS, 'chief-options-invite.png') });

  assert.equal(await byId(page, 'seat-1-remove-robot').textContent(), 'Remove robot');
  await byId(page, 'seat-1-remove-robot').click();
  await byId(page, 'seat-1-add-robot').waitFor();
  assert.equal(await byId(page, 'seat-1-robot').count(), 0);

  assert.equal(await byId(page, 'stand-up').textContent(), 'Stand up');
  await byId(page, 'stand-up').click();
  await page.locator('[data-testid="table-view"][data-seat=""]').waitFor();
  await page.context().close();
});

test('a dimmed card says why (follow suit), and the "i" panel lists the obligations of the play', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Regra');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 1000 });
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await byId(page, 'start').click();
  // Play the first legal card until a turn where a plain suit was led and the hand has it and others.
  let led = null;
  for (let guard = 0; guard < 200 && !led; guard++) {
    const next = await (await page.waitForFunction(() => {
      const s = window.__beloteDebug.state();
      const view = document.querySelector('[data-testid="table-view"]');
      if (s.to_act !== s.seat || !s.legal.length || String(s.v) !== view.dataset.v) return false;
      const trick = s.trick.done ? [] : s.trick.cards;
      const suit = trick.length ? trick[0].card[1] : null;
      if (s.phase === 'play' && suit && suit !== s.trump && s.hand.some((c) => c[1] === suit) && s.hand.some((c) => c[1] !== suit)) return { led: suit };
      return { v: s.v, action: s.legal[0] };
    }, null, { polling: 30 })).jsonValue();
    if (next.led) { led = next.led; break; }
    assert.ok((await send(page, { ...next.action, table })).ok);
    await page.waitForFunction((v) => window.__beloteDebug.state().v > v, next.v, { polling: 30 });
  }
  const SUIT = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };
  const expected = `You must follow suit: ${SUIT[led]}.`;
  assert.equal(await byId(page, 'play-rule').textContent(), expected);
  const dim = page.locator('[data-testid="hand"] .card.dim').first();
  assert.equal(await dim.getAttribute('title'), expected);

  if (await byId(page, 'deal-result').count()) await byId(page, 'deal-result-close').click();
  await byId(page, 'tool-info').click();
  await byId(page, 'values-duties').waitFor();
  assert.deepEqual(await page.locator('[data-testid="values-duties"] li').allTextContents(), [
    'Follow the suit led when you can.',
    'When trump is led, play a higher trump than those on the trick when you can.',
    'If you cannot follow, you must trump, unless your partner is winning the trick.',
    'On a trick already trumped, play a higher trump if you can, otherwise a lower one.',
  ]);
  await page.context().close();
});

test('the lobby: filters by variant and free seats, finished tables only when asked, one button ("Watch") on a table in play, and it watches', async () => {
  const host = await openPage(browser);
  await signIn(host, 'Anfitriao');
  const create = async (variant, seats, start) => {
    const r = await send(host, { type: 'create_table', variant, target: 301 });
    const table = r.reply.table;
    assert.ok((await send(host, { type: 'sit', table, seat: 0 })).ok);
    for (let seat = 1; seat < seats; seat++) assert.ok((await send(host, { type: 'add_robot', table, seat })).ok);
    if (start) assert.ok((await send(host, { type: 'start', table })).ok);
    return table;
  };
  const playing = await create('three_player', 3, true);
  const waiting = await create('decouverte', 1, false);
  const finished = await create('decouverte', 2, true);
  assert.ok((await send(host, { type: 'propose_cancel', table: finished })).ok); // alone: accepted at once
  await host.waitForFunction((t) => window.__beloteDebug.events('match_cancelled').some((e) => e.table === t), finished);
  // Only robots left seated: finished for good (people seated there wait for a rematch: table-fourth).
  assert.ok((await send(host, { type: 'stand', table: finished })).ok);
  assert.ok((await send(host, { type: 'add_robot', table: finished, seat: 0 })).ok);

  const page = await openPage(browser);
  await signIn(page, 'Olhar');
  const listed = async (filters) => {
    await page.locator(`[data-testid="table-list"][data-filters="${filters}"]`).waitFor({ state: 'attached' });
    return Promise.all([playing, waiting, finished].map((t) => byId(page, `table-${t}`).count()));
  };
  await byId(page, 'filter-variant').selectOption('decouverte');
  assert.deepEqual(await listed('decouverte'), [0, 1, 0]);
  await byId(page, 'filter-finished').check();
  assert.deepEqual(await listed('decouverte finished'), [0, 1, 1]);
  await byId(page, 'filter-free').check();
  assert.deepEqual(await listed('decouverte free finished'), [0, 1, 0]);
  await byId(page, 'filter-free').uncheck();
  await byId(page, 'filter-variant').selectOption('three_player');
  assert.deepEqual(await listed('three_player finished'), [1, 0, 0]);
  await page.screenshot({ path: path.join(SHOTS, 'lobby-filters.png') });
  assert.equal(await byId(page, `open-${playing}`).textContent(), 'Watch');
  await byId(page, `open-${playing}`).click();
  await page.waitForFunction((t) => { const s = window.__beloteDebug.state(t); return s && s.synced && s.phase !== 'not_started'; }, playing);
  await host.waitForFunction((t) => window.__beloteDebug.events('spectators').some((e) => e.table === t && e.count === 1), playing);
  for (const p of [host, page]) await p.context().close();
});

test('in Portuguese: robots are "Robô", no English detail after an error, the watchers and the timer drawn as SVG', async () => {
  const page = await openPage(browser, { width: 1100, height: 860 }, { locale: 'pt-BR' });
  await signIn(page, 'Joana');
  const r = await send(page, { type: 'create_table', variant: 'classic_announcements', target: 301, turn_time: 30 });
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await byId(page, 'seat-1-name').waitFor();
  assert.equal(await byId(page, 'seat-1-name').textContent(), 'Robô 2'); // seat 2, as seats are numbered

  const refused = await send(page, { type: 'set_options', table, options: { turn_time: 3 } });
  assert.equal(refused.error.code, 'invalid_options');
  assert.equal(await byId(page, 'error-message').locator('span').textContent(),
    'Essas opções de mesa não estão disponíveis. (segundos por jogada: 0 para sem limite, ou de 5 a 120)');

  assert.equal(await byId(page, 'spectator-count').locator('svg[data-icon="eye"]').count(), 1);
  assert.equal(await byId(page, 'spectator-count').textContent(), '0 espectadores');
  await byId(page, 'start').click();
  // The timer is drawn once, beside the status, and says whose time runs (no bare "⏱ 9 s").
  await byId(page, 'turn-countdown').waitFor();
  assert.equal(await byId(page, 'turn-countdown').locator('svg[data-icon="clock"]').count(), 1);
  assert.match(await byId(page, 'turn-countdown').textContent(), /^(Sua vez|Robô \d): faltam \d+ s$/);
  assert.equal(await byId(page, 'move-timer').count(), 0);

  // The lobby lists the robots in Portuguese too. (The countdown redraws the table each second: a
  // click that straddles a redraw is lost, so it is tried again.)
  for (let i = 0; i < 5 && !(await page.locator('#lobby').isVisible()); i++) {
    await byId(page, 'back-to-lobby').click();
    await page.locator('#lobby').waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
  }
  await byId(page, 'filter-variant').selectOption('classic_announcements');
  await page.locator(`[data-testid="table-${table}"] .seat-chip.robot`, { hasText: 'Robô 2' }).waitFor();
  await page.context().close();
});

test('the live region says whose turn it is, each card played and by whom, and who won the trick', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Lia');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 1000 });
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await byId(page, 'start').click();
  for (let guard = 0; guard < 60; guard++) {
    const next = await (await page.waitForFunction(() => {
      const s = window.__beloteDebug.state();
      if (window.__beloteDebug.events('trick_won').length) return { done: true };
      return s.to_act === s.seat && s.legal.length ? { v: s.v, action: s.legal[0] } : false;
    }, null, { polling: 30 })).jsonValue();
    if (next.done) break;
    assert.ok((await send(page, { ...next.action, table })).ok);
    await page.waitForFunction((v) => window.__beloteDebug.state().v > v, next.v, { polling: 30 });
  }
  const [won] = await page.evaluate(() => window.__beloteDebug.events('trick_won'));
  const name = (seat) => (seat === 0 ? 'Lia (you)' : `Robot ${seat + 1}`); // robots numbered like the seats
  const RANK = { 7: 'Seven', 8: 'Eight', 9: 'Nine', T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
  const SUIT = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };
  const played = won.cards.map((c) => `${name(c.seat)} plays the ${RANK[c.card[0]]} of ${SUIT[c.card[1]]}.`);
  const lines = await page.locator('[data-testid="live-region"] p').allTextContents();
  const at = lines.indexOf(`${name(won.winner)} wins the trick, ${won.points} points.`);
  assert.ok(at >= 0, JSON.stringify(lines));
  assert.deepEqual(lines.slice(0, at).filter((line) => line.includes(' plays the ')).slice(-4), played); // "Your turn" may come between
  await page.locator('[data-testid="live-region"] p', { hasText: 'Your turn to play.' }).last().waitFor({ state: 'attached' });
  assert.equal(await byId(page, 'live-region').getAttribute('aria-live'), 'polite');
  await page.context().close();
});

test('Découverte at 375 px in every language: the opponent\'s seat does not cover its tableau, no horizontal scroll', async () => {
  for (const locale of ['en-US', 'fr-FR', 'pt-BR']) {
    const page = await openPage(browser, { width: 375, height: 740 }, { locale });
    await signIn(page, 'Descoberta');
    const r = await send(page, { type: 'create_table', variant: 'decouverte', target: 301 });
    const table = r.reply.table;
    assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
    assert.ok((await send(page, { type: 'add_robot', table, seat: 1 })).ok);
    await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
    await page.reload();
    await byId(page, 'start').click();
    await page.waitForFunction(() => {
      const s = window.__beloteDebug.state();
      return s.tableaux && s.to_act === s.seat && document.querySelector('.felt > .tableau .card') && document.querySelector('.seat.pos-top .tags');
    });
    const layout = await page.evaluate(() => {
      const box = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
      return { seat: box(document.querySelector('.seat.pos-top')), tableau: box(document.querySelector('.felt > .tableau')),
        scrollWidth: document.documentElement.scrollWidth };
    });
    const { seat, tableau } = layout;
    const overlap = seat.left < tableau.right && tableau.left < seat.right && seat.top < tableau.bottom && tableau.top < seat.bottom;
    assert.equal(overlap, false, `${locale}: ${JSON.stringify(layout)}`);
    assert.ok(layout.scrollWidth <= 375, `${locale}: ${JSON.stringify(layout)}`);
    if (locale === 'pt-BR') await page.screenshot({ path: path.join(SHOTS, 'decouverte-375-pt.png') });
    await page.context().close();
  }
});

test('coinche bidding on a 375×667 phone keeps the whole hand in view', async () => {
  const page = await openPage(browser, { width: 375, height: 667 });
  await signIn(page, 'Coincheur');
  const r = await send(page, { type: 'create_table', variant: 'coinche', target: 1000 });
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await byId(page, 'start').click();
  await byId(page, 'bid-ladder').waitFor();
  const hand = await byId(page, 'hand').boundingBox();
  assert.equal(await page.locator('[data-testid="hand"] .card').count(), 8);
  assert.ok(hand.y >= 0 && hand.y + hand.height <= 667, `the hand is at y ${hand.y}..${hand.y + hand.height}`);
  await page.screenshot({ path: path.join(SHOTS, 'coinche-bidding-375x667.png') });
  await page.context().close();
});

test('quick play: the second player who chose the same robot level gets the first one\'s table, one who chose another does not; robots of that level take the seat left', async () => {
  const a = await openPage(browser);
  await signIn(a, 'Rapida');
  await byId(a, 'create-variant').selectOption('three_player');
  assert.equal(await byId(a, 'quick-play-level').inputValue(), 'medium'); // the default
  await byId(a, 'quick-play-level').selectOption('expert');
  await byId(a, 'quick-play').click();
  await a.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  const table = await byId(a, 'table-view').getAttribute('data-table');
  const c = await openPage(browser);
  await signIn(c, 'Lenta');
  await byId(c, 'create-variant').selectOption('three_player');
  await byId(c, 'quick-play').click(); // medium robots: not Rapida's table
  await c.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  const cTable = await byId(c, 'table-view').getAttribute('data-table');
  assert.notEqual(cTable, table);
  assert.ok((await send(c, { type: 'add_robot', table: cTable, seat: 1, level: 'easy' })).ok); // not medium
  const d = await openPage(browser);
  await signIn(d, 'Media');
  await byId(d, 'create-variant').selectOption('three_player');
  await byId(d, 'quick-play').click();
  await d.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  assert.notEqual(await byId(d, 'table-view').getAttribute('data-table'), cTable);
  const b = await openPage(browser);
  await signIn(b, 'Veloz');
  await byId(b, 'create-variant').selectOption('three_player');
  await byId(b, 'quick-play-level').selectOption('expert');
  await byId(b, 'quick-play').click();
  await b.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  assert.equal(await byId(b, 'seat-2-robot').count(), 0);
  for (const page of [a, b]) await inDeal(page); // after the 10 s wait
  assert.equal(await byId(b, 'seat-2-robot').count(), 1);
  const seats = await b.evaluate(() => window.__beloteDebug.state().seats);
  assert.deepEqual(seats.map((x) => x.player.name), ['Rapida', 'Veloz', 'Robot 2']);
  assert.equal(seats[2].player.level, 'expert');
  for (const page of [a, b, c, d]) await page.context().close();
});

test('quick chat: a French page sends "Bien joué !" in one click, shown to the other player in his language', async () => {
  const a = await openPage(browser, undefined, { locale: 'fr-FR' });
  await signIn(a, 'Zoé');
  const b = await openPage(browser);
  await signIn(b, 'Yan');
  const r = await send(a, { type: 'create_table', variant: 'classic', target: 301 });
  const table = r.reply.table;
  assert.ok((await send(a, { type: 'sit', table, seat: 0 })).ok);
  assert.ok((await send(b, { type: 'sit', table, seat: 1 })).ok);
  for (const page of [a, b]) {
    await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
    await page.reload();
    await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
  }
  assert.deepEqual(await byId(a, 'quick-chat').locator('button:not(.emote)').allTextContents(), ['Bien joué !', 'Merci', 'Oups', 'Bonne partie']);
  await byId(a, 'quick-wellPlayed').click();
  await b.locator('[data-testid="chat-line"]', { hasText: 'Well played!' }).waitFor(); // an English page (the phrase goes by its key)
  assert.equal(await b.locator('[data-testid="chat-line"]').textContent(), 'Zoé: Well played!');
  for (const page of [a, b]) await page.context().close();
});

test('a hidden tab says in its title that it is the player\'s turn, and stops once it is shown', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Titulo');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 1000 });
  const table = r.reply.table;
  assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
  for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
  await page.evaluate((t) => localStorage.setItem('belote.table', t), table);
  await page.reload();
  await page.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="0"]`).waitFor();
  // The tab goes to the background (what the browser does when another tab is shown).
  const setHidden = (hidden) => page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await setHidden(true);
  assert.ok((await send(page, { type: 'start', table })).ok);
  await page.waitForFunction(() => document.title === '● Your turn — Belote');
  await setHidden(false);
  await page.waitForFunction(() => document.title === 'Belote');
  await page.context().close();
});
