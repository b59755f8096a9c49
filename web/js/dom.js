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

/**
 * Makes the element `old` (in the document) look like `fresh` (built again by h() from the same
 * state, a clock's text aside) and returns the element left in the document. Where the two trees
 * have the same shape the old nodes stay, with the fresh attributes and text, so that a button
 * pressed just before a countdown ticks is still the one released after it (the click is not lost),
 * and keeps its focus and hover; a subtree whose shape changed is replaced. What the player typed or
 * ticked in a kept field stays. Old listeners stay too: only for renders of an unchanged state.
 */
export function morph(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName
    || (old.nodeType === Node.ELEMENT_NODE && old.childNodes.length !== fresh.childNodes.length)) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  for (const a of [...old.attributes]) if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of fresh.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  [...old.childNodes].forEach((child, i) => morph(child, fresh.childNodes[i]));
  return old;
}

/** morph() for the children of `parent`: they become `children` (kept where of the same shape). */
export function morphChildren(parent, children) {
  if (parent.childNodes.length !== children.length) {
    parent.replaceChildren(...children);
    return;
  }
  [...parent.childNodes].forEach((child, i) => morph(child, children[i]));
}
