// Browser tests of the fifth pass over the table (see ../README.md): a fresh tester's defects: the
// move timer's automatic move in a coinche auction, a table opened from the lobby without sitting or
// watching, two players of one name, the large cards on a phone, the sign-up form left open, the
// table's tools below the fold, a cancel vote missed from the lobby, quick chat in each reader's
// language, and the minor ones.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { byId, send, atATable, inDeal, launchFrom, pageLobbyUntil, inViewport, noFlyingTrick, openPage, signIn, playFirstLegalUntil, playFirstLegalToEnd, showTable, BASE_URL, SHOTS, PRIVATE } from './helpers.mjs';

let browser;
before(async () => { browser = await launchFrom('10.14.5.1'); });
after(async () => { await browser?.close(); });

const liveLines = (page) => page.locator('[data-testid="live-region"] p').allTextContents();

test('coinche with a time per move: the move made when the time ran out is a pass, said as automatic in the log, the note and the live region', async () => {
  // Four idle people, not robots: a robot passes at once, so after her automatic pass the deal could
  // be over (and her note gone with it) before the page is looked at; people take their 5 s each.
  const { pages, table } = await atATable(browser, ['Tina', 'Ugo', 'Vic', 'Wes'], { variant: 'coinche', target: 1000,
    options: { ...PRIVATE, turn_time: 5 }, viewport: { width: 1366, height: 657 } });
  const [tina] = pages;
  assert.ok((await send(tina, { type: 'start', table })).ok);
  await tina.locator('[data-testid="table-view"][data-my-turn="true"][data-phase="auction"]').waitFor({ timeout: 30000 });
  await tina.waitForFunction(() => window.__beloteDebug.events('auto_move').some((e) => e.seat === 0), null, { timeout: 10000, polling: 100 });
  const call = await tina.evaluate(() => {
    const events = window.__beloteDebug.events();
    const at = events.findIndex((e) => e.type === 'auto_move' && e.seat === 0);
    return events.slice(at + 1).find((e) => e.type === 'auction_call' && e.seat === 0);
  });
  assert.equal(call.call, 'pass'); // never a bid in her name (docs/protocol.md "Time per move")
  const said = 'Tina (you): Pass (automatic: out of time).';
  await byId(tina, 'auto-move-note').waitFor();
  assert.equal(await byId(tina, 'auto-move-note').textContent(), said);
  assert.ok((await tina.evaluate(() => window.__beloteDebug.state().log)).includes(said));
  await tina.locator('[data-testid="live-region"] p', { hasText: said }).first().waitFor({ state: 'attached' });
  assert.ok((await liveLines(tina)).includes('Tina (you): out of time, the move is made automatically.'), JSON.stringify(await liveLines(tina)));
  await noFlyingTrick(tina);
  await tina.screenshot({ path: path.join(SHOTS, 'coinche-automatic-pass-1366x657.png') });

  // A coinche call worded by the variant (a bid, a contre) keeps its mark too: the client's own
  // handling of such a call, fed to the state module the page runs.
  const line = await tina.evaluate(async () => {
    const { applyEvent } = await import('/js/state.js');
    const s = window.__beloteDebug.state();
    const v = s.v;
    applyEvent(s, { type: 'auto_move', table: s.id, v: v + 1, seat: 0, reason: 'timeout' }, () => 'Tina (you)');
    applyEvent(s, { type: 'auction_call', table: s.id, v: v + 2, seat: 0, call: 'bid', value: 80, suit: 'H' }, () => 'Tina (you)');
    return [s.log[s.log.length - 1], s.autoMoveNote];
  });
  assert.deepEqual(line, ['Tina (you): 80 ♥ (automatic: out of time).', 'Tina (you): 80 ♥ (automatic: out of time).']);
  for (const page of pages) await page.context().close();
});

/** Clicks the lobby's button for `table` (pages on with "More tables" until it is listed). */
async function openFromLobby(page, table) {
  const open = byId(page, `open-${table}`);
  await pageLobbyUntil(page, open);
  await open.click();
  await page.locator(`[data-testid="table-view"][data-table="${table}"]`).waitFor();
}

