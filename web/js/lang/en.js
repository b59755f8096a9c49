// English strings, the fallback language. Keys are grouped by screen; `{name}` marks a value
// filled in by t(). French and Portuguese mirror these keys (lang/fr.js, lang/pt.js).
export default {
};
