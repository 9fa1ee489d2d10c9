/**
 * Generates the fallback stock images (seven images chosen by
 * festival id modulo 7, plus a default set) as procedural SVG artwork
 * rasterised with sharp. Nothing is downloaded; output is deterministic.
 *
 *   npx tsx scripts/generate-stock-images.ts
 *
 * Writes web/public/images/stock/festival-{1..7}-{lg,md,sm}.{jpg,avif,webp} and
 * default-{lg,md,sm}.{jpg,avif,webp}. Text is overlaid on these images in the lower
 * left, so every artwork keeps that corner dark and calm.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1600;
const H = 900;
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public/images/stock');
const SIZES = [
  { suffix: 'lg', width: 1600, height: 900 },
  { suffix: 'md', width: 800, height: 450 },
  { suffix: 'sm', width: 400, height: 225 },
] as const;
const JPEG = { quality: 78, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' } as const;

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Collects <defs> and layers of one artwork and hands out unique ids. */
class Scene {
  private readonly defs: string[] = [];
  private readonly layers: string[] = [];
  private readonly blurs = new Map<number, string>();
  private counter = 0;

  constructor(readonly rng: Rng) {}

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.layers.push(markup);
  }

  blur(std: number): string {
    const cached = this.blurs.get(std);
    if (cached) return cached;
    const id = this.id('blur');
    this.def(
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    this.blurs.set(std, id);
    return id;
  }

  linear(stops: Array<[number, string, number?]>, x1 = 0, y1 = 0, x2 = 0, y2 = 1, userSpace = false): string {
    const id = this.id('lg');
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    const body = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
      .join('');
    this.def(`<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${body}</linearGradient>`);
    return id;
  }

  radial(stops: Array<[number, string, number?]>): string {
    const id = this.id('rg');
    const body = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
      .join('');
    this.def(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${body}</radialGradient>`);
    return id;
  }

  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.layers.join('')}</svg>`;
  }
}

// ─── Primitives ─────────────────────────────────────────────────────────────

function background(s: Scene, stops: Array<[number, string]>): void {
  const id = s.linear(stops);
  s.add(`<rect width="${W}" height="${H}" fill="url(#${id})"/>`);
}

function glow(s: Scene, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): void {
  const id = s.radial([
    [0, color, opacity],
    [0.45, color, opacity * 0.45],
    [1, color, 0],
  ]);
  s.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>`);
}

/** A cone of light from (x, y); angle in degrees, -90 points straight up. */
function beam(
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
function laser(s: Scene, x1: number, y1: number, x2: number, y2: number, color: string, opacity: number, width = 1.6): string {
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

function screen(markup: string[], extra = ''): string {
  return `<g style="mix-blend-mode:screen"${extra}>${markup.join('')}</g>`;
}

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
function person(rng: Rng, x: number, by: number, sc: number, raise: boolean): string[] {
  const shapes: string[] = [];
  const headY = by - 31 * sc;
  shapes.push(`<ellipse cx="${f(x)}" cy="${f(headY)}" rx="${f(10 * sc)}" ry="${f(12 * sc)}"/>`);
  shapes.push(`<rect x="${f(x - 5.5 * sc)}" y="${f(headY + 6 * sc)}" width="${f(11 * sc)}" height="${f(14 * sc)}"/>`);
  shapes.push(
    `<path d="M${f(x - 34 * sc)} ${f(H + 10)} L${f(x - 34 * sc)} ${f(by + 10 * sc)} Q${f(x - 33 * sc)} ${f(by - 13 * sc)} ${f(x)} ${f(by - 14 * sc)} Q${f(x + 33 * sc)} ${f(by - 13 * sc)} ${f(x + 34 * sc)} ${f(by + 10 * sc)} L${f(x + 34 * sc)} ${f(H + 10)} Z"/>`,
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
        `<path d="M${f(sx + nx * w0)} ${f(sy + ny * w0)} L${f(hx + nx * w1)} ${f(hy + ny * w1)} L${f(hx - nx * w1)} ${f(hy - ny * w1)} L${f(sx - nx * w0)} ${f(sy - ny * w0)} Z"/>`,
      );
      shapes.push(`<ellipse cx="${f(hx)}" cy="${f(hy - 5 * sc)}" rx="${f(6.2 * sc)}" ry="${f(8.5 * sc)}"/>`);
    }
  }
  return shapes;
}

/** A row of overlapping silhouettes standing on a baseline. */
function crowd(s: Scene, o: CrowdOptions): void {
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
function spill(s: Scene, cx: number, cy: number, rx: number, color: string, opacity: number): void {
  glow(s, cx, cy, rx, rx * 0.22, color, opacity);
}

/** LED wall visual: thin columns mirrored around the centre line, tapering to the edges. */
function ledWall(s: Scene, x: number, y: number, w: number, h: number, n: number, c1: string, c2: string, opacity = 0.9): string {
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

function truss(x: number, y: number, w: number, h: number, color: string, stroke = 2.4): string {
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
function spectrum(rng: Rng, n: number): number[] {
  const phases = [rng() * 6, rng() * 6, rng() * 6];
  return Array.from({ length: n }, (_, i) => {
    const t = i / n;
    const base = 0.55 + 0.25 * Math.sin(t * 5.3 + phases[0]) + 0.15 * Math.sin(t * 13.1 + phases[1]);
    const tilt = 1 - 0.45 * t; // more energy in the lows, like a real analyser
    return Math.min(1, Math.max(0.08, (base + 0.25 * (rng() - 0.5) + 0.08 * Math.sin(t * 31 + phases[2])) * tilt));
  });
}

function eqBars(
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
      return `<rect x="${f(x + i * bw + (bw * gap) / 2)}" y="${f(y + h - bh)}" width="${f(bw * (1 - gap))}" height="${f(bh)}" rx="${f(Math.min(3, bw * 0.2))}"/>`;
    })
    .join('')}</g>`;
}

function haze(s: Scene, colors: string[], count: number, area: [number, number, number, number], opacity: number): void {
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

function stars(s: Scene, n: number, maxY: number, color = '#ffffff'): void {
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
function readability(s: Scene, strength = 0.72): void {
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
    `<radialGradient id="${vignette}" cx="0.58" cy="0.42" r="0.78"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>`,
  );
  s.add(`<rect width="${W}" height="${H}" fill="url(#${vignette})"/>`);
}

// ─── Artworks ───────────────────────────────────────────────────────────────

/** A DJ behind a booth, lit from behind. */
function djBooth(s: Scene, cx: number, top: number, rim: string): void {
  s.add(`<g fill="#020106">${person(s.rng, cx, top - 2, 1.1, false).join('')}</g>`);
  s.add(`<rect x="${f(cx - 120)}" y="${f(top)}" width="240" height="58" fill="#030208"/>`);
  s.add(`<rect x="${f(cx - 120)}" y="${f(top)}" width="240" height="2.5" fill="${rim}" opacity="0.8"/>`);
}

function stageDeck(s: Scene, x: number, y: number, w: number, rim: string): void {
  s.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="34" fill="#030107"/>`);
  s.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="2" fill="${rim}" opacity="0.55"/>`);
}

/** 1 · Main stage: magenta and cyan beams fanning from a truss over a LED wall. */
function mainStage(s: Scene): void {
  background(s, [
    [0, '#05010c'],
    [0.55, '#12052a'],
    [1, '#07020f'],
  ]);
  glow(s, 1000, 400, 760, 430, '#6b2cff', 0.55);
  glow(s, 1000, 450, 420, 230, '#ff2bd6', 0.3);
  haze(s, ['#7b3cff', '#ff2bd6', '#1fb6ff'], 7, [500, 120, 1500, 620], 0.15);

  const cx = 1010;
  const beams: string[] = [];
  const apexes = [690, 780, 870, 960, 1060, 1150, 1240, 1330];
  apexes.forEach((ax, i) => {
    const t = (ax - cx) / 360;
    const color = i % 2 === 0 ? '#ff3bdc' : '#2ee6ff';
    beams.push(beam(s, ax, 250, -90 + t * 40 + (s.rng() - 0.5) * 8, 6 + s.rng() * 4, 900, color, 0.42));
  });
  beams.push(beam(s, 660, 640, -58, 5, 1200, '#9b6bff', 0.32));
  beams.push(beam(s, 1360, 640, -122, 5, 1200, '#9b6bff', 0.32));
  s.add(`<g filter="url(#${s.blur(5)})">${screen(beams)}</g>`);

  const lasers: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const ang = rad(-160 + i * 17.5 + (s.rng() - 0.5) * 4);
    lasers.push(laser(s, cx, 280, cx + Math.cos(ang) * 1300, 280 + Math.sin(ang) * 1300, i % 3 === 0 ? '#ff6ff0' : '#5cf3ff', 0.5));
  }
  s.add(screen(lasers));

  // Stage: roof truss, towers and LED wall.
  s.add(`<rect x="760" y="300" width="500" height="260" fill="#0a0418"/>`);
  glow(s, cx, 430, 340, 190, '#d02bff', 0.35);
  s.add(ledWall(s, 770, 310, 480, 240, 64, '#ff3bdc', '#6fe8ff', 0.95));
  s.add(truss(640, 228, 740, 26, '#24143a', 3));
  s.add(truss(648, 254, 24, 392, '#1a0e2c', 2));
  s.add(truss(1348, 254, 24, 392, '#1a0e2c', 2));
  const spots = apexes.map((ax, i) => `<circle cx="${ax}" cy="250" r="6.5" fill="${i % 2 === 0 ? '#ffc2f4' : '#c9fbff'}"/>`);
  s.add(`<g filter="url(#${s.blur(3)})">${spots.join('')}</g>`);
  stageDeck(s, 580, 620, 860, '#ff6ff0');

  spill(s, cx, 690, 760, '#a03cff', 0.5);
  crowd(s, { y: 716, scale: 0.58, color: '#1c0b32', hands: 0.12 });
  spill(s, cx, 770, 620, '#ff2bd6', 0.22);
  crowd(s, { y: 792, scale: 0.84, color: '#0c0419', hands: 0.16 });
  crowd(s, { y: 885, scale: 1.22, color: '#020104', hands: 0.1 });
  readability(s);
}

