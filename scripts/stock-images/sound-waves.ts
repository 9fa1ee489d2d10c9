import { background, glow, readability, screen } from './light';
import { f, H, type Scene, W } from './scene';
import { eqBars } from './stage';

/** Default · Sound waves: layered waveforms around a speaker-like ring. */
export function soundWaves(s: Scene): void {
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
      `<circle cx="${cx}" cy="${cy}" r="${60 + i * 62}" fill="none" stroke="${i % 2 ? '#7b5bff' : '#ff4fd8'}" ` +
        `stroke-width="${f(1.2 + (9 - i) * 0.25)}" opacity="${f(0.5 - i * 0.045)}"/>`,
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
  s.add(
    `<g mask="url(#${mask})"><g filter="url(#${s.blur(6)})" opacity="0.8">${screen(waves)}</g>${screen(waves)}</g>`,
  );
  glow(s, cx, cy, 70, 70, '#ffffff', 0.55);

  s.add(`<g mask="url(#${mask})">${eqBars(s, 560, 700, 1040, 120, 80, '#ff4fd8', '#2e6bff', 0.35, 0.45)}</g>`);
  readability(s);
}
