import { background, beam, glow, haze, laser, readability, screen } from './light';
import { f, rad, type Scene } from './scene';
import { crowd, djBooth, spill, stageDeck } from './stage';

/** 4 · Warehouse: red strobes and amber spots under industrial arches. */
export function warehouse(s: Scene): void {
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
      `<path d="M${f(vx - w / 2)} ${f(base)} L${f(vx - w / 2)} ${f(vy)} Q${f(vx)} ${f(top - 60 * k)} ${f(vx + w / 2)} ${f(vy)} ` +
        `L${f(vx + w / 2)} ${f(base)}" fill="none" stroke="#3a0c15" stroke-width="${f(3 + k * 9)}"/>`,
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