/** 2 · Laser tunnel: cyan and violet laser fans from a DJ booth. */
function laserTunnel(s: Scene): void {
  background(s, [
    [0, '#01020a'],
    [0.6, '#070a22'],
    [1, '#02030b'],
  ]);
  const vx = 1090;
  const vy = 380;
  glow(s, vx, vy, 640, 380, '#3a2bff', 0.42);
  haze(s, ['#2bd9ff', '#7a35ff'], 6, [650, 180, 1550, 620], 0.13);

  const sheets: string[] = [];
  sheets.push(beam(s, vx, vy, -178, 14, 1300, '#22e0ff', 0.2));
  sheets.push(beam(s, vx, vy, -2, 14, 800, '#22e0ff', 0.2));
  sheets.push(beam(s, vx, vy, -150, 10, 1200, '#8a3bff', 0.18));
  sheets.push(beam(s, vx, vy, -30, 10, 900, '#8a3bff', 0.18));
  s.add(`<g filter="url(#${s.blur(8)})">${screen(sheets)}</g>`);

  const lasers: string[] = [];
  for (let i = 0; i < 46; i += 1) {
    const ang = rad(-188 + i * 4.1 + (s.rng() - 0.5) * 1.5);
    // Leave the lower-left wedge free of lasers.
    if (Math.cos(ang) < -0.2 && Math.sin(ang) > 0.05) continue;
    const color = i % 4 === 0 ? '#b48bff' : i % 4 === 2 ? '#6a4dff' : '#3ef0ff';
    lasers.push(laser(s, vx, vy, vx + Math.cos(ang) * 1500, vy + Math.sin(ang) * 1500, color, 0.5 + s.rng() * 0.3, 1.3));
  }
  s.add(screen(lasers));
  glow(s, vx, vy, 90, 60, '#e6fbff', 0.9);
  glow(s, vx, vy, 220, 130, '#4fe7ff', 0.42);

  glow(s, vx, 560, 420, 120, '#2b5bff', 0.45);
  djBooth(s, vx, 566, '#6fe9ff');
  stageDeck(s, 640, 624, 960, '#5cf3ff');

  spill(s, vx, 690, 720, '#2f5bff', 0.5);
  crowd(s, { y: 712, scale: 0.58, color: '#0b1136', hands: 0.14, x0: 380 });
  spill(s, vx, 770, 600, '#22c8ff', 0.18);
  crowd(s, { y: 790, scale: 0.86, color: '#050820', hands: 0.18 });
  crowd(s, { y: 885, scale: 1.24, color: '#010106', hands: 0.1 });
  readability(s);
}

