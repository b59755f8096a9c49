// The table chief's rule options form (web/js/platform.js, web/js/rule-options.js) for every variant:
// it shows exactly the §9 options that apply (docs/rules.md §9, docs/protocol.md), each with its
// explanation, and when every option is moved off its default the server accepts the lot and
// reports exactly those values back in table_options.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, byId, signIn, REPO_ROOT } from './helpers.mjs';

const source = fs.readFileSync(path.join(REPO_ROOT, 'web', 'js', 'rule-options.js'), 'utf8');
const { RULE_OPTIONS, ruleApplies, changedRules } = await import(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The rule controls of the open form: name -> value (booleans for checkboxes, typed as the option). */
async function formValues(page) {
  const raw = await page.locator('[data-testid="rule-options"] [data-testid^="rule-"]:is(select, input)').evaluateAll((es) =>
    es.map((e) => [e.name, e.type === 'checkbox' ? e.checked : e.value]));
  return Object.fromEntries(raw.map(([name, v]) => [name, typeof v === 'boolean' ? v : RULE_OPTIONS[name].values.find((x) => String(x) === v)]));
}

/** Moves every shown option off its current value: a checkbox is flipped, a select takes its last value. */
async function changeEverything(page, skip) {
  for (const name of Object.keys(await formValues(page))) {
    if (skip.includes(name)) continue;
    const control = byId(page, `rule-${name}`);
    if (await control.getAttribute('type') === 'checkbox') await control.click();
    else await control.selectOption(await control.locator('option').last().getAttribute('value'));
  }
}

/** The group of options each switch decides. */
const SWITCHED = { coinche_announcements: 'rule-group-melds', decouverte_announcements: 'rule-group-melds', decouverte_belote: 'rule-group-belote' };

async function openRules(page) {
  if (!(await byId(page, 'rule-options').evaluate((d) => d.open))) await byId(page, 'rule-options-toggle').click();
}

async function checkVariant(page, table, variant, switches = {}) {
  if (await byId(page, 'options-variant').count()) await byId(page, 'options-variant').selectOption(variant);
  await page.locator(`[data-testid="options-form"][data-variant="${variant}"]`).waitFor(); // redrawn for it
  await openRules(page);
  for (const [name, on] of Object.entries(switches)) {
    const box = byId(page, `rule-${name}`);
    if ((await box.isChecked()) !== on) await box.click();
    // The switch brings in (or takes away) the options it decides: wait for the redraw.
    await byId(page, SWITCHED[name]).waitFor({ state: on ? 'attached' : 'detached' });
  }
  const before = await formValues(page);
  const expectShown = Object.values(RULE_OPTIONS).filter((o) => ruleApplies(o, variant, before)).map((o) => o.name);
  assert.deepEqual(Object.keys(before).sort(), expectShown.sort(), `${variant}: exactly the options that apply`);
  for (const name of expectShown) {
    const hint = await byId(page, `rule-hint-${name}`).textContent();
    assert.ok(hint.length > 20, `${variant} ${name}: explained`);
  }
  await changeEverything(page, Object.keys(switches));
  const values = await formValues(page);
  const expected = changedRules(variant, values);
  assert.ok(Object.keys(expected).length > 0, `${variant}: some options moved off their defaults`);
  const seen = (await page.evaluate(() => window.__beloteDebug.events('table_options'))).length;
  await byId(page, 'options-save').click();
  await page.waitForFunction((n) => window.__beloteDebug.events('table_options').length > n, seen);
  const options = (await page.evaluate(() => window.__beloteDebug.events('table_options'))).filter((e) => e.table === table).at(-1).options;
  assert.equal(options.variant, variant);
  assert.deepEqual(options.rules, expected, `${variant}: the server took every value`);
}

test('every variant: the form shows the options that apply, and the server takes every value', async () => {
  const page = await openPage(browser, { width: 1100, height: 900 });
  await signIn(page, 'Rules');
  // A four-seat table: classic, classic with announcements, coinche (with and without announcements).
  await byId(page, 'create-variant').selectOption('classic');
  await byId(page, 'create-table').click();
  await byId(page, 'table-view').waitFor();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  await byId(page, 'options-form').waitFor();
  const four = await byId(page, 'table-view').getAttribute('data-table');
  assert.deepEqual(await byId(page, 'options-variant').locator('option').evaluateAll((os) => os.map((o) => o.value)),
    ['classic', 'classic_announcements', 'coinche'], 'only the variants with four seats');
  await checkVariant(page, four, 'classic');
  await checkVariant(page, four, 'classic_announcements');
  await checkVariant(page, four, 'coinche', { coinche_announcements: true });
  await checkVariant(page, four, 'coinche', { coinche_announcements: false });
  // A two-seat table: Découverte, with its belote and announcements switched on, then off.
  await byId(page, 'back-to-lobby').click();
  await byId(page, 'create-variant').selectOption('decouverte');
  await byId(page, 'create-table').click();
  await page.locator(`[data-testid="table-view"]:not([data-table="${four}"])`).waitFor();
  await page.locator('[data-testid="table-view"][data-seat="0"]').waitFor(); // the creator sits at once
  await byId(page, 'options-form').waitFor();
  const two = await byId(page, 'table-view').getAttribute('data-table');
  assert.equal(await byId(page, 'options-variant').count(), 0, 'no other variant has two seats');
  await checkVariant(page, two, 'decouverte', { decouverte_belote: true, decouverte_announcements: true });
  await checkVariant(page, two, 'decouverte', { decouverte_belote: false, decouverte_announcements: false });
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});
