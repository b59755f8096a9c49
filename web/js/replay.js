// Replay viewer: a finished or cancelled match opened from the history, stepped deal by deal and
// trick by trick. Everything shown comes from the server's `replay` of the record (get_record by
// match, docs/protocol.md): the hands when the play began, the auction and contract, each trick
// with its winner and points, the score after each deal. No rules logic here.
import { cardElement, sortHand, suitClass } from './cards.js';
import { h } from './dom.js';
import { SUIT_SYMBOL, callText, t } from './i18n.js';
import { VARIANT_LABEL, DENOM_SYMBOL, bidText, valueText } from './variants.js';
import { dateText, sideOf } from './history.js';
import { playerName } from './names.js';

const POS = ['bottom', 'right', 'top', 'left']; // relative to the viewer, play order counterclockwise

/** Every step of a replay, in order: { deal (index), trick (0: the hands dealt, k: trick k) }. */
export function replaySteps(replay) {
  const steps = [];
  (replay.deals || []).forEach((deal, i) => {
    steps.push({ deal: i, trick: 0 });
    (deal.tricks || []).forEach((_, k) => steps.push({ deal: i, trick: k + 1 }));
  });
  return steps;
}

/** The cards each seat held before trick `trick` (1-based) of `deal`: those of its hand not played
 *  in an earlier trick (trick 0: the whole hand). */
export function handsBefore(deal, trick) {
  const gone = new Set();
  (deal.tricks || []).slice(0, Math.max(0, trick - 1)).forEach((tr) => tr.cards.forEach((c) => gone.add(c.card)));
  return (deal.hands || []).map((hand) => hand.filter((c) => !gone.has(c)));
}