function conifer(x: number, base: number, h: number, w: number): string {
  const tiers = 4;
  const right: string[] = [];
  const left: string[] = [];
  for (let k = 1; k <= tiers; k += 1) {
    const y = base - h + (h * k) / (tiers + 0.4);
    const half = (w / 2) * (k / tiers);
    right.push(`${f(x + half)},${f(y)}`, `${f(x + half * 0.42)},${f(y - h * 0.06)}`);
    left.unshift(`${f(x - half * 0.42)},${f(y - h * 0.06)}`, `${f(x - half)},${f(y)}`);
  }
  right.pop();
  left.shift();
  return `<polygon points="${f(x)},${f(base - h)} ${right.join(' ')} ${f(x + 2)},${f(base)} ${f(x - 2)},${f(base)} ${left.join(' ')}"/>`;
}

/** 3 · Open air at dusk: low sun, orange and pink beams over hills. */
function duskOpenAir(s: Scene): void {
  background(s, [
    [0, '#0c0620'],
    [0.35, '#2a0c3e'],
    [0.58, '#7a1f4f'],
    [0.7, '#ff6a2a'],
    [0.72, '#1a0818'],
    [1, '#080309'],
  ]);
  glow(s, 1120, 610, 780, 270, '#ff7a1a', 0.55);
  glow(s, 1120, 600, 230, 230, '#ffd08a', 0.7);
  haze(s, ['#ff4f8b', '#ff8a2a'], 5, [600, 380, 1550, 640], 0.12);

  const beams: string[] = [];
  const stageX = 1180;
  const lamps = [1040, 1110, 1180, 1250, 1320];
  lamps.forEach((ax, i) => {
    beams.push(beam(s, ax, 470, -90 + (i - 2) * 11 + (s.rng() - 0.5) * 6, 6, 720, i % 2 ? '#ffb35c' : '#ff4fa0', 0.34));
  });
  s.add(`<g filter="url(#${s.blur(6)})">${screen(beams)}</g>`);

  // Hills and a ragged tree line, left open around the stage.
  s.add(`<path d="M0 640 C 240 590, 420 600, 640 620 S 1050 590, 1250 612 S 1500 600, 1600 585 L1600 900 L0 900 Z" fill="#2a0d2c"/>`);
  const trees: string[] = [];
  let tx = -20;
  while (tx < 1620) {
    const th = 38 + s.rng() * 58;
    const tw = 20 + s.rng() * 16;
    const base = 646 + Math.sin(tx / 180) * 8;
    if (tx < 930 || tx > 1430) trees.push(conifer(tx, base, th, tw));
    tx += tw * (0.45 + s.rng() * 0.45);
  }
  s.add(`<g fill="#150718">${trees.join('')}</g>`);
  s.add(`<path d="M0 690 C 300 660, 600 680, 900 672 S 1400 660, 1600 676 L1600 900 L0 900 Z" fill="#0d0510"/>`);

  // Open-air stage with a curved roof.
  s.add(`<path d="M${stageX - 190} 470 Q${stageX} 420 ${stageX + 190} 470 L${stageX + 170} 482 L${stageX - 170} 482 Z" fill="#0b0410"/>`);
  s.add(`<rect x="${stageX - 170}" y="482" width="10" height="170" fill="#0b0410"/><rect x="${stageX + 160}" y="482" width="10" height="170" fill="#0b0410"/>`);
  s.add(`<rect x="${stageX - 125}" y="505" width="250" height="118" fill="#2a0a22"/>`);
  s.add(ledWall(s, stageX - 120, 510, 240, 108, 40, '#ff4f8b', '#ffd3a0', 0.95));
  stageDeck(s, stageX - 205, 636, 410, '#ffb35c');
  const spots = lamps.map((ax) => `<circle cx="${ax}" cy="470" r="6" fill="#fff0d6"/>`);
  s.add(`<g filter="url(#${s.blur(3)})">${spots.join('')}</g>`);

  spill(s, stageX, 700, 620, '#ff6a2a', 0.38);
  crowd(s, { y: 738, scale: 0.64, color: '#14060f', hands: 0.14 });
  crowd(s, { y: 870, scale: 1.18, color: '#030103', hands: 0.1 });
  readability(s, 0.66);
}

