// The page language follows the browser: French and Portuguese browsers see the lobby and a table
// in their language, any other language gets English, and ?lang= overrides the browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, byId, signIn, createTable, sitAndFillWithRobots, waitForDecision, BASE_URL, closeDealResult } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// English words that must not be left on a translated page (names come from players and robots).
const ENGLISH = /\b(Seat|Waiting|Empty seat|Sit here|Your (call|turn)|Pass|Take|Lobby|Deal|Tricks?|Chief|watching|Dealer|Taker|Trump|Start the match|Last trick|Refresh|Join|Return|View|Watch|New table|Create table|Play to|Variant|Change name|Say something|Send|Propose to cancel|Playing)\b/;

const visibleText = (page) => page.evaluate(() => document.body.innerText);

async function assertNoEnglish(page, where) {
  const text = await visibleText(page);
  const m = ENGLISH.exec(text);
  assert.equal(m && m[0], null, `${where}: English left in ${JSON.stringify(text.slice(Math.max(0, (m?.index ?? 0) - 60), (m?.index ?? 0) + 60))}`);
}

/** Signs in, plays up to the first own auction turn and then the first own card, checking texts. */
async function visitInLanguage(locale, expect) {
  const page = await openPage(browser, undefined, { locale });
  assert.equal(await page.evaluate(() => document.documentElement.lang), expect.lang);
  await page.locator('h2', { hasText: expect.welcome }).waitFor();
  assert.equal(await byId(page, 'nickname').getAttribute('placeholder'), expect.placeholder);
  await signIn(page, 'Zoe');
  await page.locator('#lobby h2', { hasText: expect.newTable }).waitFor();
  assert.equal((await byId(page, 'create-table').textContent()).trim(), expect.create);
  assert.equal(await byId(page, 'conn-status').textContent(), expect.online);
  await assertNoEnglish(page, `${locale} lobby`);

  await createTable(page, '1000');
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  await assertNoEnglish(page, `${locale} empty table`);
  await sitAndFillWithRobots(page, 0);
  assert.equal(await byId(page, 'seat-0-name').textContent(), expect.me);
  assert.equal(await byId(page, 'chat-input').getAttribute('placeholder'), expect.chatPlaceholder);
  await byId(page, 'start').click();

  // A refused request: the message is in the page language.
  await page.evaluate(() => window.__beloteDebug.send({ type: 'sit', table: window.__beloteDebug.current, seat: 1 }));
  const message = page.locator('[data-testid="error-message"]').first();
  await message.waitFor();
  assert.match(await message.textContent(), expect.errorText);
  await byId(page, 'error-dismiss').first().click();

  // Until both an own auction turn and an own card turn were seen (robots may take before us:
  // then the next deal brings the auction).
  let seenV = 0, auction = false, play = false;
  for (let guard = 0; guard < 80 && !(auction && play); guard++) {
    const what = await waitForDecision(page, seenV);
    if (what === 'auction' || what === 'play') seenV = await page.evaluate(() => window.__beloteDebug.state().v);
    if (what === 'auction') {
      assert.match(await byId(page, 'status').textContent(), expect.yourCall);
      const pass = byId(page, 'call-pass');
      assert.equal(await pass.textContent(), expect.pass);
      await assertNoEnglish(page, `${locale} auction`);
      auction = true;
      const take = byId(page, 'call-take');
      await ((await take.count()) ? take : page.locator('[data-testid^="call-name-"]').first()).click();
    } else if (what === 'play') {
      assert.equal(await byId(page, 'status').textContent(), expect.yourTurn);
      const first = page.locator('[data-testid="hand"] .card[data-playable="true"]').first();
      assert.match(await first.getAttribute('aria-label'), expect.cardName);
      if (!play) await assertNoEnglish(page, `${locale} play`);
      play = true;
      if (!auction) await first.click();
    } else {
      await closeDealResult(page);
    }
  }
  assert.ok(auction && play, 'reached an own auction turn and an own play turn');
  // Any deal's opening line: the log keeps only its last lines, and when the robots took the first
  // deals, deal 1's has scrolled out by the time our own auction turn came.
  const log = await page.evaluate(() => window.__beloteDebug.state().log);
  assert.ok(log.some((line) => expect.log.test(line)), `a translated line in ${JSON.stringify(log)}`);

  await byId(page, 'back-to-lobby').click();
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('[data-testid="table-list"] .state-badge', { hasText: expect.playing }).first().waitFor();
  await assertNoEnglish(page, `${locale} lobby with a table`);
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
}

test('a French browser sees the lobby and the table in French', async () => {
  await visitInLanguage('fr-FR', {
    lang: 'fr', welcome: 'Bienvenue au salon de belote', placeholder: 'ex. : Ana', newTable: 'Nouvelle table',
    create: 'Créer la table', online: 'En ligne', sitHere: 'S’asseoir ici', me: 'Zoe (vous)', chatPlaceholder: 'Dites quelque chose…',
    errorText: /Vous avez déjà une place à cette table|La partie a déjà commencé/, yourCall: /^À vous : /, pass: 'Je passe',
    yourTurn: 'À vous de jouer une carte', cardName: /^(Sept|Huit|Neuf|Dix|Valet|Dame|Roi|As) de (pique|cœur|carreau|trèfle)$/,
    log: /Donne \d+ : .+ distribue\./, playing: 'En cours',
  });
});

test('a Portuguese browser sees the lobby and the table in Portuguese', async () => {
  await visitInLanguage('pt-BR', {
    lang: 'pt', welcome: 'Bem-vindo à sala de jogo', placeholder: 'ex.: Ana', newTable: 'Nova mesa',
    create: 'Criar mesa', online: 'Online', sitHere: 'Sentar aqui', me: 'Zoe (você)', chatPlaceholder: 'Diga alguma coisa…',
    errorText: /Você já tem um lugar nesta mesa|A partida já começou/, yourCall: /^Sua vez: /, pass: 'Passo',
    yourTurn: 'Sua vez: jogue uma carta', cardName: /^(Sete|Oito|Nove|Dez|Valete|Dama|Rei|Ás) de (espadas|copas|ouros|paus)$/,
    log: /Mão \d+: .+ dá as cartas\./, playing: 'Em jogo',
  });
});

test('a browser in an unsupported language gets English', async () => {
  const page = await openPage(browser, undefined, { locale: 'de-DE' });
  assert.deepEqual(await page.evaluate(() => navigator.languages.slice(0, 1)), ['de-DE']);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.locator('h2', { hasText: 'Welcome to the card room' }).waitFor();
  await signIn(page, 'Dieter');
  assert.equal((await byId(page, 'create-table').textContent()).trim(), 'Create table');
  assert.equal(await byId(page, 'conn-status').textContent(), 'Online');
  assert.deepEqual(page.pageErrors.map(String), []);
  await page.context().close();
});

test('?lang= overrides the browser language, and the first supported preference wins', async () => {
  const page = await openPage(browser, undefined, { locale: 'en-US', path: '/?lang=pt' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt');
  await page.locator('h2', { hasText: 'Bem-vindo à sala de jogo' }).waitFor();
  await page.context().close();
  // A Swiss German who also reads French: German is skipped, French is chosen.
  const context = await browser.newContext({ locale: 'de-CH' });
  const swiss = await context.newPage();
  await swiss.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['de-CH', 'de', 'fr-CH', 'en'] }));
  await swiss.goto(BASE_URL);
  assert.equal(await swiss.evaluate(() => document.documentElement.lang), 'fr');
  await swiss.locator('h2', { hasText: 'Bienvenue au salon de belote' }).waitFor();
  await context.close();
});
