// Belote for three (three_player, docs/rules.md §7) in the web client: a table of three seats around
// the felt, the chief's rule options form (every §9 option of the variant, with its explanation),
// and a match to 301 against two robots played by clicking, on a desktop and on a phone screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, waitForDecision, noFlyingTrick, SHOTS, closeDealResult } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const state = (page) => page.evaluate(() => window.__beloteDebug.state());
const eventsOf = async (page, type, table) => (await page.evaluate((t) => window.__beloteDebug.events(t), type)).filter((e) => e.table === table);

/** Creates a three_player table to `target` through the form, sits in seat 0, robots in 1 and 2. */
async function threeSeatTable(page, target) {
  await byId(page, 'create-variant').selectOption('three_player');
  await byId(page, 'create-target').selectOption(String(target));
  await byId(page, 'create-table').click();
  await byId(page, 'table-view').waitFor();
  assert.equal(await page.locator('[data-testid="felt"] [data-testid^="seat-"][data-seat]').count(), 3, 'three seats around the felt');
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  await byId(page, 'seat-1-robot-level').selectOption('expert');
  await byId(page, 'seat-1-add-robot').click();
  await byId(page, 'seat-1-robot').waitFor();
  await byId(page, 'seat-2-add-robot').click();
  await byId(page, 'seat-2-robot').waitFor();
  return byId(page, 'table-view').getAttribute('data-table');
}

/** Asserts that the three seats lie inside the felt and inside the screen, without overlapping. */
async function seatsLaidOut(page) {
  const boxes = await page.evaluate(() => {
    const felt = document.querySelector('[data-testid="felt"]').getBoundingClientRect();
    const seats = [0, 1, 2].map((s) => document.querySelector(`[data-testid="seat-${s}"] .nameplate`).getBoundingClientRect());
    return { felt: { l: felt.left, r: felt.right, t: felt.top, b: felt.bottom }, width: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth, seats: seats.map((r) => ({ l: r.left, r: r.right, t: r.top, b: r.bottom })) };
  });
  assert.ok(boxes.scroll <= boxes.width, `no horizontal scrolling (${boxes.scroll} > ${boxes.width})`);
  for (const [i, r] of boxes.seats.entries()) {
    assert.ok(r.l >= boxes.felt.l && r.r <= boxes.felt.r && r.t >= boxes.felt.t && r.b <= boxes.felt.b, `seat ${i} inside the felt: ${JSON.stringify(r)} in ${JSON.stringify(boxes.felt)}`);
  }
  for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) {
    const a = boxes.seats[i], b = boxes.seats[j];
    assert.ok(a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t, `seats ${i} and ${j} do not overlap`);
  }
  return boxes;
}

/** Plays our decisions until `stop(s, what)` or the match result; returns the number of cards played. */
async function play(page, stop, shots = {}) {
  let seenV = 0, plays = 0, deals = 0;
  for (let guard = 0; guard < 2000; guard++) {
    const what = await waitForDecision(page, seenV, 60000);
    if (what === 'match') break;
    if (what === 'result') {
      deals++;
      if (shots.result && deals === 1) {
        await page.waitForTimeout(300); // the dialog has faded in
        await noFlyingTrick(page);
        await page.screenshot({ path: path.join(SHOTS, shots.result) });
      }
      await closeDealResult(page);
      continue;
    }
    const s = await state(page);
    seenV = s.v;
    if (stop(s, what, plays)) return { plays, deals, stopped: true };
    const lastTurn = (await eventsOf(page, 'turn', s.table)).at(-1);
    assert.equal(lastTurn.seat, 0);
    assert.deepEqual(s.legal, lastTurn.legal, 'the client keeps the legal list as the server sent it');
    if (what === 'auction') {
      const shown = await page.locator('[data-testid="auction"] button:not([disabled])').evaluateAll((bs) => bs.map((b) => b.dataset.testid).sort());
      assert.deepEqual(shown, lastTurn.legal.map((a) => (a.type === 'name' ? `call-name-${a.suit}` : `call-${a.type}`)).sort());
      const pick = shown.find((b) => b === 'call-take') || shown.find((b) => b.startsWith('call-name-')) || 'call-pass';
      await byId(page, pick).click();
      continue;
    }
    const cards = await page.locator('[data-testid="hand"] .card').evaluateAll((es) => es.map((e) => ({ card: e.dataset.card, disabled: e.disabled })));
    const tricks = s.tricks_won.reduce((a, b) => a + b, 0);
    assert.equal(cards.length, 8 - tricks, 'eight cards each, one fewer per trick');
    const legal = new Set(lastTurn.legal.filter((a) => a.type === 'play').map((a) => a.card));
    for (const c of cards) assert.equal(c.disabled, !legal.has(c.card), `${c.card} clickable iff legal`);
    // The others' cards of the trick sit at their own places on the felt.
    for (const c of s.trick.done ? [] : s.trick.cards) await byId(page, `trick-seat-${c.seat}`).waitFor();
    if (shots.play && !shots.taken && !s.trick.done && s.trick.cards.length === 2 && tricks >= 1) {
      await noFlyingTrick(page);
      await page.waitForTimeout(250);
      await page.screenshot({ path: path.join(SHOTS, shots.play) });
      shots.taken = true;
    }
    const choice = cards.find((c) => !c.disabled).card;
    await byId(page, `card-${choice}`).click();
    plays++;
  }
  return { plays, deals, stopped: false };
}

