// Browser tests of the table features of issue 5: keyboard play, the "i" card-values panel, the
// last-trick view, the per-deal score history and the four-colour deck (see ../run.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, noFlyingTrick, SHOTS, BASE_URL, closeDealResult } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const state = (page) => page.evaluate(() => window.__beloteDebug.state());
const eventsOf = (page, type, table) => page.evaluate(([type, table]) => window.__beloteDebug.events(type).filter((e) => e.table === table), [type, table]);
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return e ? { testid: e.dataset.testid || null, card: e.dataset.card || null, inHand: !!e.closest('[data-testid="hand"]') } : null;
});

// Card points by contract as docs/rules.md §1.2 gives them, strongest card first.
const TRUMP = { J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3, 8: 0, 7: 0 };
const PLAIN = { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, 7: 0 };
const NO_TRUMP = { A: 19, T: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, 7: 0 };
const ALL_TRUMP = { J: 13, 9: 9, A: 7, T: 5, K: 3, Q: 1, 8: 0, 7: 0 };

/** Signs in, creates a `variant` table through the form, sits in seat 0 with robots, starts. */
async function startAgainstRobots(page, nickname, variant = 'classic') {
  await signIn(page, nickname);
  await byId(page, 'create-variant').selectOption(variant);
  const table = await createTable(page, '1000');
  await sitAndFillWithRobots(page, 0);
  await byId(page, 'start').click();
  return table;
}

/** The default move at a decision, by clicking: take (or name) in the auction, pass in coinche, a random legal card. */
async function clickMove(page, what, s) {
  if (what === 'result') {
    await closeDealResult(page);
    return byId(page, 'deal-result').waitFor({ state: 'detached' });
  }
  if (what === 'auction') {
    const pick = s.legal.find((a) => a.type === 'take') || s.legal.find((a) => a.type === 'name');
    return byId(page, pick ? (pick.type === 'take' ? 'call-take' : `call-name-${pick.suit}`) : 'call-pass').click();
  }
  const playable = s.legal.filter((a) => a.type === 'play').map((a) => a.card);
  return byId(page, `card-${playable[Math.floor(Math.random() * playable.length)]}`).click();
}

/**
 * Plays by clicking until `stop(what, s)` is true at a decision ('auction', 'play', 'result',
 * 'match'); returns { what, s, seenV }.
 */
async function playUntil(page, stop, seenV = 0) {
  for (let guard = 0; guard < 400; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    const s = await state(page);
    if (stop(what, s)) return { what, s, seenV: what === 'result' || what === 'match' ? seenV : s.v };
    if (what === 'match') throw new Error('the match ended first');
    if (what !== 'result') seenV = s.v;
    await clickMove(page, what, s);
  }
  throw new Error('no stop condition reached');
}

/** Enabled cards of the hand, in the order they are shown. */
const playableInHand = (page) => page.locator('[data-testid="hand"] .card:not(:disabled)').evaluateAll((es) => es.map((e) => e.dataset.card));

