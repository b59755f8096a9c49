// Building DOM elements. Text always goes through textContent: server strings are never parsed as HTML.

/**
 * h(tag, attrs, ...children) -> HTMLElement.
 * attrs: `class`, `testid` (data-testid), `text` (textContent), `on<event>` listeners, `data-*`
 * attributes, element properties; null/false values are skipped. Children: nodes or strings, nested
 * arrays flattened, null/false skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'testid') e.dataset.testid = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c != null && c !== false) e.append(c);
  return e;
}
