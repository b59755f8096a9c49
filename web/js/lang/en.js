// English strings, the fallback language. Keys are grouped by screen; `{name}` marks a value
// filled in by t(). French and Portuguese mirror these keys (lang/fr.js, lang/pt.js).
export default {
  // table features
  'keys.hand': 'Your cards: arrow keys to choose, Enter to play',
  'keys.tableau': 'Your tableau: arrow keys to choose, Enter to play',
  'keys.calls': 'Your call: arrow keys to choose, Enter to confirm',
  'keys.bidValues': 'Bid value',
  'keys.bidSuits': 'Bid trump',
};