test('keyboard only: arrow keys pick a playable card, Enter and Space play it into the trick; a whole deal', async () => {
  const page = await openPage(browser);
  const table = await startAgainstRobots(page, 'Kbd');
  let seenV = 0;
  // The auction by keyboard too: an arrow key focuses the first call; move to "take" if offered.
  for (let guard = 0; guard < 40; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'play') break;
    const s = await state(page);
    if (what === 'result') { await clickMove(page, what, s); continue; }
    seenV = s.v;
    await page.keyboard.press('ArrowRight');
    const wanted = s.legal.some((a) => a.type === 'take') ? 'call-take' : s.legal.find((a) => a.type === 'name') ? 'call-name-' : 'call-pass';
    for (let i = 0; i < 6 && !((await focused(page)).testid || '').startsWith(wanted); i++) await page.keyboard.press('ArrowRight');
    assert.ok((await focused(page)).testid.startsWith(wanted), `focus reached ${wanted}`);
    await page.keyboard.press('Enter');
  }
  const hand = byId(page, 'hand');
  assert.equal(await hand.getAttribute('role'), 'toolbar');
  assert.match(await hand.getAttribute('aria-label'), /Enter/);

  for (const key of ['Enter', ' ']) {
    const s = await state(page);
    seenV = s.v;
    // A keyboard player's turn puts the focus on the first playable card. (If the robots settled
    // the contract before we spoke, no key was pressed yet: an arrow key enters the hand.)
    const legal = (await playableInHand(page));
    assert.deepEqual([...legal].sort(), s.legal.map((a) => a.card).sort(), 'the enabled cards are the legal ones');
    let f = await focused(page);
    if (!f.inHand && key === 'Enter') {
      await page.keyboard.press('ArrowRight');
      f = await focused(page);
    }
    assert.ok(f.inHand && f.card === legal[0], `the first playable card has the focus (${JSON.stringify(f)})`);
    // ArrowRight moves to the next playable card (wrapping), ArrowLeft back, End to the last.
    await page.keyboard.press('ArrowRight');
    assert.equal((await focused(page)).card, legal[1 % legal.length]);
    await page.keyboard.press('ArrowLeft');
    assert.equal((await focused(page)).card, legal[0]);
    await page.keyboard.press('End');
    f = await focused(page);
    assert.equal(f.card, legal[legal.length - 1]);
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'solid', 'a visible focus ring');
    const played = f.card;
    const trickNo = s.tricks_won[0] + s.tricks_won[1] + 1;
    await page.keyboard.press(key);

    // The exact card reaches the trick: our card_played, then the trick_won that holds it.
    await page.waitForFunction(([t, n]) => window.__beloteDebug.events('trick_won').some((e) => e.table === t && e.trick === n), [table, trickNo]);
    const mine = (await eventsOf(page, 'card_played', table)).filter((e) => e.seat === 0).at(-1);
    assert.equal(mine.card, played, 'the server received the focused card');
    const won = (await eventsOf(page, 'trick_won', table)).find((e) => e.trick === trickNo);
    assert.deepEqual(won.cards.find((c) => c.seat === 0), { seat: 0, card: played }, 'the trick holds the focused card');
    assert.equal(won.cards.length, 4);
    const next = await waitForDecision(page, seenV, 60000);
    assert.equal(next, 'play');
    assert.ok(!(await state(page)).hand.includes(played), 'the card left the hand');
    assert.equal(await byId(page, `card-${played}`).count(), 0);
  }
  // The rest of the deal with Enter alone: each turn focuses a legal card, the result its button.
  for (let guard = 0; guard < 20; guard++) {
    const s = await state(page);
    const f = await focused(page);
    assert.ok(f.inHand && s.legal.some((a) => a.card === f.card), `a legal card has the focus: ${JSON.stringify(f)}`);
    seenV = s.v;
    await page.keyboard.press('Enter');
    if (await waitForDecision(page, seenV, 60000) === 'result') break;
  }
  assert.equal((await focused(page)).testid, 'deal-result-close', 'the deal result takes the focus');
  await page.keyboard.press('Enter');
  await byId(page, 'deal-result').waitFor({ state: 'detached' });
  assert.equal((await eventsOf(page, 'card_played', table)).filter((e) => e.seat === 0).length, 8, 'the whole deal by keyboard');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('the last-trick view shows the 4 cards of the previous trick by seat, and its winner', async () => {
  const page = await openPage(browser);
  const table = await startAgainstRobots(page, 'Last');
  // Until a play turn after at least one finished trick.
  const { s } = await playUntil(page, (what, st) => what === 'play' && st.tricks_won[0] + st.tricks_won[1] >= 1);
  const previous = (await eventsOf(page, 'trick_won', table)).at(-1);
  await byId(page, 'last-trick-toggle').click();
  const view = byId(page, 'last-trick');
  await view.waitFor();
  assert.equal(await view.getAttribute('role'), 'dialog');
  const slots = await view.locator('[data-testid^="last-trick-seat-"]').evaluateAll((es) => es.map((e) => ({
    seat: Number(e.dataset.testid.replace('last-trick-seat-', '')), card: e.dataset.card, winner: e.dataset.winner === 'true',
    shown: e.querySelector('.card').dataset.card, name: e.querySelector('.slot-name').textContent })));
  assert.equal(slots.length, 4, 'four cards');
  assert.deepEqual(slots.map(({ seat, card }) => ({ seat, card })), previous.cards, 'the cards of the previous trick, by seat');
  for (const x of slots) assert.equal(x.shown, x.card);
  assert.deepEqual(slots.filter((x) => x.winner).map((x) => x.seat), [previous.winner], 'the winner is marked');
  assert.equal(await view.getAttribute('data-winner'), String(previous.winner));
  assert.match(slots.find((x) => x.seat === 0).name, /^Last/);
  assert.equal(s.last_trick.winner, previous.winner);
  await page.screenshot({ path: path.join(SHOTS, 'last-trick.png') });
  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached' });
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

/** The numbers of a values table (`values-<scale>`) as { rank: points }. */
async function shownScale(panel, scale) {
  const cells = await panel.locator(`[data-testid="values-${scale}"] td[data-testid^="value-${scale}-"]`).evaluateAll((tds) => tds.map((td) => [td.dataset.testid.split('-').at(-1), Number(td.textContent)]));
  return Object.fromEntries(cells);
}

const ranksInOrder = (panel, scale) => panel.locator(`[data-testid="values-${scale}"] td`).evaluateAll((tds) => tds.map((td) => td.dataset.testid.split('-').at(-1)));

test('the "i" panel shows the card values of the contract in play (coinche: SA and TA too)', async (t) => {
  const page = await openPage(browser, { width: 375, height: 740 });
  const table = await startAgainstRobots(page, 'Info', 'coinche');
  // During the auction: no contract yet, every kind of contract is listed.
  let { s, seenV } = await playUntil(page, (what) => what === 'auction');
  await byId(page, 'tool-info').click();
  let panel = byId(page, 'values-panel');
  await panel.waitFor();
  assert.equal(await panel.getAttribute('role'), 'dialog');
  assert.equal((await focused(page)).testid, 'tool-panel-close', 'the dialog takes the focus');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).testid, 'tool-panel-close', 'Tab stays in the dialog');
  assert.equal(await byId(page, 'values-contract').getAttribute('data-kind'), '');
  assert.deepEqual(await shownScale(panel, 'trump'), TRUMP);
  assert.deepEqual(await shownScale(panel, 'plain'), PLAIN);
  assert.deepEqual(await shownScale(panel, 'noTrump'), NO_TRUMP);
  assert.deepEqual(await shownScale(panel, 'allTrump'), ALL_TRUMP);
  assert.deepEqual(await ranksInOrder(panel, 'trump'), ['J', '9', 'A', 'T', 'K', 'Q', '8', '7'], 'trump: strongest first');
  assert.deepEqual(await ranksInOrder(panel, 'noTrump'), ['A', 'T', 'K', 'Q', 'J', '9', '8', '7']);
  assert.equal(await byId(page, 'value-last-trick').textContent(), '10');
  assert.equal(await byId(page, 'value-capot').textContent(), '100');
  assert.equal(await byId(page, 'value-total').textContent(), '162');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, 'the panel fits a phone');
  await page.screenshot({ path: path.join(SHOTS, 'card-values-mobile.png') });
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal((await focused(page)).testid, 'tool-info', 'the focus returns to the "i" button');

  // Bid no trump if we can (robots may overbid), then pass until the play.
  const sa = s.legal.find((a) => a.type === 'bid' && a.suit === 'SA');
  if (sa) {
    await byId(page, `bid-value-${sa.value}`).click();
    await byId(page, 'bid-suit-SA').click();
  } else {
    await byId(page, 'call-pass').click();
  }
  ({ s } = await playUntil(page, (what) => what === 'play', seenV));
  await byId(page, 'tool-info').click();
  panel = byId(page, 'values-panel');
  await panel.waitFor();
  const kind = await byId(page, 'values-contract').getAttribute('data-kind');
  t.diagnostic(`contract in play: ${s.contract} (${kind})`);
  const belote = await byId(page, 'value-belote').textContent();
  if (s.contract === 'SA') {
    assert.equal(kind, 'SA');
    assert.deepEqual(await shownScale(panel, 'noTrump'), NO_TRUMP);
    assert.equal(await panel.locator('[data-testid="values-trump"]').count(), 0);
    assert.equal(belote, '—', 'no belote in no-trump');
  } else if (s.contract === 'TA') {
    assert.equal(kind, 'TA');
    assert.deepEqual(await shownScale(panel, 'allTrump'), ALL_TRUMP);
    assert.equal(belote, '20');
    assert.match(await byId(page, 'value-belote-rule').textContent(), /each suit/);
  } else {
    assert.equal(kind, 'suit');
    assert.deepEqual(await shownScale(panel, 'trump'), TRUMP);
    assert.deepEqual(await shownScale(panel, 'plain'), PLAIN);
    assert.match(await panel.locator('[data-testid="values-trump"] h4').textContent(), new RegExp({ S: '♠', H: '♥', D: '♦', C: '♣' }[s.contract]));
    assert.equal(belote, '20');
    assert.equal(await panel.locator('[data-testid="values-noTrump"]').count(), 0);
  }
  assert.equal(await byId(page, 'value-last-trick').textContent(), '10');
  // A click beside the panel closes it.
  await page.mouse.click(5, 730);
  await panel.waitFor({ state: 'detached' });
  // The contract in play is visible in the head: denomination, and who took it.
  const badge = byId(page, 'contract');
  assert.equal(await badge.getAttribute('data-trump') ?? await badge.getAttribute('data-contract'), s.contract);
  if (s.contract === 'SA' || s.contract === 'TA') assert.equal(await byId(page, 'contract-by').getAttribute('data-seat'), String(s.taker));
  else assert.equal(await badge.getAttribute('data-taker'), String(s.taker));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, 'the head with the contract fits a phone');
  assert.ok(table);
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('the "i" panel of a classic deal: the trump suit, the other suits, belote and last trick', async () => {
  const page = await openPage(browser);
  await startAgainstRobots(page, 'Info2', 'classic');
  const { s } = await playUntil(page, (what) => what === 'play');
  await byId(page, 'tool-info').click();
  const panel = byId(page, 'values-panel');
  await panel.waitFor();
  assert.equal(await byId(page, 'values-contract').getAttribute('data-kind'), 'suit');
  assert.match(await byId(page, 'values-contract').textContent(), new RegExp({ S: '♠', H: '♥', D: '♦', C: '♣' }[s.trump]));
  assert.deepEqual(await shownScale(panel, 'trump'), TRUMP);
  assert.deepEqual(await shownScale(panel, 'plain'), PLAIN);
  assert.equal(await panel.locator('[data-testid="values-noTrump"], [data-testid="values-allTrump"]').count(), 0, 'classic has no SA/TA');
  assert.equal(await byId(page, 'value-belote').textContent(), '20');
  assert.equal(await byId(page, 'value-last-trick').textContent(), '10');
  assert.equal(await byId(page, 'value-total').textContent(), '162');
  await byId(page, 'tool-panel-close').click();
  await panel.waitFor({ state: 'detached' });
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('the score history has one row per finished deal; its totals are the scoreboard\'s, also after a reload', async () => {
  const page = await openPage(browser);
  const table = await startAgainstRobots(page, 'Hist');
  let deals = 0;
  await playUntil(page, (what) => what === 'result' && ++deals === 2);
  await closeDealResult(page);
  await byId(page, 'deal-result').waitFor({ state: 'detached' });

  const check = async (page, live) => {
    const scored = await page.evaluate(() => window.__beloteDebug.state().history);
    assert.equal(scored.length, 2, 'two deals scored');
    await byId(page, 'tool-history').click();
    const panel = byId(page, 'history-panel');
    await panel.waitFor();
    const rows = panel.locator('[data-testid="history-row"]');
    assert.equal(await rows.count(), 2, 'one row per finished deal');
    let sum = [0, 0];
    for (let i = 0; i < 2; i++) {
      for (const t of [0, 1]) {
        const dealScore = Number(await rows.nth(i).locator(`[data-testid="history-score-${t}"]`).textContent());
        assert.equal(dealScore, scored[i].score[t], `deal ${i + 1}, team ${t}`);
        sum[t] += dealScore;
        assert.equal(Number(await rows.nth(i).locator(`[data-testid="history-total-${t}"]`).textContent()), sum[t], 'running total');
      }
    }
    for (const t of [0, 1]) {
      assert.equal(Number(await byId(page, `totals-${t}`).textContent()), sum[t], 'the last running total is the scoreboard');
    }
    if (!live) {
      // The snapshot's history has no deal numbers: rows are numbered in order, with a note.
      assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => [tr.dataset.deal, tr.querySelector('th').textContent])), [['', '1'], ['', '2']]);
      assert.match(await panel.textContent(), /taking side only/);
    }
    if (live) {
      const ev = await eventsOf(page, 'deal_scored', table);
      assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.deal))), ev.map((e) => e.deal), 'deal numbers');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, 'score-history.png') });
    }
    await byId(page, 'tool-panel-close').click();
    await panel.waitFor({ state: 'detached' });
  };
  await check(page, true);
  // A new page of the same browser (the same session token) comes back with a snapshot, as after a
  // reload; its history rebuilds the rows. (Not page.reload(): while the page is away a robot
  // plays for us, with no delay in these tests.)
  const again = await page.context().newPage();
  again.pageErrors = [];
  again.on('pageerror', (e) => again.pageErrors.push(e));
  await again.goto(BASE_URL);
  await again.locator(`[data-testid="table-view"][data-table="${table}"][data-seat="0"]`).waitFor();
  await again.waitForFunction(() => (window.__beloteDebug.state() || {}).synced === true);
  await check(again, false);
  assert.deepEqual([...page.pageErrors, ...again.pageErrors].map(String), []);
  await page.context().close();
});

