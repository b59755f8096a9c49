// Browser tests of issue 14's second pass, the defects a tester found doing the issue's "Done when"
// (see ../README.md): a player who comes back with a new page, the announcements clear of the trick,
// a deal result that does not flicker, the auto-move note, and the minor ones.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, BASE_URL, SHOTS, send, tableState, inDeal, showTable, atATable,
  playFirstLegalUntil, overlaps, boxOf } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, id) => byId(page, id).textContent();
const state = tableState;

test('a player who comes back with a new page has the chat said while away and the deal\'s log', async () => {
  const { pages: [a, b], table } = await atATable(browser, ['Ana', 'Bia'], { target: 1000 });
  await byId(a, 'start').click();
  await inDeal(b);
  const context = b.context();
  await b.close(); // her page is gone (not a lost connection that resumes)
  await a.locator('[data-testid="seat-1-presence"][data-status="disconnected"]').waitFor();
  await byId(a, 'chat-input').fill('on joue sans toi');
  await byId(a, 'chat-send').click();
  await playFirstLegalUntil(a, table, (s) => s.phase === 'play' && s.tricks_won.reduce((x, y) => x + y, 0) >= 2);
  // Her page names her "Bia (you)", and Ana "Ana".
  const heard = (await state(a, table)).log.filter((line) => line.startsWith('Trick ')).map((line) => line.replace(/^(Trick \d+: )Bia /, '$1Bia (you) ').replace(/^(Trick \d+: )Ana \(you\) /, '$1Ana '));
  assert.ok(heard.length >= 2, JSON.stringify(heard));

  const back = await context.newPage();
  await back.goto(BASE_URL);
  await back.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="1"]`).waitFor();
  await back.locator('[data-testid="chat-line"]', { hasText: 'on joue sans toi' }).waitFor();
  assert.equal(await back.locator('[data-testid="chat-line"]').last().textContent(), 'Ana: on joue sans toi');
  const log = (await state(back, table)).log;
  for (const line of heard) assert.ok(log.includes(line), `"${line}" in ${JSON.stringify(log)}`);
  assert.match(log[0], /^(The match starts\.|Deal \d+: .+ deals\.)$/);
  for (const page of [a, back]) await page.context().close();
});

test('the announcements are never under the trick at 1366×768 and 1920×1080, and go once trick 3 is won', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    const page = await openPage(browser, viewport);
    // No trick animation: a won trick stays on the felt, so every slot can be measured.
    await page.evaluate(() => localStorage.setItem('belote.settings', JSON.stringify({ animation: 'off' })));
    await signIn(page, 'Anuncio');
    const r = await send(page, { type: 'create_table', variant: 'classic_announcements', target: 1000 });
    const table = r.reply.table;
    assert.ok((await send(page, { type: 'sit', table, seat: 0 })).ok);
    for (const seat of [1, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok);
    await showTable(page, table);
    await byId(page, 'start').click();
    let measured = 0, gone = false;
    for (let guard = 0; guard < 3000 && !(measured >= 1 && gone); guard++) {
      const next = await (await page.waitForFunction((table) => {
        const s = window.__beloteDebug.state(table);
        const view = document.querySelector('[data-testid="table-view"]');
        if (!s || !view || String(s.v) !== view.dataset.v) return false;
        if (s.phase === 'finished') return { over: true };
        if (s.to_act === s.seat && s.legal.length) return { v: s.v, action: s.legal[0], done: s.tricks_won.reduce((a, b) => a + b, 0), shown: s.shown_melds.length };
        return false;
      }, table, { polling: 30, timeout: 60000 })).jsonValue();
      if (next.over) break;
      if (await byId(page, 'deal-result').count()) await byId(page, 'deal-result-close').click();
      if (next.shown && next.done >= 1 && next.done < 3) {
        const strip = await boxOf(byId(page, 'melds'));
        const cards = await page.locator('[data-testid="trick"] .card').evaluateAll((es) => es.map((e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; }));
        const seats = await page.locator('.felt .seat').evaluateAll((es) => es.map((e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; }));
        for (const c of cards) assert.equal(overlaps(strip, c), false, `${viewport.width}: the strip ${JSON.stringify(strip)} and a card ${JSON.stringify(c)}`);
        for (const c of seats) assert.equal(overlaps(strip, c), false, `${viewport.width}: the strip ${JSON.stringify(strip)} and a seat ${JSON.stringify(c)}`);
        // This deal's names and tags aside: the strip at its widest ends before the top seat at its widest starts.
        const widest = await page.evaluate(() => {
          const felt = document.querySelector('.felt'), strip = document.querySelector('[data-testid="melds"]');
          const top = document.querySelector('.felt .seat.pos-top');
          const inner = felt.getBoundingClientRect().left + felt.clientLeft, width = felt.clientWidth;
          const px = (v) => (v.endsWith('%') ? (parseFloat(v) / 100) * width : parseFloat(v));
          return { stripRight: strip.getBoundingClientRect().left + px(getComputedStyle(strip).maxWidth), topLeft: inner + width / 2 - px(getComputedStyle(top).maxWidth) / 2 };
        });
        assert.ok(widest.stripRight < widest.topLeft, `${viewport.width}: ${JSON.stringify(widest)}`);
        if (await page.locator('[data-testid="trick-seat-2"]').count()) {
          if (!measured) await page.screenshot({ path: path.join(SHOTS, `table-announcements-${viewport.width}.png`) });
          measured++;
        }
      }
      if (next.shown && next.done >= 3) {
        assert.equal(await byId(page, 'melds').count(), 0, 'the strip is gone from trick 4');
        gone = true;
      }
      const sent = await send(page, { ...next.action, table });
      assert.ok(sent.ok, JSON.stringify(sent));
      await page.waitForFunction(([t, v]) => window.__beloteDebug.state(t).v > v, [table, next.v], { polling: 30 });
    }
    assert.ok(measured >= 1 && gone, `combinations were shown with the top seat's card on the trick (${measured}) and went (${gone})`);
    await page.context().close();
  }
});

