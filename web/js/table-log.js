// The table's log: the lines the table panel shows, newest last.

/** How many lines the log keeps; older ones scroll out. */
export const LOG_LINES = 40;

/** Appends `text` (a translated line) to `s.log`, dropping the oldest lines beyond LOG_LINES. */
export function addLog(s, text) {
  s.log.push(text);
  if (s.log.length > LOG_LINES) s.log.splice(0, s.log.length - LOG_LINES);
}