/** Counts, in the page, the won tricks that start flying to their winner (trick-fly.js). */
const countFlights = (page) => page.evaluate(() => {
  window.__flights = 0;
  new MutationObserver((ms) => {
    for (const m of ms) for (const n of m.addedNodes) if (n.classList && n.classList.contains('trick-fly')) window.__flights++;
  }).observe(document.body, { childList: true });
});

for (const reduced of [false, true]) {
  test(reduced ? 'with reduced motion a won trick stays on the felt, nothing flies'
    : 'a won trick slides to its winner, then the felt is clear', async () => {
    const page = await openPage(browser);
    if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
    await countFlights(page);
    await startAgainstRobots(page, reduced ? 'Still' : 'Slide');
    // Our lead after a trick we won: the robots wait for us, so the won trick is on screen.
    const { s } = await playUntil(page, (what, st) => what === 'play' && st.trick.done && st.trick.winner === 0);
    const trick = byId(page, 'trick');
    const cardsShown = () => trick.locator('.slot').evaluateAll((es) => es.filter((e) => getComputedStyle(e).visibility === 'visible').length);
    if (reduced) {
      assert.equal(await page.evaluate(() => window.__flights), 0, 'nothing flew');
      assert.equal(await cardsShown(), 4, 'the won trick stays until the next card');
    } else {
      assert.ok(await page.evaluate(() => window.__flights) >= 1, 'the won trick flew');
      await noFlyingTrick(page);
      assert.equal(await cardsShown(), 0, 'the felt is clear');
      assert.match(await trick.textContent(), /wins/, 'the winner is still named');
    }
    assert.equal(s.trick.cards.length, 4);
    assert.deepEqual(page.pageErrors.map(String), []);
    await page.context().close();
  });
}

