// What the server does not send again to a player who comes back (a reload, another tab): the game
// log and the chat of the table shown, kept in localStorage for that one table.
const KEY = 'belote.tableMemory';

/** Keeps the log and chat lines of `table` (the last ones: the page shows no more). */
export function rememberTable(table, log, chat) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ table, log: log.slice(-40), chat: chat.slice(-100) }));
  } catch (e) { /* storage full or disabled: nothing to keep */ }
}

/** The log and chat kept for `table`, or null. */
export function recallTable(table) {
  try {
    const m = JSON.parse(localStorage.getItem(KEY) || 'null');
    return m && m.table === table && Array.isArray(m.log) && Array.isArray(m.chat) ? m : null;
  } catch (e) {
    return null;
  }
}

/** Forgets what was kept (another player signs in on this browser). */
export function forgetTables() {
  localStorage.removeItem(KEY);
}