/** 4 · Warehouse: red strobes and amber spots under industrial arches. */
function warehouse(s: Scene): void {
  background(s, [
    [0, '#060203'],
    [0.6, '#170508'],
    [1, '#050102'],
  ]);
  glow(s, 1060, 300, 720, 330, '#ff2a3d', 0.34);
  haze(s, ['#ff2a3d', '#ff8a1f'], 7, [600, 160, 1550, 650], 0.13);

  const arches: string[] = [];
  const vx = 1060;
  const vy = 330;
  for (let i = 0; i < 9; i += 1) {
    const k = 0.22 + i * 0.115;
    const w = 2000 * k;
    const top = vy - 520 * k;
    const base = vy + 420 * k;
    arches.push(
      `<path d="M${f(vx - w / 2)} ${f(base)} L${f(vx - w / 2)} ${f(vy)} Q${f(vx)} ${f(top - 60 * k)} ${f(vx + w / 2)} ${f(vy)} L${f(vx + w / 2)} ${f(base)}" fill="none" stroke="#3a0c15" stroke-width="${f(3 + k * 9)}"/>`,
    );
  }
  s.add(`<g>${arches.join('')}</g>`);

  const spots: string[] = [];
  const heads: string[] = [];
  [780, 900, 1020, 1140, 1260, 1380].forEach((ax, i) => {
    const ay = 120 + Math.abs(ax - vx) * 0.08;
    const ang = 90 + (ax - vx) / 16 + (s.rng() - 0.5) * 10;
    spots.push(beam(s, ax, ay, ang, 10, 760, i % 2 ? '#ffb020' : '#ff3347', 0.3));
    heads.push(`<circle cx="${ax}" cy="${f(ay)}" r="8" fill="${i % 2 ? '#ffe0a0' : '#ffb0b8'}"/>`);
  });
  s.add(`<g filter="url(#${s.blur(7)})">${screen(spots)}</g>`);
  s.add(`<g filter="url(#${s.blur(3)})">${heads.join('')}</g>`);

  const lasers: string[] = [];
  for (let i = 0; i < 22; i += 1) {
    const ang = rad(-12 + i * 1.3);
    lasers.push(laser(s, 1560, 360, 1560 - Math.cos(ang) * 1150, 360 + Math.sin(ang) * 1150, '#ff2d4a', 0.55, 1.2));
  }
  s.add(screen(lasers));
  glow(s, 1560, 360, 80, 60, '#ffd0d6', 0.8);
  glow(s, 940, 150, 160, 70, '#ffffff', 0.25);
  glow(s, 1220, 170, 140, 60, '#ffe2b0', 0.22);

  glow(s, vx, 560, 360, 110, '#ff3a2a', 0.4);
  djBooth(s, vx, 570, '#ff8a5c');
  stageDeck(s, 760, 628, 700, '#ff4a3a');

  spill(s, vx, 690, 700, '#ff2a3d', 0.42);
  crowd(s, { y: 712, scale: 0.6, color: '#220609', hands: 0.2 });
  spill(s, vx, 770, 600, '#ff8a1f', 0.16);
  crowd(s, { y: 790, scale: 0.88, color: '#0e0204', hands: 0.22 });
  crowd(s, { y: 885, scale: 1.25, color: '#020001', hands: 0.12 });
  readability(s);
}

