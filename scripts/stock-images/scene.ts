/**
 * What every stock artwork is drawn with: the canvas size, a seeded random generator (so the same
 * seed always gives the same picture, and re-running the generator leaves the committed files
 * unchanged), number formatting for SVG attributes and the Scene that collects the SVG markup.
 */
export const W = 1600;
export const H = 900;

export type Rng = () => number;

/** Small seeded generator: Math.random would make every run produce different files. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal is plenty at 1600 px and keeps the SVG short. */
export const f = (n: number) => (Math.round(n * 10) / 10).toString();
export const rad = (deg: number) => (deg * Math.PI) / 180;

/** Collects <defs> and layers of one artwork and hands out unique ids. */
export class Scene {
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
    const body = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('');
    this.def(
      `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${body}</linearGradient>`,
    );
    return id;
  }

  radial(stops: Array<[number, string, number?]>): string {
    const id = this.id('rg');
    const body = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('');
    this.def(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${body}</radialGradient>`);
    return id;
  }

  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.layers.join('')}</svg>`;
  }
}
