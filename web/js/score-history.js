// Per-deal score history of the match: one row per scored deal, with running totals. Pure data.
// Live rows come from deal_scored events (deal number, contract, taker known). After a reload the
// snapshot's `history` holds only the `score` objects of the finished deals (docs/protocol.md): the
// rows are rebuilt from them, without the deal number, trump suit and taker seat.

const pair = (a) => (Array.isArray(a) ? [a[0] || 0, a[1] || 0] : [0, 0]);

/**
 * A row for a deal_scored event `ev`, read with the deal's state `s` (contract still set).
 * Row: { deal, takers (team), taker (seat|null), denom ('S'…'C', 'SA', 'TA' or null), value,
 * multiplier, outcome, capot, score: [team0, team1], totals: [team0, team1] }.
 */
export function scoreRowFromEvent(s, ev) {
  const sc = ev.score || {};
  return {
    deal: ev.deal ?? null,
    takers: sc.takers ?? (s.taker != null ? s.taker % 2 : null),
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
  let totals = [0, 0];
  (history || []).forEach((sc, i) => {
    const score = pair(sc.score);
    totals = [totals[0] + score[0], totals[1] + score[1]];
    const known = previous[i];
    const same = known && known.score[0] === score[0] && known.score[1] === score[1];
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