test('a table opened from the lobby without sitting or watching shows its real chief and spectators, no chief controls, and the chat only once watching', async () => {
  const ana = await openPage(browser);
  await signIn(ana, 'Ana');
  const r = await send(ana, { type: 'create_table', variant: 'classic', target: 301 });
  assert.ok(r.ok, JSON.stringify(r));
  const table = r.reply.table;
  assert.ok((await send(ana, { type: 'sit', table, seat: 0 })).ok);
  assert.ok((await send(ana, { type: 'add_robot', table, seat: 1 })).ok);
  const cy = await openPage(browser);
  await signIn(cy, 'Cy');
  assert.ok((await send(cy, { type: 'watch', table })).ok);

  const bo = await openPage(browser);
  await signIn(bo, 'Bo');
  await openFromLobby(bo, table); // "Join": free seats, Bo has not sat yet
  await bo.locator('[data-testid="chief"]', { hasText: 'Ana' }).waitFor();
  assert.equal(await byId(bo, 'chief').textContent(), '★ Chief: Ana');
  assert.equal(await byId(bo, 'spectator-count').textContent(), '1 watching');
  assert.equal(await bo.locator('[data-testid$="-add-robot"]').count(), 0); // Ana is the chief, not Bo
  assert.equal(await byId(bo, 'chat-input').count(), 0);
  assert.equal(await byId(bo, 'chat-closed').textContent(), 'Watch the table to chat.Watch');
  assert.equal(await byId(bo, 'seat-2-sit').count(), 1); // he may still sit
  assert.equal(await byId(bo, 'hand').textContent(), 'You are not watching this table yet.');
  await bo.screenshot({ path: path.join(SHOTS, 'table-visitor-from-lobby.png') });

  // Watching opens the chat, which the server takes.
  await byId(bo, 'visitor-watch').click();
  await byId(bo, 'chat-input').fill('hello');
  await byId(bo, 'chat-send').click();
  await bo.locator('[data-testid="chat-line"]', { hasText: 'hello' }).waitFor();
  assert.equal(await byId(bo, 'error-message').count(), 0);
  for (const page of [ana, bo, cy]) await page.context().close();
});

test('a second person cannot take the nickname of a player connected now: the login screen says so, in French too', async () => {
  const nina = await openPage(browser);
  await signIn(nina, 'Nina');
  for (const [locale, said] of [['en-US', 'Someone connected now already uses that name: choose another nickname.'],
    ['fr-FR', 'Quelqu’un de connecté utilise déjà ce nom : choisissez un autre pseudo.']]) {
    const other = await openPage(browser, undefined, { locale });
    await byId(other, 'nickname').fill('nina');
    await byId(other, 'hello').click();
    const error = other.locator('[data-testid="error-message"]', { hasText: said });
    await error.waitFor();
    assert.equal(await other.evaluate(() => window.__beloteDebug.player), null);
    await byId(other, 'nickname').waitFor(); // still on the login screen: another name goes through
    await byId(other, 'nickname').fill(`Nina ${locale}`);
    await byId(other, 'hello').click();
    await byId(other, 'table-list').waitFor({ state: 'attached' });
    await other.context().close();
  }
  await nina.context().close();
});

test('the creator of a table sits at once in its first seat, as its chief', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Cria');
  await byId(page, 'create-target').selectOption('301');
  await byId(page, 'create-table').click();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  assert.equal(await byId(page, 'seat-0-name').textContent(), 'Cria (you)');
  await page.locator('[data-testid="chief"][data-chief="0"]').waitFor();
  assert.equal(await page.locator('[data-testid$="-sit"]').count(), 0);
  assert.equal(await byId(page, 'seat-1-add-robot').count(), 1);
  await page.context().close();
});

