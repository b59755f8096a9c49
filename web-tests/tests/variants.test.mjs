// End-to-end tests of the other variants in the web client: a whole deal of Coinche, Classic with
// announcements and Découverte played by clicking against robots (see ../run.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, waitForDecision, noFlyingTrick, SHOTS, closeDealResult } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Creates a table of `variant` through the form, sits in seat 0, robots elsewhere, starts. */
async function startAgainstRobots(page, variant, seats) {
  await byId(page, 'create-variant').selectOption(variant);
  await byId(page, 'create-target').selectOption('1000');
  await byId(page, 'create-table').click();
  await byId(page, 'table-view').waitFor();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  assert.equal(await page.locator('[data-testid^="seat-"][data-seat]').count(), seats, `${seats} seats at a ${variant} table`);
  for (let s = 1; s < seats; s++) {
    await byId(page, `seat-${s}-add-robot`).click();
    await byId(page, `seat-${s}-robot`).waitFor();
  }
  await byId(page, 'start').click();
}

const state = (page) => page.evaluate(() => window.__beloteDebug.state());
const lastTurnOf = async (page, table) => (await page.evaluate(() => window.__beloteDebug.events('turn'))).filter((t) => t.table === table).at(-1);

/** Clicks a legal card (hand or own tableau) after checking dimming against the legal list. */
async function playOne(page, s, lastTurn, container) {
  const cards = await page.locator(`${container} .card:not(.back)`).evaluateAll((es) => es.map((e) => ({
    card: e.dataset.card, dim: e.classList.contains('dim'), disabled: e.disabled })));
  const legal = new Set(lastTurn.legal.filter((a) => a.type === 'play').map((a) => a.card));
  assert.ok(legal.size > 0);
  for (const c of cards) assert.equal(c.disabled, !legal.has(c.card), `${c.card} clickable iff legal`);
  const playable = cards.filter((c) => !c.disabled);
  assert.deepEqual(playable.map((c) => c.card).sort(), [...legal].sort(), 'exactly the legal cards are playable');
  const choice = playable[Math.floor(Math.random() * playable.length)].card;
  await byId(page, `card-${choice}`).click();
}

test('coinche: each of my decisions starts the value ladder at its lowest value, whatever I looked at before', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Cleo');
  await startAgainstRobots(page, 'coinche', 4);
  let seenV = 0, decisions = 0;
  for (let guard = 0; guard < 300 && decisions < 3; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'match') break;
    if (what === 'result') { await closeDealResult(page); continue; }
    const s = await state(page);
    seenV = s.v;
    const lastTurn = await lastTurnOf(page, s.table);
    if (what !== 'auction') { await playOne(page, s, lastTurn, '[data-testid="hand"]'); continue; }
    const values = [...new Set(lastTurn.legal.filter((a) => a.type === 'bid').map((a) => String(a.value)))];
    if (values.length < 2) { await byId(page, 'call-pass').click(); continue; }
    const chosen = await page.locator('[data-testid="bid-ladder"] button.selected').evaluate((b) => b.dataset.testid.replace('bid-value-', ''));
    assert.equal(chosen, values[0], `decision ${decisions + 1} (deal ${s.deal}) starts at the lowest legal value`);
    await byId(page, `bid-value-${values.at(-1)}`).click(); // looks at the highest, then passes
    await page.locator(`[data-testid="bid-value-${values.at(-1)}"].selected`).waitFor();
    await byId(page, 'call-pass').click();
    decisions++;
  }
  assert.equal(decisions, 3);
  await page.context().close();
});

