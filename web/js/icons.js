// Small inline SVG icons: emoji such as 👁 and ⏱ are empty boxes where no emoji font is installed.
const SVG_NS = 'http://www.w3.org/2000/svg';

function icon(name, parts) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', `icon icon-${name}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.dataset.icon = name;
  for (const [tag, attrs] of parts) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
  }
  return svg;
}

const STROKE = { fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' };

/** A stopwatch: the time per move. */
export const clockIcon = () => icon('clock', [
  ['circle', { cx: 12, cy: 13, r: 8, ...STROKE }],
  ['path', { d: 'M12 9v4l3 2M10 2h4M12 2v3', ...STROKE }],
]);

/** An eye: spectators. */
export const eyeIcon = () => icon('eye', [
  ['path', { d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', ...STROKE }],
  ['circle', { cx: 12, cy: 12, r: 3, fill: 'currentColor' }],
]);

/** Emotes of the quick chat (docs/protocol.md "chat"), drawn here: no emoji font is needed. */
export const EMOTE_ICONS = {
  /** A smiling face. */
  smile: () => icon('smile', [
    ['circle', { cx: 12, cy: 12, r: 9, ...STROKE }],
    ['path', { d: 'M8 14.5c1 1.5 2.4 2.2 4 2.2s3-.7 4-2.2', ...STROKE }],
    ['circle', { cx: 9, cy: 10, r: 1.3, fill: 'currentColor' }],
    ['circle', { cx: 15, cy: 10, r: 1.3, fill: 'currentColor' }],
  ]),
  /** A heart. */
  heart: () => icon('heart', [
    ['path', { d: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.4 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z', fill: 'currentColor' }],
  ]),
  /** A star: bravo. */
  star: () => icon('star', [
    ['path', { d: 'M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z', fill: 'currentColor' }],
  ]),
};