export class ReplayView {
  constructor(app, root) {
    this.app = app;
    this.root = root;
    this.data = null;
    this.steps = [];
    this.at = 0;
    this.error = null;
    document.addEventListener('keydown', (e) => {
      if (this.root.hidden || !this.data || e.target.closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') { this.go(this.at + 1); e.preventDefault(); }
      if (e.key === 'ArrowLeft') { this.go(this.at - 1); e.preventDefault(); }
    });
  }

  /** Loads match `id` and shows its first step. */
  async open(id) {
    this.data = null;
    this.error = null;
    this.match = id;
    this.render();
    try {
      const reply = await this.app.request({ type: 'get_record', match: id });
      if (this.match !== id) return;
      this.data = reply;
      this.steps = replaySteps(reply.replay || {});
      this.at = 0;
    } catch (e) {
      this.error = e;
    }
    this.render();
  }

  go(step) {
    if (!this.data) return;
    this.at = Math.max(0, Math.min(this.steps.length - 1, step));
    this.render();
  }

  /** The first step of deal index `deal`. */
  dealStart(deal) {
    const i = this.steps.findIndex((s) => s.deal === deal);
    return i < 0 ? this.at : i;
  }

  name(seat) {
    const s = (this.data.seats || []).find((x) => x.seat === seat);
    if (!s) return t('table.seat', { seat: seat + 1 });
    return s.you ? t('table.you', { name: s.name }) : playerName(s);
  }

  /** The names of side `side`, for score columns: "Ana & Robot 2". */
  sideName(side) {
    const seats = this.data.seats || [];
    return seats.filter((s) => sideOf(s.seat, seats.length) === side).map((s) => playerName(s)).join(' & ');
  }

  render() {
    const back = h('button', { type: 'button', class: 'btn', testid: 'replay-back', text: t('replay.back'), onclick: () => this.app.openHistory() });
    if (!this.data) {
      this.root.replaceChildren(h('div', { class: 'panel replay-panel', testid: 'replay-view', 'data-ready': 'false' },
        h('div', { class: 'panel-head' }, h('h2', { text: t('replay.heading') }), back),
        h('p', { class: 'muted', text: this.error ? t('replay.unavailable') : t('replay.loading') })));
      return;
    }
    const replay = this.data.replay || {};
    const step = this.steps[this.at] || { deal: 0, trick: 0 };
    const deal = (replay.deals || [])[step.deal];
    const view = h('div', { class: 'panel replay-panel', testid: 'replay-view', 'data-ready': 'true', 'data-deal': deal ? deal.deal : '', 'data-trick': step.trick, 'data-step': this.at },
      h('div', { class: 'panel-head' },
        h('h2', { testid: 'replay-title', text: t('replay.title', { variant: VARIANT_LABEL[this.data.variant] || this.data.variant, date: dateText(this.data.ended) }) }),
        back),
      replay.error ? h('p', { class: 'replay-error', testid: 'replay-error', text: t('replay.error', { reason: replay.error.reason }) }) : null,
      deal ? this.renderControls(replay, step, deal) : null,
      deal ? this.renderBoard(deal, step) : h('p', { class: 'muted', text: t('replay.noDeals') }),
      deal ? this.renderDealInfo(deal, step) : null,
      this.renderScores(replay, step));
    this.root.replaceChildren(view);
  }

  renderControls(replay, step, deal) {
    const deals = replay.deals.length;
    const tricks = (deal.tricks || []).length;
    const last = this.at >= this.steps.length - 1;
    const btn = (testid, key, target, disabled) => h('button', { type: 'button', class: 'btn', testid, text: t(key), disabled, onclick: () => this.go(target) });
    return h('div', { class: 'replay-controls' },
      btn('replay-prev-deal', 'replay.prevDeal', this.dealStart(step.deal - 1), step.deal === 0),
      btn('replay-prev-trick', 'replay.prevTrick', this.at - 1, this.at === 0),
      h('div', { class: 'replay-position', testid: 'replay-position' },
        h('span', { testid: 'replay-deal-no', text: t('replay.deal', { deal: step.deal + 1, deals }) }),
        h('span', { testid: 'replay-trick-no', text: step.trick ? t('replay.trick', { trick: step.trick, tricks }) : t('replay.dealt') })),
      btn('replay-next-trick', 'replay.nextTrick', this.at + 1, last),
      btn('replay-next-deal', 'replay.nextDeal', this.dealStart(step.deal + 1), step.deal >= deals - 1));
  }

  /** The seats around the trick: each with its hand before the trick shown (the hand dealt at step 0). */
  renderBoard(deal, step) {
    const seats = (deal.hands || []).length;
    const me = (this.data.seats || []).find((s) => s.you);
    const base = me ? me.seat : 0;
    const clockwise = this.data.record && this.data.record.rules && this.data.record.rules.direction === 'clockwise';
    const trick = step.trick ? deal.tricks[step.trick - 1] : null;
    const inTrick = new Map((trick ? trick.cards : []).map((c) => [c.card, c.seat]));
    const hands = handsBefore(deal, step.trick);
    const trump = deal.contract ? deal.contract.trump : null;
    const board = h('div', { class: `replay-board seats-${seats}`, testid: 'replay-board' });
    for (let seat = 0; seat < seats; seat++) {
      const rel = (seat - base + seats) % seats;
      let pos = seats === 2 ? (rel === 0 ? 'bottom' : 'top') : POS[rel];
      if (clockwise && (pos === 'left' || pos === 'right')) pos = pos === 'left' ? 'right' : 'left';
      const tags = [];
      if (deal.dealer === seat) tags.push(h('span', { class: 'tag dealer', text: t('table.dealer') }));
      if (deal.contract && deal.contract.taker === seat) tags.push(h('span', { class: 'tag taker', text: t('table.taker') }));
      const cards = sortHand(hands[seat] || [], trump).map((c) => {
        const e = cardElement(c, { testid: false });
        if (inTrick.has(c)) e.classList.add('played');
        return e;
      });
      board.append(h('div', { class: `replay-seat rpos-${pos} team-${sideOf(seat, seats)}`, testid: `replay-seat-${seat}`, 'data-cards': (hands[seat] || []).length },
        h('div', { class: 'replay-name' }, h('span', { class: 'pname', text: this.name(seat) }), tags),
        h('div', { class: 'replay-hand', testid: `replay-hand-${seat}` }, cards)));
    }
    board.append(h('div', { class: 'replay-center', testid: 'replay-center' }, trick ? this.renderTrick(trick) : this.renderDeal(deal)));
    return board;
  }

  renderTrick(trick) {
    return h('div', { class: 'replay-trick', testid: 'replay-trick', 'data-winner': trick.winner ?? '' },
      h('div', { class: 'replay-trick-cards' }, trick.cards.map((c) => h('div', { class: `replay-slot${c.seat === trick.winner ? ' winner' : ''}`, 'data-seat': c.seat },
        cardElement(c.card, { testid: false }),
        h('small', { text: this.name(c.seat) }),
        c.belote ? h('small', { class: 'replay-belote', text: t(`call.${c.belote}`) }) : null))),
      h('p', { class: 'replay-trick-result', testid: 'replay-trick-result',
        text: trick.winner != null ? t('replay.wins', { name: this.name(trick.winner), points: trick.points }) : t('replay.leads', { name: this.name(trick.leader) }) }));
  }

  /** Step 0 of a deal: the turn-up and the auction. */
  renderDeal(deal) {
    return h('div', { class: 'replay-deal' },
      deal.turn_up ? h('div', { class: 'replay-turnup' }, h('small', { text: t('table.turnUp') }), cardElement(deal.turn_up, { testid: false })) : null,
      h('ol', { class: 'replay-auction', testid: 'replay-auction' }, (deal.auction || []).map((c) =>
        h('li', { text: t('log.call', { name: this.name(c.seat), call: bidText(c) || callText(c.call, c.suit) }) }))));
  }

  contractText(deal) {
    const c = deal.contract;
    if (!c) return null;
    let what;
    if (c.contract) {
      what = `${valueText(c.value)} ${DENOM_SYMBOL[c.contract] || c.contract}`;
      if (c.contre === 1) what = t('log.contre', { contract: what });
      if (c.contre === 2) what = t('log.surcontre', { contract: what });
    } else {
      what = `${SUIT_SYMBOL[c.trump] || c.trump}`;
    }
    return t('replay.contract', { contract: what, name: this.name(c.taker) });
  }

  renderDealInfo(deal, step) {
    const lines = [h('div', { testid: 'replay-dealer', text: t('replay.dealer', { name: this.name(deal.dealer) }) })];
    const contract = this.contractText(deal);
    if (contract) lines.push(h('div', { testid: 'replay-contract', class: deal.contract.trump ? suitClass(deal.contract.trump) : '', text: contract }));
    else if (deal.thrown_in) lines.push(h('div', { testid: 'replay-thrown-in', text: t('replay.thrownInDeal') }));
    if (deal.melds && step.trick >= 2) lines.push(h('div', { testid: 'replay-melds', text: t('replay.melds', { names: this.sideName(deal.melds.team), points: deal.melds.points }) }));
    const end = step.trick === (deal.tricks || []).length;
    if (deal.unfinished && end) lines.push(h('div', { testid: 'replay-unfinished', class: 'muted', text: t('replay.unfinished') }));
    if (deal.score && end) {
      lines.push(h('div', { class: 'replay-deal-score', testid: 'replay-deal-score',
        text: t('replay.dealScore', { score: deal.score.score.join(' – '), totals: deal.totals.join(' – ') }) }));
    }
    return h('div', { class: 'replay-info' }, lines);
  }

  /** Scores after each deal reached so far (the current one once its last trick is shown). */
  renderScores(replay, step) {
    const deals = replay.deals || [];
    const sides = Array.isArray(replay.totals) ? replay.totals.length : 2;
    const rows = [];
    deals.forEach((d, i) => {
      const shown = i < step.deal || (i === step.deal && step.trick === (d.tricks || []).length);
      if (!shown || d.unfinished) return;
      rows.push(h('tr', { class: i === step.deal ? 'current' : '', testid: `replay-score-${d.deal}` },
        h('td', { text: String(d.deal) }),
        d.thrown_in ? h('td', { colspan: sides * 2, class: 'muted', text: t('replay.thrownIn') })
          : [...d.score.score.map((v) => h('td', { text: String(v) })), ...d.totals.map((v) => h('td', { class: 'replay-total', text: String(v) }))]));
    });
    const head = [];
    for (let s = 0; s < sides; s++) head.push(h('th', { text: this.sideName(s) }));
    const totals = [];
    for (let s = 0; s < sides; s++) totals.push(h('th', { class: 'replay-total', text: this.sideName(s) }));
    const finished = replay.finished && this.at === this.steps.length - 1;
    return h('div', { class: 'replay-scores' },
      h('h3', { text: t('replay.scores') }),
      h('div', { class: 'history-scroll' },
        h('table', { class: 'history-table', testid: 'replay-scores' },
          h('thead', {},
            h('tr', {}, h('th', { rowspan: 2, text: t('history.deal') }), h('th', { colspan: sides, text: t('result.dealScore') }), h('th', { colspan: sides, text: t('history.total') })),
            h('tr', {}, head, totals)),
          h('tbody', {}, rows))),
      finished ? h('p', { class: 'replay-final', testid: 'replay-final',
        text: t('replay.final', { names: this.sideName(replay.winner), totals: replay.totals.join(' – ') }) }) : null,
      finished && this.data.result ? h('p', { class: `result-badge ${this.data.result}`, text: t(`matches.${this.data.result}`) }) : null);
  }
}
