// Keyboard play. The buttons the player chooses among (hand, own Découverte tableau, auction
// calls, coinche bid ladder and denominations) form toolbars: Tab enters a toolbar once, the
// arrow keys move within it (Left/Right, Home/End) and between toolbars (Up/Down), Enter or Space
// presses the focused button (native <button>). Focus survives the table's re-renders, and when a
// keyboard player's turn comes the first choice is focused.
import { t } from './i18n.js';

/** Toolbars, by selector, with the i18n key of their accessible name. */
const GROUPS = [
  ['[data-testid="hand"]', 'keys.hand'],
  ['.tableau.own', 'keys.tableau'],
  ['.bid-ladder', 'keys.bidValues'],
  ['.bid-denoms', 'keys.bidSuits'],
  ['.auction', 'keys.calls'],
];
const GROUP_SELECTOR = GROUPS.map(([sel]) => sel).join(', ');
const BUTTONS = 'button:not(:disabled)';

let keyboardMode = false; // the last input was a key (not a pointer)
let focusRequest = null;  // testid to focus after the next render

const enabledButtons = (group) => (group.querySelector(GROUP_SELECTOR) ? [] : [...group.querySelectorAll(BUTTONS)]);
const isTyping = (el) => !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** Sets roles, names and a roving tabindex on the toolbars of a freshly rendered `root`. */
export function enhanceGroups(root) {
  for (const [sel, key] of GROUPS) {
    for (const group of root.querySelectorAll(sel)) {
      if (!group.querySelector('button') || group.querySelector(GROUP_SELECTOR)) continue; // no toolbar in a toolbar
      group.setAttribute('role', 'toolbar');
      group.setAttribute('aria-label', t(key));
      const buttons = enabledButtons(group);
      const current = buttons.find((b) => b.classList.contains('selected')) || buttons[0];
      for (const b of buttons) b.tabIndex = b === current ? 0 : -1;
    }
  }
}

/** Asks for the element with data-testid `testid` to get the focus after the next render. */
export function requestFocus(testid) {
  focusRequest = testid;
}

function describeFocus(root) {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el)) return null;
  const group = el.closest(GROUP_SELECTOR);
  return {
    testid: el.dataset.testid || null,
    groupIndex: group ? GROUPS.findIndex(([sel]) => group.matches(sel)) : -1,
    selection: isTyping(el) && typeof el.selectionStart === 'number' ? [el.selectionStart, el.selectionEnd] : null,
  };
}

function focusElement(el, selection) {
  el.focus({ preventScroll: true });
  if (selection && typeof el.setSelectionRange === 'function') {
    try { el.setSelectionRange(selection[0], selection[1]); } catch (e) { /* not a text input */ }
  }
  return document.activeElement === el;
}

/**
 * What a keyboard player should land on: the main button of an open dialog (a deal result), else
 * the first enabled button of the first toolbar that has one (the choice the turn asks for).
 */
function firstChoice(root, groupIndex = -1) {
  const dialogButton = root.querySelector('.overlay [role="dialog"] .btn.primary:not(:disabled)');
  if (dialogButton) return dialogButton;
  const order = groupIndex >= 0 ? [GROUPS[groupIndex], ...GROUPS] : GROUPS;
  for (const [sel] of order) {
    for (const group of root.querySelectorAll(sel)) {
      const buttons = enabledButtons(group);
      if (buttons.length) return buttons.find((b) => b.classList.contains('selected')) || buttons[0];
    }
  }
  return null;
}

/**
 * Call before `root`'s children are replaced; returns the function that puts the focus back on the
 * same control (by data-testid) once the new content is in place, or, for a keyboard player whose
 * focus was lost, on the first choice the turn offers.
 */
export function keepFocus(root) {
  const before = describeFocus(root);
  return () => {
    const wanted = focusRequest;
    focusRequest = null;
    const find = (id) => (id ? root.querySelector(`[data-testid="${CSS.escape(id)}"]`) : null);
    const requested = find(wanted);
    if (requested && focusElement(requested)) return;
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active)) return; // focus still in place
    if (before) {
      const same = find(before.testid);
      if (same && !same.disabled && focusElement(same, before.selection)) return;
    }
    if (!keyboardMode || (active && active !== document.body)) return;
    const choice = firstChoice(root, before ? before.groupIndex : -1);
    if (choice) focusElement(choice);
  };
}

function moveWithin(group, from, key) {
  const buttons = enabledButtons(group);
  if (!buttons.length) return null;
  const i = buttons.indexOf(from);
  if (key === 'Home') return buttons[0];
  if (key === 'End') return buttons[buttons.length - 1];
  const step = key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : 1;
  return buttons[(i + step + buttons.length) % buttons.length];
}

function moveAcross(root, group, key) {
  const groups = [...root.querySelectorAll(GROUP_SELECTOR)].filter((g) => enabledButtons(g).length);
  const next = groups[groups.indexOf(group) + (key === 'ArrowUp' ? -1 : 1)];
  if (!next) return null;
  const buttons = enabledButtons(next);
  return buttons.find((b) => b.classList.contains('selected')) || buttons[0];
}

/** Focuses `target`, the one button of its toolbar (if any) that Tab reaches. */
function rove(target, group) {
  if (group) for (const b of group.querySelectorAll('button')) b.tabIndex = b === target ? 0 : -1;
  target.focus();
}

function onKeyDown(root, e) {
  keyboardMode = true;
  if (e.altKey || e.ctrlKey || e.metaKey || root.hidden) return;
  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
  const target = e.target instanceof Element ? e.target : null;
  if (isTyping(target) || (target && target.closest('[role="dialog"]')) || root.querySelector('.overlay')) return;
  const group = target && root.contains(target) ? target.closest(GROUP_SELECTOR) : null;
  let next = null;
  if (group && (e.key === 'ArrowUp' || e.key === 'ArrowDown') && group.parentElement.closest('.controls')) {
    next = moveAcross(root, group, e.key);
  }
  if (!next && group) next = moveWithin(group, target, e.key);
  if (!group && (!target || target === document.body || root.contains(target))) next = firstChoice(root);
  if (!next) return;
  e.preventDefault();
  rove(next, next.closest(GROUP_SELECTOR));
}

/** Listens for the arrow keys on the page (once per table view); `root` is the table section. */
export function installKeyboard(root) {
  document.addEventListener('keydown', (e) => onKeyDown(root, e));
  document.addEventListener('pointerdown', () => { keyboardMode = false; }, true);
}