test('three_player: the chief\'s form offers every rule option of the variant, and the server takes them', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Tri');
  const table = await threeSeatTable(page, 301);
  assert.equal(await byId(page, 'chat-input').inputValue(), '', 'the chat box starts empty');
  await byId(page, 'rule-options-toggle').click();
  // The groups of a three-player table, and no others (no partners, no litige, no announcements).
  const groups = await page.locator('[data-testid^="rule-group-"]').evaluateAll((es) => es.map((e) => e.dataset.testid));
  assert.deepEqual(groups, ['rule-group-common', 'rule-group-deal', 'rule-group-play', 'rule-group-belote', 'rule-group-three_player']);
  const options = await page.locator('[data-testid="rule-options"] [data-testid^="rule-hint-"]').evaluateAll((es) => es.map((e) => [e.dataset.testid.slice(10), e.textContent]));
  assert.deepEqual(options.map(([n]) => n), ['direction', 'shuffle_policy', 'cut_min_packet', 'redeal_dealer', 'classic_first_deal',
    'round2_allow_turned_suit', 'must_undertrump', 'belote_announcement', 'belote_king_first', 'three_player_deck',
    'three_player_success', 'three_player_failure', 'three_player_capot']);
  for (const [name, hint] of options) assert.ok(hint.length > 20 && !hint.startsWith('ruleHint.'), `${name} has its one-line explanation`);
  // 24 cards: a cut keeps at most 12 in a packet.
  assert.equal(await byId(page, 'rule-cut_min_packet').locator('option').count(), 12);
  await byId(page, 'rule-three_player_deck').selectOption('32');
  await page.locator('[data-testid="rule-cut_min_packet"] option[value="16"]').waitFor({ state: 'attached' });
  await byId(page, 'rule-three_player_deck').selectOption('24');
  await byId(page, 'rule-three_player_success').selectOption('beat_combined');
  await byId(page, 'rule-three_player_capot').selectOption('shut_out_50');
  await byId(page, 'rule-must_undertrump').uncheck();
  await byId(page, 'rule-direction').selectOption('clockwise');
  assert.equal(await byId(page, 'rule-options-toggle').textContent(), 'Rule options (4 changed)');
  await byId(page, 'rule-group-three_player').scrollIntoViewIfNeeded();
  await byId(page, 'options').screenshot({ path: path.join(SHOTS, 'options-three-player.png') });
  await byId(page, 'chat-input').fill('à trois');
  await byId(page, 'options-save').click();
  await byId(page, 'rules-summary').waitFor();
  assert.equal(await byId(page, 'chat-input').inputValue(), 'à trois', 'saving the options leaves the chat draft alone');
  const options_ = (await eventsOf(page, 'table_options', table)).at(-1).options;
  assert.deepEqual(options_.rules, { direction: 'clockwise', must_undertrump: false, three_player_success: 'beat_combined', three_player_capot: 'shut_out_50' });
  // Clockwise: the next seat (1) is drawn on the left, the one after (2) on the right.
  await page.locator('[data-testid="seat-1"].pos-left').waitFor();
  await page.locator('[data-testid="seat-2"].pos-right').waitFor();
  await byId(page, 'start').click();
  await page.locator('[data-testid="table-view"]:not([data-phase="not_started"])').waitFor();
  const started = (await eventsOf(page, 'match_started', table)).at(-1);
  assert.equal(started.rules.three_player_success, 'beat_combined');
  assert.equal(started.rules.direction, 'clockwise');
  assert.equal(started.rules.must_undertrump, false);
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});

test('three_player: a person and two robots play a match to 301 by clicking (desktop)', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Trio');
  const table = await threeSeatTable(page, 301);
  await seatsLaidOut(page);
  await byId(page, 'start').click();
  const { plays, deals } = await play(page, () => false, { play: 'table-three-player.png', result: 'deal-result-three-player.png' });
  assert.ok(plays >= 8 && deals >= 1, `we played (${plays} cards, ${deals} deals)`);
  await byId(page, 'match-result').waitFor();
  const ended = (await eventsOf(page, 'match_ended', table)).at(-1);
  assert.equal(ended.totals.length, 3, 'three totals');
  const s = await state(page);
  assert.deepEqual(s.totals, ended.totals);
  // Three scores on the scoreboard (ours first), the winner reached 301 with the highest total.
  for (const seat of [0, 1, 2]) assert.equal(Number(await byId(page, `totals-${seat}`).textContent()), ended.totals[seat]);
  assert.ok(ended.totals[ended.winner] >= 301);
  for (const seat of [0, 1, 2]) if (seat !== ended.winner) assert.ok(ended.totals[seat] < ended.totals[ended.winner]);
  const sums = [0, 0, 0];
  for (const e of await eventsOf(page, 'deal_scored', table)) {
    assert.equal(e.score.score.length, 3);
    e.score.score.forEach((x, i) => { sums[i] += x; });
  }
  assert.deepEqual(sums, ended.totals, 'the deal scores add up to the totals');
  const final = await byId(page, 'final-score').textContent();
  for (const name of ['Trio', 'Robot 2', 'Robot 3']) assert.ok(final.includes(name), `${name} in "${final}"`);
  await page.screenshot({ path: path.join(SHOTS, 'match-result-three-player.png') });
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});

test('three_player on a phone (390x844): three seats readable, tricks played by tapping', async () => {
  const page = await openPage(browser, { width: 390, height: 844 });
  await signIn(page, 'Pho');
  await threeSeatTable(page, 301);
  await seatsLaidOut(page);
  await byId(page, 'start').click();
  const shots = { play: 'table-three-player-phone.png' };
  const { plays } = await play(page, (s, what, n) => what === 'play' && n >= 10 && shots.taken, shots);
  assert.ok(plays >= 10, `we played ${plays} cards`);
  await seatsLaidOut(page);
  // The hand fits the screen: no card is cut off on the right.
  const right = await page.locator('[data-testid="hand"] .card').evaluateAll((es) => Math.max(...es.map((e) => e.getBoundingClientRect().right)));
  assert.ok(right <= 390, `the hand fits (${right})`);
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});
