import { background, beam, glow, haze, readability, screen } from './light';
import { f, H, type Scene, W } from './scene';
import { spectrum } from './stage';

/** 5 · Spectrum horizon: a giant analyser reflected on a dark floor. */
export function spectrumHorizon(s: Scene): void {
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
    caps.push(
      `<rect x="${f(x)}" y="${f(horizon - bh - 12 - s.rng() * 16)}" width="${f(bw * 0.64)}" height="3" rx="1"/>`,
    );
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
  s.def(
    `<mask id="${mask}"><rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${reflectGrad})"/></mask>`,
  );
  s.add(
    `<g mask="url(#${mask})"><g mask="url(#${fadeMask})">` +
      `<g transform="translate(0 ${horizon * 2}) scale(1 -1)" filter="url(#${s.blur(3)})">${bars}</g></g></g>`,
  );
  s.add(`<rect x="0" y="${horizon - 1}" width="${W}" height="2" fill="#c9fff4" opacity="0.5"/>`);
  glow(s, 1050, horizon, 720, 16, '#bffcf0', 0.5);

  const beams: string[] = [];
  [560, 860, 1260, 1540].forEach((ax, i) =>
    beams.push(beam(s, ax, horizon, -90 + (i - 1.5) * 9, 4, 700, i % 2 ? '#2be8d2' : '#c26bff', 0.24)),
  );
  s.add(`<g filter="url(#${s.blur(6)})">${screen(beams)}</g>`);

  readability(s);
}
