// Player preferences kept in localStorage (this browser only): the four-colour deck, the card size,
// the speed of the animations, the automatic play of a forced card, and sounds and notifications.
// A preference that restyles shows on the page as a class or attribute on <body>, so CSS alone
// restyles every card. The language is kept by i18n.js (setLanguage).

const LS_FOUR_COLOUR = 'belote.fourColour';
const LS_SETTINGS = 'belote.settings';

/** The settings and their values; the first value is the default. */
export const SETTINGS = {
  sound: [true, false],                  // sounds, and the title of a hidden tab on your turn (one switch)
  cardSize: ['medium', 'small', 'large'],
  animation: ['normal', 'fast', 'off'],
  autoPlay: [false, true],               // play the only legal card by itself (off by default)
  quickPlayLevel: ['medium', 'easy', 'hard', 'expert'], // the robots' level of "Play now" (docs/protocol.md robot_fill)
};

function readAll() {
  try {
    const stored = JSON.parse(localStorage.getItem(LS_SETTINGS) || '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch (e) {
    return {}; // storage disabled or unreadable: the defaults
  }
}

/** The value of setting `name` (one of SETTINGS[name]). */
export function setting(name) {
  const value = readAll()[name];
  return SETTINGS[name].includes(value) ? value : SETTINGS[name][0];
}

/** Remembers setting `name` and restyles the page at once. */
export function setSetting(name, value) {
  if (!SETTINGS[name] || !SETTINGS[name].includes(value)) return;
  const all = readAll();
  all[name] = value;
  try {
    localStorage.setItem(LS_SETTINGS, JSON.stringify(all));
  } catch (e) { /* not persisted; still applied to this page */ }
  applyPreferences();
}

/** True when the player chose the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green). */
export function fourColourDeck() {
  try {
    return localStorage.getItem(LS_FOUR_COLOUR) === '1';
  } catch (e) {
    return false; // storage disabled: the classic two colours
  }
}

/** Remembers the deck colours and restyles the page at once. */
export function setFourColourDeck(on) {
  try {
    localStorage.setItem(LS_FOUR_COLOUR, on ? '1' : '0');
  } catch (e) { /* not persisted; still applied to this page */ }
  applyPreferences(on);
}

/** How long animations last, as a factor of their normal length (0: none). */
export function animationFactor() {
  return { normal: 1, fast: 0.5, off: 0 }[setting('animation')];
}

/** Puts the stored preferences on <body> (call once at start-up, and after a change). */
export function applyPreferences(four = fourColourDeck()) {
  const body = document.body;
  body.classList.toggle('four-colour', four);
  body.dataset.cardSize = setting('cardSize');
  body.dataset.animation = setting('animation');
}
