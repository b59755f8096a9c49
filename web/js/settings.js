// The settings panel (the gear in the top bar, on every screen): sounds and notifications (one
// switch), card size, animation speed, automatic play of a forced card, the four-colour deck and the
// language. Every choice applies at once and is remembered in this browser (prefs.js, i18n.js).
import { h } from './dom.js';
import { t, pageLanguage, setLanguage, LANGUAGES } from './i18n.js';
import { SETTINGS, setting, setSetting, fourColourDeck, setFourColourDeck } from './prefs.js';

/** Each language by its own name (a player who cannot read the page still finds theirs). */
const LANGUAGE_NAME = { en: 'English', fr: 'Français', pt: 'Português' };

const gearIcon = () => {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'icon icon-gear');
  svg.setAttribute('aria-hidden', 'true');
  svg.dataset.icon = 'gear';
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', 'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z');
  svg.append(path);
  return svg;
};

export class SettingsPanel {
  /** `button`: the top bar's gear; `onChange(name)`: a setting changed (the app redraws). */
  constructor(button, onChange) {
    this.button = button;
    this.onChange = onChange;
    this.overlay = null;
    button.prepend(gearIcon());
    button.addEventListener('click', () => (this.overlay ? this.close() : this.open()));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.overlay) {
        e.preventDefault();
        this.close();
      }
    });
  }

  open() {
    this.overlay = h('div', { class: 'overlay tool-overlay settings-overlay', onclick: (e) => { if (e.target === e.currentTarget) this.close(); } });
    document.body.append(this.overlay);
    this.render();
    this.button.setAttribute('aria-expanded', 'true');
    this.overlay.querySelector('[data-testid="settings-sound"]').focus();
  }

  close() {
    if (!this.overlay) return;
    this.overlay.remove();
    this.overlay = null;
    this.button.setAttribute('aria-expanded', 'false');
    this.button.focus();
  }

  /** A setting changed: remember it, redraw the panel (its texts may be in another language now). */
  changed(name, apply) {
    apply();
    const focused = document.activeElement && document.activeElement.dataset.testid;
    this.onChange(name);
    if (!this.overlay) return;
    this.render();
    if (focused) { const e = this.overlay.querySelector(`[data-testid="${focused}"]`); if (e) e.focus(); }
  }

  render() {
    const row = (label, control, hint) => h('div', { class: 'settings-row' },
      h('label', { class: 'settings-label' }, h('span', { text: label }), control),
      hint ? h('small', { class: 'muted', text: hint }) : null);
    const check = (testid, on, flip) => h('input', { type: 'checkbox', testid, checked: on, onchange: (e) => flip(e.target.checked) });
    const choose = (name, testid) => h('select', { testid, onchange: (e) => this.changed(name, () => setSetting(name, e.target.value)) },
      SETTINGS[name].map((v) => h('option', { value: v, text: t(`settings.${name}.${v}`), selected: setting(name) === v })));
    const titleId = 'settings-title';
    const panel = h('div', { class: 'modal tool-panel settings-panel', testid: 'settings-panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
      h('div', { class: 'tool-head' },
        h('h3', { id: titleId, text: t('settings.title') }),
        h('button', { type: 'button', class: 'btn ghost small', testid: 'settings-close', 'aria-label': t('common.close'), text: '✕', onclick: () => this.close() })),
      row(t('settings.sound'), check('settings-sound', setting('sound'), (on) => this.changed('sound', () => setSetting('sound', on))), t('settings.soundHint')),
      row(t('settings.cardSize'), choose('cardSize', 'settings-card-size')),
      row(t('settings.animation'), choose('animation', 'settings-animation')),
      row(t('settings.autoPlay'), check('settings-auto-play', setting('autoPlay'), (on) => this.changed('autoPlay', () => setSetting('autoPlay', on))), t('settings.autoPlayHint')),
      row(t('tools.fourColour'), check('settings-four-colour', fourColourDeck(), (on) => this.changed('fourColour', () => setFourColourDeck(on))), t('tools.fourColourHint')),
      row(t('settings.language'), h('select', { testid: 'settings-language', onchange: (e) => this.changed('language', () => setLanguage(e.target.value)) },
        LANGUAGES.map((code) => h('option', { value: code, lang: code, text: LANGUAGE_NAME[code] || code, selected: pageLanguage() === code })))));
    this.overlay.replaceChildren(panel);
  }
}