test('coinche: the bidding panel offers exactly the legal calls; a whole deal is played', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Coco');
  await startAgainstRobots(page, 'coinche', 4);
  let seenV = 0, plays = 0, auctions = 0, shot = false, bid = false;
  for (let guard = 0; guard < 300; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'result' || what === 'match') break;
    const s = await state(page);
    seenV = s.v;
    const lastTurn = await lastTurnOf(page, s.table);
    assert.deepEqual(s.legal, lastTurn.legal);
    if (what === 'auction') {
      auctions++;
      await byId(page, 'coinche-panel').waitFor();
      const bids = lastTurn.legal.filter((a) => a.type === 'bid');
      const values = [...new Set(bids.map((a) => String(a.value)))];
      const ladder = await page.locator('[data-testid="bid-ladder"] button').evaluateAll((bs) => bs.map((b) => b.dataset.testid.replace('bid-value-', '')));
      assert.deepEqual(ladder, values, 'the value ladder is the legal values');
      if (values.length) {
        const chosen = await page.locator('[data-testid="bid-ladder"] button.selected').evaluate((b) => b.dataset.testid.replace('bid-value-', ''));
        // Every decision starts at the lowest legal value, whatever was picked at an earlier one.
        assert.equal(chosen, values[0], `decision ${auctions}: the ladder starts at the lowest value`);
        const denoms = await page.locator('[data-testid="bid-denoms"] button').evaluateAll((bs) => bs.map((b) => b.dataset.testid.replace('bid-suit-', '')).sort());
        assert.deepEqual(denoms, bids.filter((a) => String(a.value) === chosen).map((a) => a.suit).sort(), 'denominations legal at that value');
      }
      const others = await page.locator('[data-testid="coinche-panel"] .auction button').evaluateAll((bs) => bs.map((b) => b.dataset.testid).sort());
      assert.deepEqual(others, lastTurn.legal.filter((a) => a.type !== 'bid').map((a) => `call-${a.type}`).sort());
      if (!shot && values.length > 1) {
        // Pick the second value on the ladder: the panel re-renders with it selected.
        await byId(page, `bid-value-${values[1]}`).click();
        await page.locator(`[data-testid="bid-value-${values[1]}"].selected`).waitFor();
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(SHOTS, 'table-coinche.png') });
        shot = true;
      }
      if (!bid && bids.length) {
        // Bid the lowest value in the first legal denomination, once; then pass.
        const low = bids[0];
        await byId(page, `bid-value-${low.value}`).click();
        await byId(page, `bid-suit-${low.suit}`).click();
        bid = true;
      } else {
        await byId(page, 'call-pass').click();
      }
      continue;
    }
    if (plays === 0) {
      const badge = byId(page, 'contract');
      await badge.waitFor();
      assert.ok(s.contract, 'a contract is settled');
    }
    await playOne(page, s, lastTurn, '[data-testid="hand"]');
    plays++;
  }
  assert.ok(auctions >= 1);
  assert.equal(plays, 8, 'we played all 8 cards of the deal');
  await byId(page, 'deal-result').waitFor();
  const ev = (await page.evaluate(() => window.__beloteDebug.events('deal_scored'))).at(-1);
  assert.ok(ev.score.contract_value >= 80, 'deal_scored carries the contract value');
  // The contract's row (a Coinche deal always has one) is coloured as the headline: red only when failed.
  const contractRow = page.locator('[data-testid="deal-result"] tr.row-adjust');
  assert.equal(await contractRow.getAttribute('data-outcome'), ev.score.outcome);
  const colours = await page.evaluate(() => ['tr.row-adjust td', '[data-testid="deal-outcome"]']
    .map((sel) => getComputedStyle(document.querySelector(`[data-testid="deal-result"] ${sel}`)).color));
  assert.equal(colours[0], colours[1], `the contract row has the ${ev.score.outcome} headline's colour`);
  assert.equal(colours[0] === 'rgb(255, 154, 143)', ev.score.outcome === 'failed', 'red means failed');
  assert.deepEqual(page.pageErrors, []);
});