/** 5 · Spectrum horizon: a giant analyser reflected on a dark floor. */
function spectrumHorizon(s: Scene): void {
  background(s, [
    [0, '#03020b'],
    [0.55, '#0d0626'],
    [1, '#020108'],
  ]);
  const horizon = 560;
  glow(s, 1050, horizon, 900, 240, '#9b3bff', 0.45);
  glow(s, 1050, horizon, 480, 90, '#19f0c8', 0.3);
  haze(s, ['#a24bff', '#ff3fa4'], 5, [500, 200, 1550, 520], 0.12);

  const x0 = 330;
  const width = 1300;
  const n = 84;
  const values = spectrum(s.rng, n);
  const bw = width / n;
  const fill = s.linear([
    [0, '#ff4fb0'],
    [0.55, '#b05bff'],
    [1, '#2be8d2'],
  ]);
  const rects: string[] = [];
  const caps: string[] = [];
  values.forEach((v, i) => {
    const t = i / (n - 1);
    const env = Math.min(1, t * 3.2) * (1 - 0.25 * t);
    const bh = Math.max(4, v * env * 330);
    const x = x0 + i * bw + bw * 0.18;
    rects.push(`<rect x="${f(x)}" y="${f(horizon - bh)}" width="${f(bw * 0.64)}" height="${f(bh)}" rx="1.5"/>`);
    caps.push(`<rect x="${f(x)}" y="${f(horizon - bh - 12 - s.rng() * 16)}" width="${f(bw * 0.64)}" height="3" rx="1"/>`);
  });
  const bars = `<g fill="url(#${fill})">${rects.join('')}</g>`;
  const fade = s.linear(
    [
      [0, '#ffffff', 0],
      [0.22, '#ffffff', 1],
    ],
    x0,
    0,
    x0 + width,
    0,
    true,
  );
  const fadeMask = s.id('fm');
  s.def(`<mask id="${fadeMask}"><rect width="${W}" height="${H}" fill="url(#${fade})"/></mask>`);
  const scene = `<g filter="url(#${s.blur(10)})" opacity="0.65">${bars}</g>${bars}<g fill="#e9fff9" opacity="0.8">${caps.join('')}</g>`;
  s.add(`<g mask="url(#${fadeMask})">${scene}</g>`);

  const reflectGrad = s.linear([
    [0, '#ffffff', 0.4],
    [0.55, '#ffffff', 0],
  ]);
  const mask = s.id('mask');
  s.def(`<mask id="${mask}"><rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${reflectGrad})"/></mask>`);
  s.add(
    `<g mask="url(#${mask})"><g mask="url(#${fadeMask})"><g transform="translate(0 ${horizon * 2}) scale(1 -1)" filter="url(#${s.blur(3)})">${bars}</g></g></g>`,
  );
  s.add(`<rect x="0" y="${horizon - 1}" width="${W}" height="2" fill="#c9fff4" opacity="0.5"/>`);
  glow(s, 1050, horizon, 720, 16, '#bffcf0', 0.5);

  const beams: string[] = [];
  [560, 860, 1260, 1540].forEach((ax, i) => beams.push(beam(s, ax, horizon, -90 + (i - 1.5) * 9, 4, 700, i % 2 ? '#2be8d2' : '#c26bff', 0.24)));
  s.add(`<g filter="url(#${s.blur(6)})">${screen(beams)}</g>`);

  readability(s);
}

