// Quiet sounds made in the page with Web Audio (no file is downloaded): the player's turn, a card
// played, a trick won, belote or rebelote, the end of a deal. Off with the settings' one switch
// (prefs.js `sound`, remembered). Browsers start audio only after the player touched the page, so
// the audio context is made at the first click or key press.
import { setting } from './prefs.js';

const VOLUME = 0.07; // quiet: under the level of a notification

/** What each sound is: notes [frequency Hz, start s, length s, wave] or a short noise. */
const SOUNDS = {
  turn: { notes: [[660, 0, 0.12, 'sine'], [880, 0.11, 0.18, 'sine']] },
  card: { noise: 0.05 },
  trick: { notes: [[523, 0, 0.09, 'triangle'], [392, 0.08, 0.14, 'triangle']] },
  belote: { notes: [[784, 0, 0.1, 'sine'], [988, 0.09, 0.1, 'sine'], [1175, 0.18, 0.2, 'sine']] },
  deal: { notes: [[392, 0, 0.35, 'sine'], [494, 0, 0.35, 'sine'], [587, 0, 0.4, 'sine']] },
};

export class Sounds {
  constructor() {
    this.context = null;
    this.played = []; // names of the sounds played (the test hook reads them)
    const unlock = () => this.unlock();
    window.addEventListener('pointerdown', unlock, { capture: true });
    window.addEventListener('keydown', unlock, { capture: true });
  }

  unlock() {
    if (this.context || !setting('sound')) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      this.context = new Context();
    } catch (e) {
      this.context = null;
    }
  }

  /** Plays sound `name` (a key of SOUNDS) unless sounds are off or the page may not play yet. */
  play(name) {
    if (!setting('sound') || !SOUNDS[name]) return;
    if (!this.context) this.unlock();
    const ctx = this.context;
    if (!ctx) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const now = ctx.currentTime + 0.01;
    const out = ctx.createGain();
    out.gain.value = VOLUME;
    out.connect(ctx.destination);
    const sound = SOUNDS[name];
    for (const [freq, at, length, type] of sound.notes || []) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      env.gain.setValueAtTime(0.0001, now + at);
      env.gain.exponentialRampToValueAtTime(1, now + at + 0.015);
      env.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(env).connect(out);
      osc.start(now + at);
      osc.stop(now + at + length + 0.02);
    }
    if (sound.noise) {
      const length = Math.ceil(ctx.sampleRate * sound.noise);
      const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
      const src = ctx.createBufferSource();
      const filter = ctx.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = 2400;
      src.buffer = buffer;
      src.connect(filter).connect(out);
      src.start(now);
    }
    this.played.push(name);
    if (this.played.length > 200) this.played.splice(0, 100);
  }

  /** The sound, if any, of table event `ev` for the player of table state `s` (after it applied). */
  onEvent(s, ev) {
    if (ev.type === 'turn' && s.seat != null && ev.seat === s.seat && ev.legal) this.play('turn');
    else if (ev.type === 'card_played') this.play(ev.belote ? 'belote' : 'card');
    else if (ev.type === 'trick_won') this.play('trick');
    else if (ev.type === 'deal_scored') this.play('deal');
  }
}
