/**
 * Light and atmosphere shared by the artworks: backgrounds, glows, beams, lasers, haze, stars and
 * the darkening that keeps overlaid titles readable.
 */
import { f, H, rad, type Scene, W } from './scene';

export function background(s: Scene, stops: Array<[number, string]>): void {
  const id = s.linear(stops);
  s.add(`<rect width="${W}" height="${H}" fill="url(#${id})"/>`);
}

export function glow(s: Scene, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): void {
  const id = s.radial([
    [0, color, opacity],
    [0.45, color, opacity * 0.45],
    [1, color, 0],
  ]);
  s.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>`);
}

/** A cone of light from (x, y); angle in degrees, -90 points straight up. */
export function beam(
  s: Scene,
  x: number,
  y: number,
  angle: number,
  spread: number,
  length: number,
  color: string,
  opacity: number,
): string {
  const a1 = rad(angle - spread / 2);
  const a2 = rad(angle + spread / 2);
  const ex = x + Math.cos(rad(angle)) * length;
  const ey = y + Math.sin(rad(angle)) * length;
  const id = s.linear(
    [
      [0, color, opacity],
      [0.35, color, opacity * 0.55],
      [1, color, 0],
    ],
    x,
    y,
    ex,
    ey,
    true,
  );
  const pts = [
    [x, y],
    [x + Math.cos(a1) * length, y + Math.sin(a1) * length],
    [x + Math.cos(a2) * length, y + Math.sin(a2) * length],
  ]
    .map(([px, py]) => `${f(px)},${f(py)}`)
    .join(' ');
  return `<polygon points="${pts}" fill="url(#${id})"/>`;
}

/** A thin laser line with a soft halo, fading towards its end. */
export function laser(
  s: Scene,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: string,
  opacity: number,
  width = 1.6,
): string {
  const id = s.linear(
    [
      [0, color, opacity],
      [0.7, color, opacity * 0.5],
      [1, color, 0],
    ],
    x1,
    y1,
    x2,
    y2,
    true,
  );
  const line = `x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="url(#${id})"`;
  return `<line ${line} stroke-width="${f(width * 5)}" opacity="0.35" filter="url(#${s.blur(4)})"/><line ${line} stroke-width="${f(width)}"/>`;
}

export function screen(markup: string[], extra = ''): string {
  return `<g style="mix-blend-mode:screen"${extra}>${markup.join('')}</g>`;
}

export function haze(
  s: Scene,
  colors: string[],
  count: number,
  area: [number, number, number, number],
  opacity: number,
): void {
  const [x0, y0, x1, y1] = area;
  for (let i = 0; i < count; i += 1) {
    const c = colors[i % colors.length];
    glow(
      s,
      x0 + s.rng() * (x1 - x0),
      y0 + s.rng() * (y1 - y0),
      220 + s.rng() * 320,
      80 + s.rng() * 140,
      c,
      opacity * (0.5 + s.rng() * 0.5),
    );
  }
}

export function stars(s: Scene, n: number, maxY: number, color = '#ffffff'): void {
  const dots: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const r = s.rng() < 0.08 ? 1.5 : 0.6 + s.rng() * 0.7;
    dots.push(
      `<circle cx="${f(s.rng() * W)}" cy="${f(s.rng() ** 1.4 * maxY)}" r="${f(r)}" opacity="${f(0.25 + s.rng() * 0.6)}"/>`,
    );
  }
  s.add(`<g fill="${color}">${dots.join('')}</g>`);
}

/** Keeps the lower-left corner dark for overlaid titles, plus a soft vignette. */
export function readability(s: Scene, strength = 0.72): void {
  const corner = s.linear(
    [
      [0, '#000000', strength],
      [0.45, '#000000', strength * 0.45],
      [1, '#000000', 0],
    ],
    0,
    H,
    W * 0.62,
    H * 0.18,
    true,
  );
  s.add(`<rect width="${W}" height="${H}" fill="url(#${corner})"/>`);
  const bottom = s.linear([
    [0.55, '#000000', 0],
    [1, '#000000', 0.55],
  ]);
  s.add(`<rect width="${W}" height="${H}" fill="url(#${bottom})"/>`);
  const vignette = s.id('vg');
  s.def(
    `<radialGradient id="${vignette}" cx="0.58" cy="0.42" r="0.78">` +
      '<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/>' +
      '</radialGradient>',
  );
  s.add(`<rect width="${W}" height="${H}" fill="url(#${vignette})"/>`);
}