/** 6 · Alpine night: aurora ribbons over mountains and a glowing stage. */
function alpineAurora(s: Scene): void {
  background(s, [
    [0, '#01030a'],
    [0.5, '#04132a'],
    [1, '#01040a'],
  ]);
  stars(s, 260, 520);

  const ribbons: string[] = [];
  const ribbon = (y: number, amp: number, thick: number, c1: string, c2: string, phase: number) => {
    const pts: string[] = [];
    const bottom: string[] = [];
    for (let x = 300; x <= 1650; x += 40) {
      const yy = y + Math.sin(x / 210 + phase) * amp + Math.sin(x / 97 + phase * 2) * amp * 0.3;
      pts.push(`${x},${f(yy)}`);
      bottom.unshift(`${x},${f(yy + thick * (0.7 + 0.3 * Math.sin(x / 150 + phase)))}`);
    }
    const id = s.linear([
      [0, c1, 0],
      [0.25, c1, 0.6],
      [0.65, c2, 0.35],
      [1, c2, 0],
    ]);
    const horiz = s.linear(
      [
        [0, '#ffffff', 0],
        [0.3, '#ffffff', 1],
        [0.85, '#ffffff', 1],
        [1, '#ffffff', 0],
      ],
      0,
      0,
      1,
      0,
    );
    const mask = s.id('am');
    s.def(`<mask id="${mask}"><rect x="300" y="0" width="1350" height="${H}" fill="url(#${horiz})"/></mask>`);
    ribbons.push(`<polygon points="${pts.join(' ')} ${bottom.join(' ')}" fill="url(#${id})" mask="url(#${mask})"/>`);
  };
  ribbon(140, 55, 170, '#2cffb0', '#2ad4ff', 0.4);
  ribbon(220, 40, 120, '#35ffd0', '#8f5bff', 2.1);
  ribbon(100, 30, 90, '#8f5bff', '#ff5bd8', 4.2);
  s.add(`<g filter="url(#${s.blur(11)})">${screen(ribbons)}</g>`);

  const ridge = (base: number, rough: number, color: string, seed: number) => {
    const r = mulberry32(seed);
    let d = `M0 ${H} L0 ${base}`;
    for (let x = 0; x <= W; x += 40) {
      const peak = Math.sin(x / 260 + seed) * rough + Math.sin(x / 90 + seed * 2) * rough * 0.35 + (r() - 0.5) * rough * 0.25;
      d += ` L${x} ${f(base - peak)}`;
    }
    d += ` L${W} ${H} Z`;
    s.add(`<path d="${d}" fill="${color}"/>`);
  };
  ridge(520, 120, '#0c1b33', 3);
  ridge(600, 90, '#07111f', 7);

  const sx = 1180;
  glow(s, sx, 620, 460, 170, '#2ad4ff', 0.4);
  const beams: string[] = [];
  [sx - 130, sx - 45, sx + 45, sx + 130].forEach((ax, i) =>
    beams.push(beam(s, ax, 560, -90 + (i - 1.5) * 8, 5, 600, i % 2 ? '#8f7bff' : '#4fe8ff', 0.36)),
  );
  s.add(`<g filter="url(#${s.blur(5)})">${screen(beams)}</g>`);
  s.add(`<path d="M${sx - 190} 560 L${sx + 190} 560 L${sx + 172} 572 L${sx - 172} 572 Z" fill="#030810"/>`);
  s.add(`<rect x="${sx - 172}" y="572" width="9" height="110" fill="#030810"/><rect x="${sx + 163}" y="572" width="9" height="110" fill="#030810"/>`);
  s.add(`<rect x="${sx - 130}" y="588" width="260" height="82" fill="#0a1f3e"/>`);
  s.add(ledWall(s, sx - 124, 592, 248, 74, 40, '#8f7bff', '#7ff6ff', 0.95));
  const lamps = [sx - 130, sx - 45, sx + 45, sx + 130].map((ax) => `<circle cx="${ax}" cy="560" r="5.5" fill="#e6fbff"/>`);
  s.add(`<g filter="url(#${s.blur(3)})">${lamps.join('')}</g>`);
  stageDeck(s, sx - 182, 676, 364, '#7ff6ff');
  ridge(712, 36, '#03070f', 11);

  spill(s, sx, 740, 560, '#2ad4ff', 0.3);
  crowd(s, { y: 800, scale: 0.76, color: '#020812', hands: 0.06, x0: 640 });
  crowd(s, { y: 890, scale: 1.15, color: '#010306', hands: 0.1 });
  readability(s);
}