test('large cards at 375 and 390 px: the whole hand fits, every card in view and reachable by a tap', async () => {
  for (const width of [375, 390]) {
    const { pages: [page], table } = await atATable(browser, ['Lara'], { options: PRIVATE, viewport: { width, height: 740 } });
    await page.evaluate(() => localStorage.setItem('belote.settings', JSON.stringify({ cardSize: 'large' })));
    await page.reload();
    await page.locator('body[data-card-size="large"]').waitFor();
    assert.ok((await send(page, { type: 'start', table })).ok);
    await playFirstLegalUntil(page, table, (s) => s.phase === 'play' && s.hand.length === 8 && s.to_act === s.seat);
    await page.locator('[data-testid="hand"][data-count="8"].playing').waitFor();
    await byId(page, 'hand').scrollIntoViewIfNeeded();
    const cards = await page.locator('[data-testid="hand"] .card').evaluateAll((es) => es.map((e, i) => {
      const b = e.getBoundingClientRect();
      const next = es[i + 1] ? es[i + 1].getBoundingClientRect().left : b.right;
      const x = (b.left + Math.min(next, b.right)) / 2;
      const hit = document.elementFromPoint(x, b.top + b.height / 2);
      return { left: b.left, right: b.right, strip: Math.min(next, b.right) - b.left, reached: !!hit && hit.closest('.card') === e };
    }));
    assert.equal(cards.length, 8);
    for (const [i, c] of cards.entries()) {
      assert.ok(c.left >= 0 && c.right <= width, `${width} px: card ${i} at ${c.left}..${c.right}`);
      assert.ok(c.strip >= 24, `${width} px: card ${i} shows ${c.strip} px`);
      assert.ok(c.reached, `${width} px: card ${i} is under another element`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, 'no horizontal scroll');
    await noFlyingTrick(page);
    if (width === 375) await page.screenshot({ path: path.join(SHOTS, 'large-cards-375.png') });
    await page.context().close();
  }
});

test('the sign-up form closes when the player goes to another screen (a table, History) instead of pushing it down', async () => {
  const page = await openPage(browser, { width: 1366, height: 657 });
  await signIn(page, 'Sina');
  await byId(page, 'signup').click();
  await byId(page, 'signup-username').fill('sina_half_typed');
  assert.equal(await byId(page, 'signup-panel').isVisible(), true);
  await byId(page, 'create-table').click();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor();
  assert.equal(await byId(page, 'signup-panel').isHidden(), true);
  const felt = await byId(page, 'felt').boundingBox();
  assert.ok(felt.y < 200, `the table starts at y ${felt.y}`);
  // Opened again on the table, it closes on the way back to the lobby and to History.
  await byId(page, 'signup').click();
  assert.equal(await byId(page, 'signup-panel').isVisible(), true);
  await byId(page, 'back-to-lobby').click();
  await page.locator('#lobby').waitFor({ state: 'visible' });
  assert.equal(await byId(page, 'signup-panel').isHidden(), true);
  await byId(page, 'signup').click();
  await byId(page, 'open-history').click();
  await page.locator('#history').waitFor({ state: 'visible' });
  assert.equal(await byId(page, 'signup-panel').isHidden(), true);
  await page.context().close();
});

test('a player who went to the lobby in mid-match is told of a cancel vote there, votes from the lobby, and can go back to his seat', async () => {
  const { pages: [ana, bia], table } = await atATable(browser, ['Ana', 'Bia'], { options: PRIVATE, target: 1000 });
  assert.ok((await send(ana, { type: 'start', table })).ok);
  await inDeal(bia);
  await byId(bia, 'back-to-lobby').click();
  await bia.locator('#lobby').waitFor({ state: 'visible' });
  assert.ok((await send(ana, { type: 'propose_cancel', table })).ok);

  const notice = byId(bia, `lobby-cancel-${table}`);
  await notice.waitFor();
  assert.match(await byId(bia, 'lobby-cancel-text').textContent(), new RegExp(`^Ana proposes to cancel the match at table ${table} \\((30|[12]\\d) s\\)$`));
  for (const button of ['lobby-cancel-accept', 'lobby-cancel-refuse', 'lobby-cancel-open']) assert.equal(await inViewport(bia, byId(bia, button)), true, button);
  await bia.locator('[data-testid="live-region"] p', { hasText: 'Ana proposes to cancel the match' }).waitFor({ state: 'attached' });
  await bia.screenshot({ path: path.join(SHOTS, 'cancel-vote-in-lobby.png') });
  // "Back to my seat" shows the proposal on the felt; from the lobby again, her vote goes through.
  await byId(bia, 'lobby-cancel-open').click();
  await byId(bia, 'cancel-prompt').waitFor();
  await byId(bia, 'back-to-lobby').click();
  await byId(bia, 'lobby-cancel-accept').click();
  await ana.locator('[data-testid="table-view"][data-phase="finished"]').waitFor();
  await byId(bia, `lobby-cancel-${table}`).waitFor({ state: 'detached' });
  assert.equal(await byId(bia, 'lobby-notices').isHidden(), true);
  for (const page of [ana, bia]) await page.context().close();
});

test('a quick-chat phrase is said in each reader\'s language (French, English, Portuguese), an emote drawn and named in it, also after a reload', async () => {
  const { pages: [zoe, yan, ines], table } = await atATable(browser, ['Zoe', 'Yan', 'Ines'], { options: PRIVATE, locales: ['fr-FR', 'en-US', 'pt-BR'] });
  await byId(zoe, 'quick-wellPlayed').click();
  for (const [page, said] of [[zoe, 'Zoe (vous) : Bien joué !'], [yan, 'Zoe: Well played!'], [ines, 'Zoe: Bem jogado!']]) {
    await page.locator('[data-testid="chat-line"]', { hasText: said.split(/ ?: /).pop() }).waitFor();
    assert.equal(await page.locator('[data-testid="chat-line"]').textContent(), said);
  }
  const sent = (await zoe.evaluate(() => window.__beloteDebug.events('chat')))[0];
  assert.equal(sent.phrase, 'well_played');
  // An emote, drawn (no emoji font needed) and named in the reader's language.
  await byId(yan, 'emote-heart').click();
  const heart = ines.locator('[data-testid="chat-emote"][data-emote="heart"]');
  await heart.waitFor();
  assert.equal(await heart.getAttribute('aria-label'), 'Coração');
  assert.equal(await heart.locator('svg[data-icon="heart"]').count(), 1);
  await zoe.locator('[data-testid="chat-emote"][data-emote="heart"]').waitFor();
  assert.equal(await zoe.locator('[data-testid="chat-emote"][data-emote="heart"]').getAttribute('aria-label'), 'Cœur');
  await ines.reload(); // the snapshot's chat keeps the phrase's key
  await ines.locator('[data-testid="chat-line"]', { hasText: 'Bem jogado!' }).waitFor();
  await noFlyingTrick(ines);
  await ines.screenshot({ path: path.join(SHOTS, 'quick-chat-pt.png'), fullPage: true });
  for (const page of [zoe, yan, ines]) await page.context().close();
});

test('minor ones: robots numbered like the seats (from 1), "Copied" that goes back to "Copy", the ✓ on the winner\'s score only', async () => {
  const page = await openPage(browser, { width: 1366, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signIn(page, 'Mina');
  const r = await send(page, { type: 'create_table', variant: 'classic', target: 301, private: true });
  const { table, invite } = r.reply;
  assert.ok((await send(page, { type: 'sit', table, seat: 1, invite })).ok);
  for (const seat of [0, 2, 3]) assert.ok((await send(page, { type: 'add_robot', table, seat })).ok); // the server names seat 0's "Robot 0"
  await showTable(page, table);
  assert.deepEqual(await Promise.all([0, 2, 3].map((seat) => byId(page, `seat-${seat}-name`).textContent())), ['Robot 1', 'Robot 3', 'Robot 4']);

  await byId(page, 'copy-invite').click();
  await page.locator('[data-testid="copy-invite"]', { hasText: 'Copied' }).waitFor();
  await page.locator('[data-testid="copy-invite"]', { hasText: /^Copy$/ }).waitFor({ timeout: 4000 });

  // A match played to its end: only the winner's score is ticked.
  await byId(page, 'start').click();
  await playFirstLegalToEnd(page, table);
  await byId(page, 'deal-result-close').click();
  await byId(page, 'match-result-stay').click();
  // The state and the drawn scoreboard, read together: the page draws a state at the next frame.
  const shown = () => {
    const ticked = (e) => getComputedStyle(e.querySelector('.score-label'), '::after').content.includes('✓');
    const ticks = Object.fromEntries([...document.querySelectorAll('[data-testid^="score-"]')].map((e) => [e.dataset.testid, ticked(e)]));
    return { winner: window.__beloteDebug.state().winner, ticks };
  };
  const agree = ({ winner, ticks }) => winner != null && ticks['score-0'] === (winner === 0) && ticks['score-1'] === (winner === 1);
  await page.waitForFunction(`(${agree})((${shown})())`, null, { timeout: 5000, polling: 50 }).catch(() => {});
  const { winner, ticks } = await page.evaluate(shown);
  assert.deepEqual(ticks, { 'score-0': winner === 0, 'score-1': winner === 1 });
  await noFlyingTrick(page);
  // The ticked scoreboard sits at the top, above the options (the page redraws it, so no locator).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, 'match-end-winner-ticked.png') });
  await page.context().close();
});

test('at 1366×657 the "i", Scores and Last trick buttons are in view beside the hand, without scrolling', async () => {
  const { pages: [page], table } = await atATable(browser, ['Tess'], { options: PRIVATE, target: 1000, viewport: { width: 1366, height: 657 } });
  assert.ok((await send(page, { type: 'start', table })).ok);
  await playFirstLegalUntil(page, table, (s) => s.phase === 'play' && s.last_trick != null && s.to_act === s.seat);
  await page.evaluate(() => window.scrollTo(0, 0));
  const cards = await page.locator('[data-testid="hand"] .card').evaluateAll((es) => es.map((e) => {
    const b = e.getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
  }));
  for (const id of ['tool-info', 'tool-history', 'last-trick-toggle', 'tool-four-colour']) {
    assert.equal(await inViewport(page, byId(page, id)), true, `${id} at ${JSON.stringify(await byId(page, id).boundingBox())}`);
    const box = await byId(page, id).evaluate((e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; });
    assert.ok(cards.every((c) => !(box.left < c.right && c.left < box.right && box.top < c.bottom && c.top < box.bottom)), `${id} covers a card`);
  }
  await byId(page, 'last-trick-toggle').click();
  await byId(page, 'last-trick').waitFor();
  await noFlyingTrick(page);
  await page.screenshot({ path: path.join(SHOTS, 'table-tools-1366x657.png') });
  await page.context().close();
});

test('the table log keeps its last 40 lines, whether the line comes from the table or from its variant', async () => {
  const page = await openPage(browser);
  const logs = await page.evaluate(async () => {
    const { applyEvent } = await import('/js/state.js');
    const { LOG_LINES } = await import('/js/table-log.js');
    const s = { v: 0, synced: true, seat: 0, legal: [], log: Array.from({ length: LOG_LINES }, (_, i) => `line ${i}`) };
    applyEvent(s, { type: 'melds_shown', team: 0, points: 50, melds: [] }); // a line of the variant (announcements)
    const afterVariant = [...s.log];
    applyEvent(s, { type: 'deal_thrown_in' }); // a line of the table
    return { LOG_LINES, afterVariant, afterTable: s.log };
  });
  assert.equal(logs.LOG_LINES, 40);
  const kept = (from) => Array.from({ length: 40 - from }, (_, i) => `line ${from + i}`);
  assert.deepEqual(logs.afterVariant, [...kept(1), 'Announcements: 50 points shown.']);
  assert.deepEqual(logs.afterTable, [...kept(2), 'Announcements: 50 points shown.', 'Everybody passed: the cards are dealt again.']);
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});
