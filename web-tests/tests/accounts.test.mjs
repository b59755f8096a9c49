// Accounts in the browser (docs/protocol.md "Accounts"): a guest signs up and keeps its seat, logs
// out, and logs in from a fresh browser (its own localStorage) where it finds its seat again; a
// wrong password is told in plain words; the page shows whether you are a guest.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, byId, signIn, createTable, SHOTS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// A name no other test uses as a guest nickname (the store keeps accounts between runs).
const username = `ana_${Date.now().toString(36).slice(-7)}`;
const password = 'correct horse battery';

test('sign up, log out, log in elsewhere and find your seat', async () => {
  const page = await openPage(browser);
  await signIn(page, 'Guest Ana');
  await byId(page, 'who-guest').waitFor();
  assert.equal(await byId(page, 'who-guest').textContent(), 'guest');
  // The bar holds the name, the badge and the two account buttons, nothing else.
  assert.deepEqual(await page.locator('[data-testid="who"] > *').evaluateAll((es) => es.map((e) => e.textContent)),
    ['Guest Ana', 'guest', 'Sign up', 'Log in']);
  const guestId = await page.evaluate(() => window.__beloteDebug.player.id);
  const tableId = await createTable(page, '301');
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once

  // Sign up from the top bar: the same player, now registered, still in seat 0.
  await byId(page, 'signup').click();
  await byId(page, 'signup-username').fill(username);
  await byId(page, 'signup-password').fill(password);
  await page.screenshot({ path: path.join(SHOTS, 'account-signup.png') });
  await byId(page, 'signup-submit').click();
  await byId(page, 'logout').waitFor();
  assert.equal(await byId(page, 'who-guest').count(), 0);
  assert.equal(await byId(page, 'who-name').textContent(), username);
  assert.equal(await byId(page, 'signup-panel').isHidden(), true);
  const player = await page.evaluate(() => window.__beloteDebug.player);
  assert.deepEqual(player, { id: guestId, nickname: username, guest: false });
  const token = await page.evaluate(() => localStorage.getItem('belote.token'));
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.ok(!page.url().includes(token), 'the token is never in the address');
  assert.equal(await page.locator('[data-testid="table-view"]').getAttribute('data-seat'), '0');

  // Log out: back to the login screen, the token forgotten.
  await byId(page, 'logout').click();
  await page.locator('#login').waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => localStorage.getItem('belote.token')), null);
  await page.screenshot({ path: path.join(SHOTS, 'account-login.png') });

  // A fresh browser: a wrong password first, then the right one; the seat is found.
  const elsewhere = await openPage(browser);
  await byId(elsewhere, 'login-username').waitFor({ state: 'visible' });
  await byId(elsewhere, 'login-username').fill(username.toUpperCase());
  await byId(elsewhere, 'login-password').fill('not the password');
  await byId(elsewhere, 'login-submit').click();
  const refusal = byId(elsewhere, 'error-message').first();
  await refusal.waitFor();
  assert.equal(await refusal.getAttribute('data-code'), 'bad_credentials');
  assert.match(await refusal.textContent(), /Wrong username or password/);
  await byId(elsewhere, 'error-dismiss').first().click();
  await byId(elsewhere, 'login-password').fill(password);
  await byId(elsewhere, 'login-submit').click();
  const view = elsewhere.locator(`[data-testid="table-view"][data-table="${tableId}"][data-seat="0"]`);
  await view.waitFor();
  // (The seat keeps the name it was taken with until the player sits again: docs/protocol.md "register".)
  assert.match(await byId(elsewhere, 'seat-0-name').textContent(), /\(you\)$/);
  assert.equal(await byId(elsewhere, 'logout').isVisible(), true);
  assert.equal(await byId(elsewhere, 'who').textContent(), `${username}Log out`);
  assert.equal(await elsewhere.evaluate(() => window.__beloteDebug.player.id), guestId);
  await elsewhere.screenshot({ path: path.join(SHOTS, 'account-seat-found.png') });

  // A reload keeps the registered session (the token in localStorage).
  await elsewhere.reload();
  await elsewhere.locator(`[data-testid="table-view"][data-seat="0"]`).waitFor();
  assert.equal(await byId(elsewhere, 'who-guest').count(), 0);
  assert.deepEqual(page.pageErrors.map(String), []);
  assert.deepEqual(elsewhere.pageErrors.map(String), []);
  await page.context().close();
  await elsewhere.context().close();
});

test('a guest may not take a registered name', async () => {
  const page = await openPage(browser);
  await byId(page, 'nickname').fill(username);
  await byId(page, 'hello').click();
  const msg = byId(page, 'error-message').first();
  await msg.waitFor();
  assert.equal(await msg.getAttribute('data-code'), 'nickname_taken');
  assert.match(await msg.textContent(), /registered player/);
  assert.equal(await page.locator('#login').isVisible(), true);
  await page.context().close();
});