/** 7 · Beach night: beams over the sea, reflections on the water. */
function beachNight(s: Scene): void {
  const horizon = 540;
  background(s, [
    [0, '#020516'],
    [0.58, '#0a1a44'],
    [0.6, '#06112c'],
    [1, '#010510'],
  ]);
  stars(s, 120, 380, '#dfe8ff');
  glow(s, 1150, horizon, 820, 200, '#1f6bff', 0.35);
  glow(s, 430, 160, 54, 54, '#eef4ff', 0.9);
  glow(s, 430, 160, 170, 170, '#8fb3ff', 0.16);
  haze(s, ['#20e3ff', '#ff3cc7'], 5, [700, 250, 1550, 520], 0.11);

  const sx = 1200;
  const lampsX = [sx - 170, sx - 85, sx, sx + 85, sx + 170];
  const beams: string[] = [];
  lampsX.forEach((ax, i) =>
    beams.push(beam(s, ax, 505, -90 + (i - 2) * 13 + (s.rng() - 0.5) * 5, 6, 720, i % 2 ? '#ff4fd2' : '#2be6ff', 0.38)),
  );
  s.add(`<g filter="url(#${s.blur(5)})">${screen(beams)}</g>`);

  const streaks: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const y = horizon + 8 + s.rng() ** 1.3 * 240;
    const spread = 60 + (y - horizon) * 1.1;
    const onMoon = s.rng() < 0.28;
    const cx = onMoon ? 430 + (s.rng() - 0.5) * spread * 0.5 : sx + (s.rng() - 0.5) * spread * 1.6;
    const w = 10 + s.rng() * 40;
    const color = onMoon ? '#cfe0ff' : s.rng() < 0.5 ? '#2be6ff' : '#ff4fd2';
    streaks.push(`<rect x="${f(cx - w / 2)}" y="${f(y)}" width="${f(w)}" height="1.6" fill="${color}" opacity="${f(0.2 + s.rng() * 0.45)}"/>`);
  }
  s.add(`<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#020818" opacity="0.6"/>`);
  s.add(screen(streaks));
  s.add(`<rect x="0" y="${horizon - 1}" width="${W}" height="1.5" fill="#8fd8ff" opacity="0.35"/>`);

  s.add(`<path d="M760 640 C 950 612, 1220 602, 1600 598 L1600 900 L640 900 Z" fill="#050a18"/>`);
  glow(s, sx, 560, 380, 120, '#5b3bff', 0.4);
  s.add(`<path d="M${sx - 220} 505 L${sx + 220} 505 L${sx + 200} 518 L${sx - 200} 518 Z" fill="#03060e"/>`);
  s.add(`<rect x="${sx - 210}" y="518" width="10" height="112" fill="#03060e"/><rect x="${sx + 200}" y="518" width="10" height="112" fill="#03060e"/>`);
  s.add(`<rect x="${sx - 150}" y="532" width="300" height="84" fill="#0c0f3a"/>`);
  s.add(ledWall(s, sx - 144, 536, 288, 76, 48, '#ff4fd2', '#7ff6ff', 0.95));
  stageDeck(s, sx - 240, 624, 480, '#2be6ff');
  const lamps = lampsX.map((ax) => `<circle cx="${ax}" cy="505" r="6" fill="#e8fbff"/>`);
  s.add(`<g filter="url(#${s.blur(3)})">${lamps.join('')}</g>`);

  spill(s, sx, 700, 560, '#2b7bff', 0.4);
  crowd(s, { y: 740, scale: 0.66, color: '#040a22', hands: 0.16, x0: 740 });
  crowd(s, { y: 885, scale: 1.2, color: '#010208', hands: 0.1 });
  readability(s);
}

