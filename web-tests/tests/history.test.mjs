// Browser tests of the match history and the replay viewer (issue 12): a short match against
// robots, then History lists it with its result and score, and the replay viewer steps through
// it deal by deal and trick by trick, showing what was played (see ../run.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, closeDealResult, playFirstLegalToEnd, SHOTS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const eventsOf = (page, type, table) => page.evaluate(([type, table]) => window.__beloteDebug.events(type).filter((e) => e.table === table), [type, table]);

/** What the replay viewer shows now. */
const shown = (page) => page.evaluate(() => {
  const view = document.querySelector('[data-testid="replay-view"]');
  const text = (id) => { const e = document.querySelector(`[data-testid="${id}"]`); return e ? e.textContent : null; };
  const hands = [...document.querySelectorAll('[data-testid^="replay-hand-"]')].map((e) => ({
    seat: Number(e.dataset.testid.slice('replay-hand-'.length)),
    cards: [...e.querySelectorAll('.card')].map((c) => c.dataset.card).sort(),
    played: [...e.querySelectorAll('.card.played')].map((c) => c.dataset.card).sort(),
  })).sort((a, b) => a.seat - b.seat);
  const trick = [...document.querySelectorAll('[data-testid="replay-trick"] .replay-slot')].map((s) => ({ seat: Number(s.dataset.seat), card: s.querySelector('.card').dataset.card, winner: s.classList.contains('winner') }));
  return {
    step: Number(view.dataset.step), deal: Number(view.dataset.deal), trick: Number(view.dataset.trick),
    dealNo: text('replay-deal-no'), trickNo: text('replay-trick-no'), result: text('replay-trick-result'),
    dealScore: text('replay-deal-score'), final: text('replay-final'), contract: text('replay-contract'),
    hands, trickCards: trick, scoreRows: document.querySelectorAll('[data-testid^="replay-score-"]').length,
    nextDisabled: document.querySelector('[data-testid="replay-next-trick"]').disabled,
    prevDisabled: document.querySelector('[data-testid="replay-prev-trick"]').disabled,
  };
});

const noHorizontalScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a match against robots is in History; the replay viewer steps through its deals and tricks', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Hist');
  const table = await createTable(page, '301');
  await sitAndFillWithRobots(page, 0);
  await byId(page, 'start').click();
  await playFirstLegalToEnd(page, table);
  const ended = (await eventsOf(page, 'match_ended', table))[0];
  const scored = await eventsOf(page, 'deal_scored', table);
  const started = await eventsOf(page, 'deal_started', table);
  const contracts = await eventsOf(page, 'contract', table);
  const tricks = await eventsOf(page, 'trick_won', table);
  const thrownIn = await eventsOf(page, 'deal_thrown_in', table);
  assert.ok(ended, 'the match ended');
  assert.equal(scored.length + thrownIn.length, started.length);

  // History: the match, with its result and the score from our side (team 0) first.
  await closeDealResult(page); // the last deal's result, then the match's
  await byId(page, 'match-result-lobby').click();
  await byId(page, 'open-history').click();
  const item = byId(page, `match-${table}-1`);
  await item.waitFor();
  assert.equal(await byId(page, 'match-list').locator('li').count(), 1);
  const won = ended.winner === 0;
  assert.equal(await item.getAttribute('data-result'), won ? 'won' : 'lost');
  assert.equal(await item.locator('[data-testid="history-result"]').textContent(), won ? 'Won' : 'Lost');
  assert.equal(await item.locator('[data-testid="match-totals"]').textContent(), `Score ${ended.totals[0]} – ${ended.totals[1]}`);
  assert.equal(await item.locator('[data-testid="match-partners"]').textContent(), 'With Robot 3 (bot)');
  assert.equal(await item.locator('[data-testid="match-opponents"]').textContent(), 'Against Robot 2 (bot), Robot 4 (bot)');
  assert.match(await item.textContent(), /Classic/);
  assert.equal(await byId(page, 'history-more').count(), 0); // one page
  await page.screenshot({ path: path.join(SHOTS, 'history.png') });

  // The replay viewer: deal 1, the hands dealt.
  await byId(page, `replay-${table}-1`).click();
  await page.locator('[data-testid="replay-view"][data-ready="true"]').waitFor();
  let s = await shown(page);
  const deals = started.length;
  assert.equal(s.dealNo, `Deal 1 of ${deals}`);
  assert.equal(s.trickNo, 'Cards dealt');
  assert.equal(s.prevDisabled, true);
  assert.equal(s.hands.length, 4);
  const firstPlayed = thrownIn.length === 0 || thrownIn[0].v > contracts[0].v; // deal 1 was played out
  assert.equal(s.scoreRows, firstPlayed ? 0 : 1); // a thrown-in deal has its row at once
  if (firstPlayed) {
    for (const hand of s.hands) assert.equal(hand.cards.length, 8);
    assert.deepEqual(s.hands[0].cards, [...contracts[0].hand].sort()); // our hand, as the contract event gave it
    assert.ok(s.contract.startsWith('Contract: '), s.contract);
    await page.screenshot({ path: path.join(SHOTS, 'replay-deal.png') });

    // Trick by trick: the cards, the winner and the points heard live; the hands before each trick.
    for (let k = 1; k <= 8; k++) {
      await byId(page, 'replay-next-trick').click();
      s = await shown(page);
      const live = tricks[k - 1];
      assert.equal(s.trickNo, `Trick ${k} of 8`);
      assert.deepEqual(s.trickCards.map((c) => [c.seat, c.card]), live.cards.map((c) => [c.seat, c.card]));
      assert.deepEqual(s.trickCards.filter((c) => c.winner).map((c) => c.seat), [live.winner]);
      assert.match(s.result, new RegExp(`wins ${live.points} points$`));
      for (const hand of s.hands) {
        assert.equal(hand.cards.length, 9 - k);
        assert.deepEqual(hand.played, [live.cards.find((c) => c.seat === hand.seat).card]);
      }
      if (k === 4) await page.screenshot({ path: path.join(SHOTS, 'replay-trick.png') });
      if (k < 8) assert.equal(s.dealScore, null);
    }
    // After the last trick: the deal's score, and its row in the scores.
    assert.equal(s.dealScore, `Deal score ${scored[0].score.score.join(' – ')} · totals ${scored[0].totals.join(' – ')}`);
    assert.equal(s.scoreRows, 1);
    // Next: the next deal's hands; back: the last trick again.
    await byId(page, 'replay-next-trick').click();
    s = await shown(page);
    assert.equal(s.dealNo, `Deal 2 of ${deals}`);
    assert.equal(s.trickNo, 'Cards dealt');
    await byId(page, 'replay-prev-trick').click();
    s = await shown(page);
    assert.equal(s.dealNo, `Deal 1 of ${deals}`);
    assert.equal(s.trickNo, 'Trick 8 of 8');
  }

  // Deal by deal to the last one, then trick by trick to the end: the final result and every score row.
  for (let d = 2; d <= deals; d++) {
    await byId(page, 'replay-next-deal').click();
    s = await shown(page);
    assert.equal(s.dealNo, `Deal ${d} of ${deals}`);
    assert.equal(s.trickNo, 'Cards dealt');
  }
  assert.equal(await byId(page, 'replay-next-deal').isDisabled(), true);
  while (!(await shown(page)).nextDisabled) await byId(page, 'replay-next-trick').click();
  s = await shown(page);
  assert.equal(s.scoreRows, deals);
  assert.equal(s.dealScore, `Deal score ${scored.at(-1).score.score.join(' – ')} · totals ${ended.totals.join(' – ')}`);
  const winners = ended.winner === 0 ? 'Hist & Robot 3' : 'Robot 2 & Robot 4'; // robots numbered like the seats, from 1
  assert.equal(s.final, `${winners} win the match, ${ended.totals.join(' – ')}`);
  await page.screenshot({ path: path.join(SHOTS, 'replay-end.png'), fullPage: true });
  assert.deepEqual(page.pageErrors, []);

  // The same on a phone: no sideways scrolling, the controls work.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const mobile = await phone.newPage();
  mobile.pageErrors = [];
  mobile.on('pageerror', (e) => mobile.pageErrors.push(e));
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('belote.token'), nick: localStorage.getItem('belote.nickname') }));
  await mobile.addInitScript((stored) => {
    localStorage.setItem('belote.token', stored.token);
    localStorage.setItem('belote.nickname', stored.nick);
  }, stored);
  await page.close(); // the phone takes the session over
  await mobile.goto(new URL(page.url()).origin);
  await mobile.locator('#lobby').waitFor({ state: 'visible' });
  await byId(mobile, 'open-history').click();
  await byId(mobile, `match-${table}-1`).waitFor();
  assert.equal(await noHorizontalScroll(mobile), true);
  await mobile.screenshot({ path: path.join(SHOTS, 'history-phone.png') });
  await byId(mobile, `replay-${table}-1`).click();
  await mobile.locator('[data-testid="replay-view"][data-ready="true"]').waitFor();
  for (let k = 0; k < 3; k++) await byId(mobile, 'replay-next-trick').click();
  s = await shown(mobile);
  assert.equal(s.step, 3);
  assert.equal(await noHorizontalScroll(mobile), true);
  await mobile.screenshot({ path: path.join(SHOTS, 'replay-phone.png'), fullPage: true });
  assert.deepEqual(mobile.pageErrors, []);
  await phone.close();
});

