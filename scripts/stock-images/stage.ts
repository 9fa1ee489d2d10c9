/**
 * Stage furniture and people shared by the artworks: crowds of silhouettes, LED walls, trusses,
 * analyser bars, a DJ booth and the stage deck.
 */
import { glow } from './light';
import { f, H, type Rng, type Scene, W } from './scene';

/** y is the row's baseline, hands the share of people with raised arms, x0..x1 the span it fills. */
interface CrowdOptions {
  y: number;
  scale: number;
  color: string;
  hands: number;
  x0?: number;
  x1?: number;
  jitter?: number;
}

/** One silhouette: head, neck, shoulders and optionally raised forearms. */
export function person(rng: Rng, x: number, by: number, sc: number, raise: boolean): string[] {
  const shapes: string[] = [];
  const headY = by - 31 * sc;
  shapes.push(`<ellipse cx="${f(x)}" cy="${f(headY)}" rx="${f(10 * sc)}" ry="${f(12 * sc)}"/>`);
  shapes.push(`<rect x="${f(x - 5.5 * sc)}" y="${f(headY + 6 * sc)}" width="${f(11 * sc)}" height="${f(14 * sc)}"/>`);
  shapes.push(
    `<path d="M${f(x - 34 * sc)} ${f(H + 10)} L${f(x - 34 * sc)} ${f(by + 10 * sc)} ` +
      `Q${f(x - 33 * sc)} ${f(by - 13 * sc)} ${f(x)} ${f(by - 14 * sc)} ` +
      `Q${f(x + 33 * sc)} ${f(by - 13 * sc)} ${f(x + 34 * sc)} ${f(by + 10 * sc)} L${f(x + 34 * sc)} ${f(H + 10)} Z"/>`,
  );
  if (raise) {
    const sides = rng() < 0.35 ? [-1, 1] : [rng() < 0.5 ? -1 : 1];
    for (const side of sides) {
      // Tapered forearm from the shoulder to a raised hand.
      const sx = x + side * 24 * sc;
      const sy = by - 4 * sc;
      const hx = x + side * (20 + rng() * 26) * sc;
      const hy = by - (76 + rng() * 28) * sc;
      const len = Math.hypot(hx - sx, hy - sy);
      const nx = (hy - sy) / len;
      const ny = -(hx - sx) / len;
      const w0 = 7.5 * sc;
      const w1 = 4.5 * sc;
      shapes.push(
        `<path d="M${f(sx + nx * w0)} ${f(sy + ny * w0)} L${f(hx + nx * w1)} ${f(hy + ny * w1)} ` +
          `L${f(hx - nx * w1)} ${f(hy - ny * w1)} L${f(sx - nx * w0)} ${f(sy - ny * w0)} Z"/>`,
      );
      shapes.push(`<ellipse cx="${f(hx)}" cy="${f(hy - 5 * sc)}" rx="${f(6.2 * sc)}" ry="${f(8.5 * sc)}"/>`);
    }
  }
  return shapes;
}

/** A row of overlapping silhouettes standing on a baseline. */
export function crowd(s: Scene, o: CrowdOptions): void {
  const { rng } = s;
  const shapes: string[] = [];
  let x = (o.x0 ?? 0) - 30;
  const end = (o.x1 ?? W) + 30;
  while (x < end) {
    const sc = o.scale * (0.85 + rng() * 0.3);
    const by = o.y + (rng() - 0.5) * (o.jitter ?? 22) * o.scale;
    shapes.push(...person(rng, x, by, sc, rng() < o.hands));
    x += (30 + rng() * 22) * sc;
  }
  s.add(`<g fill="${o.color}">${shapes.join('')}</g>`);
}

/** Light spilling from the stage over the crowd, so silhouettes stand out. */
export function spill(s: Scene, cx: number, cy: number, rx: number, color: string, opacity: number): void {
  glow(s, cx, cy, rx, rx * 0.22, color, opacity);
}

/** LED wall visual: thin columns mirrored around the centre line, tapering to the edges. */
export function ledWall(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  n: number,
  c1: string,
  c2: string,
  opacity = 0.9,
): string {
  const id = s.linear([
    [0, c1],
    [0.5, c2],
    [1, c1],
  ]);
  const values = spectrum(s.rng, n);
  const bw = w / n;
  const cy = y + h / 2;
  const cols = values.map((v, i) => {
    const t = (i + 0.5) / n;
    const env = Math.sin(Math.PI * t) ** 0.8;
    const bh = Math.max(2, v * env * h * 0.92);
    return `<rect x="${f(x + i * bw + bw * 0.2)}" y="${f(cy - bh / 2)}" width="${f(bw * 0.6)}" height="${f(bh)}" rx="${f(bw * 0.3)}"/>`;
  });
  const markup = `<g fill="url(#${id})">${cols.join('')}</g>`;
  return `<g opacity="${opacity}"><g filter="url(#${s.blur(6)})" opacity="0.7">${markup}</g>${markup}</g>`;
}

export function truss(x: number, y: number, w: number, h: number, color: string, stroke = 2.4): string {
  const segs = Math.max(2, Math.round(w / h));
  const step = w / segs;
  let d = `M${f(x)} ${f(y)} H${f(x + w)} M${f(x)} ${f(y + h)} H${f(x + w)}`;
  for (let i = 0; i < segs; i += 1) {
    const a = x + i * step;
    d += ` M${f(a)} ${f(y)} L${f(a + step / 2)} ${f(y + h)} L${f(a + step)} ${f(y)}`;
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linejoin="round"/>`;
}

/** Smooth pseudo-random spectrum values in 0..1. */
export function spectrum(rng: Rng, n: number): number[] {
  const phases = [rng() * 6, rng() * 6, rng() * 6];
  return Array.from({ length: n }, (_, i) => {
    const t = i / n;
    const base = 0.55 + 0.25 * Math.sin(t * 5.3 + phases[0]) + 0.15 * Math.sin(t * 13.1 + phases[1]);
    const tilt = 1 - 0.45 * t; // more energy in the lows, like a real analyser
    return Math.min(1, Math.max(0.08, (base + 0.25 * (rng() - 0.5) + 0.08 * Math.sin(t * 31 + phases[2])) * tilt));
  });
}

export function eqBars(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  n: number,
  top: string,
  bottom: string,
  opacity = 1,
  gap = 0.28,
): string {
  const id = s.linear([
    [0, top],
    [1, bottom],
  ]);
  const values = spectrum(s.rng, n);
  const bw = w / n;
  return `<g fill="url(#${id})" opacity="${opacity}">${values
    .map((v, i) => {
      const bh = v * h;
      return (
        `<rect x="${f(x + i * bw + (bw * gap) / 2)}" y="${f(y + h - bh)}" width="${f(bw * (1 - gap))}" ` +
        `height="${f(bh)}" rx="${f(Math.min(3, bw * 0.2))}"/>`
      );
    })
    .join('')}</g>`;
}

/** A DJ behind a booth, lit from behind. */
export function djBooth(s: Scene, cx: number, top: number, rim: string): void {
  s.add(`<g fill="#020106">${person(s.rng, cx, top - 2, 1.1, false).join('')}</g>`);
  s.add(`<rect x="${f(cx - 120)}" y="${f(top)}" width="240" height="58" fill="#030208"/>`);
  s.add(`<rect x="${f(cx - 120)}" y="${f(top)}" width="240" height="2.5" fill="${rim}" opacity="0.8"/>`);
}

export function stageDeck(s: Scene, x: number, y: number, w: number, rim: string): void {
  s.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="34" fill="#030107"/>`);
  s.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="2" fill="${rim}" opacity="0.55"/>`);
}
