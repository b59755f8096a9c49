// The screen reader's live region (aria-live): the player's turn, each card played and by whom,
// the trick's winner and the deal's result, as short sentences. The last few stay in the region.
import { t, cardName } from './i18n.js';

const KEPT = 10;

/** "Us 134". */
const t18 = (who, points) => t('live.sidePoints', { side: who, points });

export class Announcer {
  constructor(region) {
    this.region = region;
  }

  /** Says what event `ev` of table state `s` means to the player; `name(seat)` names a seat,
   *  `side(t)` a side (a team, or a player at two or three). */
  onEvent(s, ev, name, side = (t) => String(t + 1)) {
    this.say(this.textOf(s, ev, name, side));
  }

  /** Says `text` (nothing when it is empty), keeping the last few lines in the region. */
  say(text) {
    if (!text) return;
    const line = document.createElement('p');
    line.textContent = text;
    this.region.append(line);
    while (this.region.children.length > KEPT) this.region.firstElementChild.remove();
  }

  textOf(s, ev, name, side) {
    // "Us 134 – Them 28": each figure with the side it belongs to.
    const bySide = (values) => (values || []).map((v, t) => t18(side(t), v)).join(', ');
    switch (ev.type) {
      case 'turn': return ev.seat === s.seat && s.seat != null ? t(ev.phase === 'auction' ? 'live.yourCall' : 'live.yourTurn') : null;
      case 'auto_move': return t('live.autoMove', { name: name(ev.seat) });
      case 'auction_call': return s.autoCall ? s.log[s.log.length - 1] : null;
      case 'card_played': return t('live.played', { name: name(ev.seat), card: cardName(ev.card) });
      case 'trick_won': return t('live.trickWon', { name: name(ev.winner), points: ev.points });
      case 'deal_scored': return t('live.dealScored', { deal: ev.deal, scores: bySide(ev.score.score), totals: bySide(ev.totals) });
      default: return null;
    }
  }
}
