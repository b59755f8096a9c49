// Trick animation: when a trick is won, a copy of it (in a fixed layer outside the re-rendered
// table, so later renders do not cut it short) holds still for a moment, then slides toward the
// winner's seat, shrinks and fades; the felt's own copy of the trick is hidden meanwhile. Nothing
// moves for players who ask for reduced motion or turn animations off in the settings: the won trick
// then stays on the felt, as before; "fast" animations take half the time. The next trick's first
// card, or its end, ends a flight at once, so the copy never covers a new lead (robots may lead at once).
import { animationFactor } from './prefs.js';

const HOLD_MS = 350;  // time to see the completed trick
const MOVE_MS = 500;  // the slide to the winner

const reducedMotion = () => animationFactor() === 0 || (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

export class TrickFly {
  constructor() {
    this.flown = null; // key of the last trick sent to its winner
    this.flight = null; // { animation, copy } while a won trick is flying
  }

  /** Key of the completed trick shown in `s`, or null while a trick is in play. */
  static key(s) {
    if (!s.trick || !s.trick.done || s.trick.winner == null) return null;
    return `${s.table}/${s.deal}/${s.tricks_won.reduce((a, b) => a + b, 0)}`;
  }

  /** After each render of the table in `root`: starts the animation of a newly won trick. */
  afterRender(s, root) {
    const key = TrickFly.key(s);
    if (!key && s.trick && s.trick.cards.length > 0) this.land();
    const trick = root.querySelector('[data-testid="trick"]');
    if (!key || !trick || reducedMotion() || document.hidden || typeof trick.animate !== 'function') return;
    if (key !== this.flown) {
      const seat = root.querySelector(`[data-testid="seat-${s.trick.winner}"]`);
      if (!seat) return;
      this.flown = key;
      this.fly(trick, seat);
    }
    trick.classList.add('collected');
  }

  /** Animates a copy of `trick` toward `seat`, then removes it; a flight still in the air lands first. */
  fly(trick, seat) {
    this.land();
    const from = trick.getBoundingClientRect();
    const to = seat.getBoundingClientRect();
    const copy = trick.cloneNode(true);
    copy.removeAttribute('data-testid');
    for (const e of copy.querySelectorAll('[data-testid]')) e.removeAttribute('data-testid');
    for (const e of copy.querySelectorAll('.trick-note')) e.remove();
    copy.classList.add('trick-fly');
    if (trick.closest('.two-seats')) copy.classList.add('two-seats');
    if (trick.closest('.three-seats')) copy.classList.add('three-seats');
    copy.setAttribute('aria-hidden', 'true');
    Object.assign(copy.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
    document.body.append(copy);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const animation = copy.animate([
      { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(.35)`, opacity: 0 },
    ], { duration: MOVE_MS * animationFactor(), delay: HOLD_MS * animationFactor(), easing: 'cubic-bezier(.5, 0, .75, .4)', fill: 'both' });
    const flight = { animation, copy };
    const done = () => {
      copy.remove();
      if (this.flight === flight) this.flight = null;
    };
    animation.onfinish = done;
    animation.oncancel = done;
    this.flight = flight;
  }

  /** Ends the flight in progress at once, its copy removed before the next paint. */
  land() {
    if (!this.flight) return;
    const { animation, copy } = this.flight;
    this.flight = null;
    copy.remove();
    animation.cancel();
  }
}
