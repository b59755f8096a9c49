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