test('a cancelled match shows as cancelled, and its replay ends in the deal it stopped in', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Quits');
  const table = await createTable(page, '301');
  await sitAndFillWithRobots(page, 0);
  await byId(page, 'start').click();
  // The only human: a proposal cancels at once.
  await page.waitForFunction((table) => { const s = window.__beloteDebug.state(table); return s && s.deal >= 1; }, table);
  const sent = await page.evaluate((table) => window.__beloteDebug.send({ type: 'propose_cancel', table }), table);
  assert.equal(sent.ok, true, JSON.stringify(sent));
  await page.waitForFunction((table) => window.__beloteDebug.events('match_cancelled').some((e) => e.table === table), table);
  await byId(page, 'back-to-lobby').click();
  await byId(page, 'open-history').click();
  const item = byId(page, `match-${table}-1`);
  await item.waitFor();
  assert.equal(await item.getAttribute('data-result'), 'cancelled');
  assert.equal(await item.locator('[data-testid="history-result"]').textContent(), 'Cancelled');
  assert.equal(await item.locator('[data-testid="match-totals"]').textContent(), 'Score 0 – 0');
  await byId(page, `replay-${table}-1`).click();
  await page.locator('[data-testid="replay-view"][data-ready="true"]').waitFor();
  while (!(await shown(page)).nextDisabled) await byId(page, 'replay-next-trick').click();
  assert.equal(await byId(page, 'replay-unfinished').textContent(), 'The match was cancelled during this deal.');
  assert.equal(await byId(page, 'replay-final').count(), 0);
  assert.deepEqual(page.pageErrors, []);
});

test('History shows 20 matches, then "More matches" adds the older ones', async () => {
  const page = await openPage(browser, { width: 390, height: 844 });
  await signIn(page, 'Pages');
  const table = await createTable(page, '301');
  await sitAndFillWithRobots(page, 0);
  // 21 matches, each cancelled at once (the only human proposes), through the page's connection.
  const replies = await page.evaluate(async (table) => {
    const send = window.__beloteDebug.send;
    const out = [];
    for (let n = 0; n < 21; n++) {
      out.push((await send({ type: 'start', table })).ok);
      out.push((await send({ type: 'propose_cancel', table })).ok);
    }
    return out;
  }, table);
  assert.deepEqual(replies, Array(42).fill(true));
  await byId(page, 'back-to-lobby').click();
  await byId(page, 'open-history').click();
  await byId(page, `match-${table}-21`).waitFor();
  assert.equal(await byId(page, 'match-list').locator('li').count(), 20);
  // Newest first: 21 down to 2.
  const first = await byId(page, 'match-list').locator('li').first().getAttribute('data-testid');
  assert.equal(first, `match-${table}-21`);
  await byId(page, 'history-more').click();
  await byId(page, `match-${table}-1`).waitFor();
  assert.equal(await byId(page, 'match-list').locator('li').count(), 21);
  assert.equal(await byId(page, 'history-more').count(), 0);
  assert.equal(await noHorizontalScroll(page), true);
  assert.deepEqual(page.pageErrors, []);
});