test('the deal result is not drawn again each second on a timed table: only its countdown changes', async () => {
  const { pages: [page], table } = await atATable(browser, ['Tic'], { options: { turn_time: 30 } });
  await byId(page, 'start').click();
  await playFirstLegalUntil(page, table, (s) => !!s.dealResult && s.to_act === s.seat);
  const timer = byId(page, 'result-timer');
  await timer.waitFor();
  await byId(page, 'deal-result').evaluate((e) => { e.dataset.mark = 'first'; });
  for (let i = 0; i < 2; i++) {
    const was = await timer.textContent();
    await page.waitForFunction((was) => document.querySelector('[data-testid="result-timer"]').textContent !== was, was);
  }
  assert.equal(await byId(page, 'deal-result').getAttribute('data-mark'), 'first', 'the same dialog, not a new one');
  assert.equal(await byId(page, 'deal-result').evaluate((e) => e.getAnimations().filter((x) => x.playState === 'running').length), 0);
  await page.context().close();
});

test('the note of a move made when the time ran out goes after a few seconds, even before the player moves again', async () => {
  const { pages: [page], table } = await atATable(browser, ['Lenta'], { options: { turn_time: 20 } });
  await byId(page, 'start').click();
  await byId(page, 'auto-move-note').waitFor({ timeout: 30000 });
  const at = await page.evaluate(() => window.__beloteDebug.events().length);
  await byId(page, 'auto-move-note').waitFor({ state: 'detached', timeout: 10000 });
  const mine = await page.evaluate(([t, at]) => window.__beloteDebug.events().slice(at)
    .filter((e) => e.table === t && (e.type === 'card_played' || e.type === 'auction_call') && e.seat === 0).length, [table, at]);
  assert.equal(mine, 0, 'she did not move meanwhile');
  await page.context().close();
});