test('classic with announcements: own combinations at trick 1, the scoring side\'s at trick 2', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Mel');
  await startAgainstRobots(page, 'classic_announcements', 4);
  let seenV = 0, plays = 0, deals = 0, shot = false, checkedShown = false;
  for (let guard = 0; guard < 600 && deals < 4; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'match') break;
    if (what === 'result') {
      deals++;
      await closeDealResult(page);
      if (shot) break;
      continue;
    }
    const s = await state(page);
    seenV = s.v;
    const lastTurn = await lastTurnOf(page, s.table);
    if (what === 'auction') {
      const take = lastTurn.legal.find((a) => a.type === 'take') || lastTurn.legal.find((a) => a.type === 'name');
      await byId(page, take ? (take.type === 'take' ? 'call-take' : `call-name-${take.suit}`) : 'call-pass').click();
      continue;
    }
    const tricks = s.tricks_won[0] + s.tricks_won[1];
    if (tricks === 0 && s.own_melds.length) {
      await byId(page, 'melds-own').waitFor();
    }
    if (tricks === 0) assert.equal(s.shown_melds.length, 0, 'nothing is shown before trick 2');
    if (tricks >= 1 && tricks < 3 && s.shown_melds.length) {
      // The side that scores shows its combinations from trick 2 (melds_shown), public, until trick 3 is won.
      const last = (await page.evaluate(() => window.__beloteDebug.events('melds_shown'))).filter((e) => e.table === s.table).at(-1);
      assert.deepEqual(s.shown_melds, last.melds);
      for (const sm of last.melds) await byId(page, `melds-shown-${sm.seat}`).waitFor();
      checkedShown = true;
      if (!shot && !s.trick.done && s.trick.cards.length >= 1) {
        await page.waitForTimeout(250);
        await noFlyingTrick(page); // the won trick has reached its winner
        await page.screenshot({ path: path.join(SHOTS, 'table-announcements.png') });
        shot = true;
      }
    }
    await playOne(page, s, lastTurn, '[data-testid="hand"]');
    plays++;
  }
  assert.ok(plays >= 8, 'at least one whole deal was played');
  if (!shot) await page.screenshot({ path: path.join(SHOTS, 'table-announcements.png') });
  assert.ok(checkedShown || deals >= 4, 'announcements shown at trick 2 were displayed (or no deal had any)');
  assert.deepEqual(page.pageErrors, []);
});

test('découverte: 2 seats, tableaux with face-down backs, reveals after the trick, a whole deal', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Dee');
  await startAgainstRobots(page, 'decouverte', 2);
  let seenV = 0, plays = 0, shot = false;
  for (let guard = 0; guard < 300; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'result' || what === 'match') break;
    const s = await state(page);
    seenV = s.v;
    const lastTurn = await lastTurnOf(page, s.table);
    // Both tableaux: 8 piles each; backs exactly where the server says a card lies face down.
    for (const seat of [0, 1]) {
      assert.equal(await page.locator(`[data-testid="tableau-${seat}"] .pile`).count(), 8);
      const backs = await page.locator(`[data-testid="tableau-${seat}"] .card.back`).count();
      assert.equal(backs, s.tableaux[seat].reduce((a, p) => a + p.face_down, 0), `face-down backs of seat ${seat}`);
    }
    // No event ever carried a face-down identity: piles hold only counts.
    for (const e of await page.evaluate(() => window.__beloteDebug.events('tableaux_dealt')))
      for (const t of e.tableaux) for (const p of t) assert.ok(typeof p.face_down === 'number');
    if (what === 'auction') {
      const take = lastTurn.legal.find((a) => a.type === 'take') || lastTurn.legal.find((a) => a.type === 'name');
      await byId(page, take ? (take.type === 'take' ? 'call-take' : `call-name-${take.suit}`) : 'call-pass').click();
      continue;
    }
    const revealed = (await page.evaluate(() => window.__beloteDebug.events('card_revealed'))).filter((e) => e.table === s.table);
    if (revealed.length) {
      const r = revealed.at(-1);
      const pile = s.tableaux[r.seat][r.pile];
      if (pile.face_up === r.card) assert.equal(await page.locator(`[data-testid="pile-${r.seat}-${r.pile}"] [data-card="${r.card}"]`).count(), 1);
    }
    if (!shot && plays >= 3 && revealed.length && s.trick.cards.length === 1 && !s.trick.done) {
      await page.waitForTimeout(300);
      await noFlyingTrick(page); // the won trick has reached its winner
      await page.screenshot({ path: path.join(SHOTS, 'table-decouverte.png') });
      shot = true;
    }
    await playOne(page, s, lastTurn, '[data-testid="tableau-0"]');
    plays++;
  }
  assert.equal(plays, 16, 'we played all 16 cards of our tableau');
  if (!shot) await page.screenshot({ path: path.join(SHOTS, 'table-decouverte.png') });
  await byId(page, 'deal-result').waitFor();
  assert.deepEqual(page.pageErrors, []);
});