test('the first card of the next trick ends the won trick\'s flight: the flying copy never covers a new lead', async () => {
  // The network holds what follows each won trick for 200 ms: the trick is shown won and starts to
  // fly (850 ms), and a robot's lead (robots move at once here) lands in the middle of the flight.
  const page = await openPage(browser, undefined, { beforeGoto: (context) => context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    let held = null;
    server.onMessage((m) => {
      if (held) return void held.push(m);
      ws.send(m);
      if (JSON.parse(m).type !== 'trick_won') return;
      held = [];
      setTimeout(() => { for (const later of held) ws.send(later); held = null; }, 200);
    });
  }) });
  await countFlights(page);
  // After every change of the page: a won trick still flying while the felt shows the next trick's cards.
  await page.evaluate(() => {
    window.__covered = 0;
    new MutationObserver(() => {
      if (document.querySelector('.trick-fly') && document.querySelector('[data-testid="trick"]:not(.done) .slot')) window.__covered++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const table = await startAgainstRobots(page, 'Lead');
  await playUntil(page, (what) => what === 'result');
  const won = await eventsOf(page, 'trick_won', table);
  assert.equal(won.length, 8);
  assert.ok(won.slice(0, 7).some((t) => t.winner !== 0), 'a robot led after a won trick');
  assert.ok(await page.evaluate(() => window.__flights) >= 1, 'won tricks flew');
  assert.equal(await page.evaluate(() => window.__covered), 0, 'no flying trick over a new lead');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('the four-colour deck toggle colours diamonds blue and clubs green, and is remembered', async () => {
  const page = await openPage(browser);
  await startAgainstRobots(page, 'Four');
  await playUntil(page, (what) => what === 'play');
  // In one evaluation: the table re-renders (new elements) as the robots play.
  const colour = (sel) => page.evaluate((sel) => { const e = document.querySelector(sel); return e ? getComputedStyle(e).color : null; }, sel);
  const toggle = byId(page, 'tool-four-colour');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  const red = await colour('[data-testid="tool-four-colour"] .suit-H');
  assert.equal(await colour('[data-testid="tool-four-colour"] .suit-D'), red, 'two colours: diamonds red');
  assert.equal(await colour('[data-testid="tool-four-colour"] .suit-C'), 'rgb(26, 26, 26)', 'two colours: clubs black');
  await toggle.click();
  await page.locator('[data-testid="tool-four-colour"][aria-pressed="true"]').waitFor();
  assert.equal(await colour('[data-testid="tool-four-colour"] .suit-D'), 'rgb(18, 87, 196)', 'diamonds blue');
  assert.equal(await colour('[data-testid="tool-four-colour"] .suit-C'), 'rgb(11, 122, 50)', 'clubs green');
  assert.equal(await colour('[data-testid="tool-four-colour"] .suit-H'), red, 'hearts stay red');
  // The cards on the table follow.
  for (const [suit, rgb] of [['D', 'rgb(18, 87, 196)'], ['C', 'rgb(11, 122, 50)'], ['H', red], ['S', 'rgb(26, 26, 26)']]) {
    const shown = await colour(`[data-testid="hand"] .card.suit-${suit}`);
    if (shown) assert.equal(shown, rgb, `hand cards of ${suit}`);
  }
  await noFlyingTrick(page);
  await page.screenshot({ path: path.join(SHOTS, 'table-four-colour.png') });
  // Remembered by this browser: a new page (same session, see the history test) starts with it.
  const again = await page.context().newPage();
  await again.goto(BASE_URL);
  await again.locator('[data-testid="tool-four-colour"][aria-pressed="true"]').waitFor();
  const colourIn = (p, sel) => p.evaluate((sel) => getComputedStyle(document.querySelector(sel)).color, sel);
  assert.equal(await colourIn(again, '[data-testid="tool-four-colour"] .suit-D'), 'rgb(18, 87, 196)', 'remembered');
  await byId(again, 'tool-four-colour').click();
  await again.locator('[data-testid="tool-four-colour"][aria-pressed="false"]').waitFor();
  assert.equal(await colourIn(again, '[data-testid="tool-four-colour"] .suit-D'), red, 'back to two colours');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});