test('the minor ones: one copy of a repeated error, the live region names the sides, the contract in words, the hand in view at 1366×657, one button per listed table, "d\'Ana" in French, a dropped network said', async () => {
  const { pages: [ana, zoe], table } = await atATable(browser, ['Ana', 'Zoé'], { locales: ['en-US', 'fr-FR'], viewport: { width: 1366, height: 657 } });
  // The same refusal twice: one message.
  for (let i = 0; i < 2; i++) assert.equal((await send(ana, { type: 'sit', table: 'no-such', seat: 0 })).ok, false);
  await byId(ana, 'error-message').waitFor();
  assert.equal(await byId(ana, 'error-message').count(), 1);

  await byId(ana, 'start').click();
  // French: "En attente d'Ana", when it is Ana's turn.
  await playFirstLegalUntil(zoe, table, (s) => s.to_act === 0);
  await zoe.locator('[data-testid="status"]', { hasText: 'En attente d\'Ana…' }).waitFor();
  // The hand, whole, at 1366×657.
  const hand = await boxOf(byId(ana, 'hand'));
  assert.ok(hand.top >= 0 && hand.bottom <= 657, `the hand at y ${hand.top}..${hand.bottom}`);
  // Zoé's network drops without a word: her page says so, Ana sees a robot take her seat at once,
  // and she comes back with the network.
  await zoe.context().setOffline(true);
  await byId(zoe, 'reconnecting').waitFor({ state: 'visible', timeout: 10000 });
  assert.notEqual(await text(zoe, 'conn-status'), 'En ligne');
  await ana.locator('[data-testid="seat-1-presence"][data-status="disconnected"]').waitFor({ timeout: 10000 });
  await zoe.context().setOffline(false);
  await zoe.locator('[data-testid="conn-status"][data-state="open"]').waitFor({ timeout: 20000 });
  await ana.locator('[data-testid="seat-1-presence"]').waitFor({ state: 'detached', timeout: 20000 });
  await zoe.context().close(); // a robot plays Zoé's seat from now on
  await playFirstLegalUntil(ana, table, (s) => s.phase === 'play' && s.trump != null && s.to_act === s.seat);
  const s = await state(ana);
  const SUIT = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };
  assert.equal(await text(ana, 'contract-suit'), `Trump: ${SUIT[s.trump]}`);
  const playing = await boxOf(byId(ana, 'hand'));
  assert.ok(playing.bottom <= 657, `the hand while playing at y ${playing.top}..${playing.bottom}`);
  await ana.screenshot({ path: path.join(SHOTS, 'table-1366x657.png') });
  await playFirstLegalUntil(ana, table, (s) => !!s.dealResult);
  const said = await ana.locator('[data-testid="live-region"] p', { hasText: 'scored' }).last().textContent();
  assert.match(said, /^Deal \d+ scored: Us \d+, Them \d+\. Totals Us \d+, Them \d+\.$/);

  // The lobby: a table in play has one button, and it watches.
  const other = await openPage(browser);
  await signIn(other, 'Olho');
  await other.locator(`[data-testid="table-${table}"]`).waitFor();
  assert.deepEqual(await other.locator(`[data-testid="table-${table}"] button`).allTextContents(), ['Watch']);
  for (const page of [ana, other]) await page.context().close();
});

test('on a 375×667 phone the contract and the score are in view during the play', async () => {
  const { pages: [page], table } = await atATable(browser, ['Fone'], { viewport: { width: 375, height: 667 } });
  await byId(page, 'start').click();
  await playFirstLegalUntil(page, table, (s) => s.phase === 'play' && s.trump != null && s.to_act === s.seat);
  for (const id of ['contract', 'scoreboard', 'totals-0', 'totals-1']) {
    const b = await boxOf(byId(page, id));
    assert.ok(b.width > 0 && b.left >= 0 && b.right <= 375 && b.top >= 0 && b.bottom <= 667, `${id}: ${JSON.stringify(b)}`);
  }
  assert.ok(await byId(page, 'contract').isVisible());
  await page.context().close();
});
