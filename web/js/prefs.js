// Player preferences kept in localStorage (this browser only): the four-colour deck.
// A preference shows on the page as a class on <body>, so CSS alone restyles every card.

const LS_FOUR_COLOUR = 'belote.fourColour';

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

/** Puts the stored preferences on <body> (call once at start-up, and after a change). */
export function applyPreferences(four = fourColourDeck()) {
  document.body.classList.toggle('four-colour', four);
}