/** Default · Sound waves: layered waveforms around a speaker-like ring. */
function soundWaves(s: Scene): void {
  background(s, [
    [0, '#04020c'],
    [0.5, '#0e0522'],
    [1, '#03010a'],
  ]);
  const cx = 1080;
  const cy = 420;
  glow(s, cx, cy, 780, 410, '#5d2bff', 0.42);
  glow(s, cx, cy, 300, 220, '#ff2bd6', 0.22);

  const rings: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    rings.push(
      `<circle cx="${cx}" cy="${cy}" r="${60 + i * 62}" fill="none" stroke="${i % 2 ? '#7b5bff' : '#ff4fd8'}" stroke-width="${f(1.2 + (9 - i) * 0.25)}" opacity="${f(0.5 - i * 0.045)}"/>`,
    );
  }
  s.add(screen(rings));

  const waves: string[] = [];
  const colors = ['#2ee6ff', '#ff3bdc', '#9b6bff', '#5cf3ff', '#ff7ae8'];
  for (let k = 0; k < 14; k += 1) {
    const amp = 40 + s.rng() * 150;
    const freq = 0.006 + s.rng() * 0.01;
    const phase = s.rng() * 6;
    let d = '';
    for (let x = 0; x <= 1640; x += 12) {
      // Envelope peaks near the ring so the left third stays quiet.
      const env = Math.exp(-(((x - cx) / 430) ** 2));
      const y = cy + Math.sin(x * freq + phase) * amp * env + Math.sin(x * freq * 2.7 + phase) * amp * 0.25 * env;
      d += `${d ? ' L' : 'M'}${x} ${f(y)}`;
    }
    waves.push(
      `<path d="${d}" fill="none" stroke="${colors[k % colors.length]}" stroke-width="${f(1.2 + s.rng() * 1.6)}" opacity="${f(0.35 + s.rng() * 0.5)}"/>`,
    );
  }
  const fade = s.linear(
    [
      [0, '#ffffff', 0],
      [1, '#ffffff', 1],
    ],
    180,
    0,
    720,
    0,
    true,
  );
  const mask = s.id('wm');
  s.def(`<mask id="${mask}"><rect width="${W}" height="${H}" fill="url(#${fade})"/></mask>`);
  s.add(`<g mask="url(#${mask})"><g filter="url(#${s.blur(6)})" opacity="0.8">${screen(waves)}</g>${screen(waves)}</g>`);
  glow(s, cx, cy, 70, 70, '#ffffff', 0.55);

  s.add(`<g mask="url(#${mask})">${eqBars(s, 560, 700, 1040, 120, 80, '#ff4fd8', '#2e6bff', 0.35, 0.45)}</g>`);
  readability(s);
}

const ARTWORKS: Array<{ name: string; seed: number; draw: (s: Scene) => void }> = [
  { name: 'festival-1', seed: 101, draw: mainStage },
  { name: 'festival-2', seed: 202, draw: laserTunnel },
  { name: 'festival-3', seed: 303, draw: duskOpenAir },
  { name: 'festival-4', seed: 404, draw: warehouse },
  { name: 'festival-5', seed: 505, draw: spectrumHorizon },
  { name: 'festival-6', seed: 606, draw: alpineAurora },
  { name: 'festival-7', seed: 707, draw: beachNight },
  { name: 'default', seed: 808, draw: soundWaves },
];

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const only = process.argv.slice(2);
  for (const art of ARTWORKS) {
    if (only.length > 0 && !only.includes(art.name)) continue;
    const scene = new Scene(mulberry32(art.seed));
    art.draw(scene);
    const raster = await sharp(Buffer.from(scene.toSvg())).png().toBuffer();
    for (const size of SIZES) {
      const file = path.join(OUT_DIR, `${art.name}-${size.suffix}.jpg`);
      await sharp(raster)
        .resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' })
        .jpeg(JPEG)
        .toFile(file);
      const { size: bytes } = await stat(file);
      console.log(`${path.relative(process.cwd(), file)}  ${(bytes / 1024).toFixed(1)} KB`);
      // The same picture in AVIF and WebP, at the settings of the uploaded photos' copies
      // (functions/lib/image-variants.ts), for browsers that take them through <picture>.
      for (const format of ['avif', 'webp'] as const) {
        const copy = path.join(OUT_DIR, `${art.name}-${size.suffix}.${format}`);
        const resized = sharp(raster).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' });
        await (format === 'avif' ? resized.avif({ quality: 50, effort: 4 }) : resized.webp({ quality: 75, effort: 4 })).toFile(copy);
        console.log(`${path.relative(process.cwd(), copy)}  ${((await stat(copy)).size / 1024).toFixed(1)} KB`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
