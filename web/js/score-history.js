// Per-deal score history of the match: one row per scored deal, with running totals. Pure data.
// Live rows come from deal_scored events (deal number, contract, taker known). After a reload the
// snapshot's `history` holds only the `score` objects of the finished deals (docs/protocol.md): the
// rows are rebuilt from them, without the deal number, trump suit and taker seat.

// One number per side: two teams, or two or three players (docs/protocol.md).
const pair = (a) => (Array.isArray(a) && a.length ? a.map((x) => x || 0) : [0, 0]);

/**
 * A row for a deal_scored event `ev`, read with the deal's state `s` (contract still set).
 * Row: { deal, takers (side), taker (seat|null), denom ('S'…'C', 'SA', 'TA' or null), value,
 * multiplier, outcome, capot, score: [one per side], totals: [one per side] }.
 */
export function scoreRowFromEvent(s, ev) {
  const sc = ev.score || {};
  return {
    deal: ev.deal ?? null,
    takers: sc.takers ?? (s.taker != null ? (s.seats && s.seats.length !== 4 ? s.taker : s.taker % 2) : null),
    taker: s.taker ?? null,
    denom: s.contract || s.trump || null,
    value: sc.contract_value || null,
    multiplier: sc.multiplier || 1,
    outcome: sc.outcome || null,
    capot: !!sc.capot,
    score: pair(sc.score),
    totals: pair(ev.totals),
  };
}

/**
 * Rows rebuilt from a snapshot's `history` (score objects, oldest first), totals summed along.
 * Rows of `previous` (the same table before a resync) lend the details a snapshot lacks.
 */
export function scoreRowsFromHistory(history, previous = []) {
  const rows = [];
  let totals = null;
  (history || []).forEach((sc, i) => {
    const score = pair(sc.score);
    totals = score.map((x, k) => x + (totals ? totals[k] || 0 : 0));
    const known = previous[i];
    const same = known && known.score.length === score.length && known.score.every((x, k) => x === score[k]);
    rows.push({
      deal: same ? known.deal : null,
      takers: sc.takers ?? null,
      taker: same ? known.taker : null,
      denom: same ? known.denom : null,
      value: sc.contract_value || null,
      multiplier: sc.multiplier || 1,
      outcome: sc.outcome || null,
      capot: !!sc.capot,
      score,
      totals,
    });
  });
  return rows;
}
