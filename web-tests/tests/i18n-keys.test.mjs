// Static checks of the client's dictionaries (no browser, no server): French and Portuguese have
// exactly the keys of English, with the same {placeholders}, and every key the client names exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANG = path.join(WEB, 'js', 'lang');

/** A dictionary module's default export (the files are browser modules without a package.json). */
async function dictionary(code) {
  const source = fs.readFileSync(path.join(LANG, `${code}.js`), 'utf8');
  return (await import(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`)).default;
}

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const en = await dictionary('en');

for (const code of ['fr', 'pt']) {
  test(`lang/${code}.js has exactly the keys of lang/en.js, with the same placeholders`, async () => {
    const other = await dictionary(code);
    const missing = Object.keys(en).filter((k) => !(k in other));
    const extra = Object.keys(other).filter((k) => !(k in en));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
    for (const [key, text] of Object.entries(en)) {
      assert.equal(typeof other[key], 'string', key);
      assert.ok(other[key].trim(), `${code} ${key} is not empty`);
      assert.deepEqual(placeholders(other[key]), placeholders(text), `${code} ${key} uses the placeholders of en`);
    }
  });
}

test('every dictionary key named in web/js and index.html exists in lang/en.js', () => {
  const groups = new Set(Object.keys(en).map((k) => k.split('.')[0]));
  const named = new Set();
  for (const file of fs.readdirSync(path.join(WEB, 'js')).filter((f) => f.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(WEB, 'js', file), 'utf8');
    // Any quoted 'group.name' literal whose group is a dictionary group is taken as a key.
    for (const m of source.matchAll(/'([a-z][\w]*\.[\w.]+)'/gi)) if (groups.has(m[1].split('.')[0])) named.add(`${file}: ${m[1]}`);
  }
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-i18n(?:-[\w-]+)?="([^"]+)"/g)) named.add(`index.html: ${m[1]}`);
  assert.ok(named.size > 100, `found ${named.size} keys`);
  const unknown = [...named].filter((entry) => !(entry.split(': ')[1] in en));
  assert.deepEqual(unknown, []);
});

test('every rule option of the options form (js/rule-options.js) has its label, explanation and value names', async () => {
  const source = fs.readFileSync(path.join(WEB, 'js', 'rule-options.js'), 'utf8');
  const { RULE_GROUPS, VARIANT_SEATS } = await import(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`);
  const missing = [];
  const need = (key) => { if (!(key in en)) missing.push(key); };
  for (const variant of Object.keys(VARIANT_SEATS)) need(`variant.${variant}`);
  let options = 0;
  for (const [group, list] of RULE_GROUPS) {
    need(`ruleGroup.${group}`);
    for (const option of list) {
      options++;
      need(`rule.${option.name}`);
      need(`ruleHint.${option.name}`);
      for (const v of option.values) if (typeof v === 'string' && !/^[0-9-]+$/.test(v)) need(`ruleValue.${v}`);
    }
  }
  assert.deepEqual(missing, []);
  assert.equal(options, 45, 'the 45 rule options of docs/rules.md §9 (variant and target apart)');
});

test('lang/pt.js is Brazilian Portuguese throughout (no European forms, one word for a cancelled match)', async () => {
  const pt = await dictionary('pt');
  // European Portuguese forms a Brazilian player reads as foreign, and "anular" beside "cancelar".
  const european = [/\bÀ espera\b/i, /\bA sua vez\b/, /\bpor si\b/, /\bestá a \w+r\b/i, /\besteja a \w+r\b/i, /\ba carregar\b/i,
    /\bregisto\b/i, /\bao fim de\b/i, /\baté ao\b/i, /\bJogar já\b/, /\banula/i, /\bUps\b/, /\bequipa\b/i, /\becrã\b/i, /\butilizador\b/i];
  const found = Object.entries(pt).flatMap(([key, text]) => european.filter((re) => re.test(text)).map((re) => `${key}: ${text} (${re})`));
  assert.deepEqual(found, []);
});
