import { background, beam, glow, haze, laser, readability, screen } from './light';
import { rad, type Scene } from './scene';
import { crowd, djBooth, spill, stageDeck } from './stage';

/** 2 · Laser tunnel: cyan and violet laser fans from a DJ booth. */
export function laserTunnel(s: Scene): void {
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
    lasers.push(
      laser(s, vx, vy, vx + Math.cos(ang) * 1500, vy + Math.sin(ang) * 1500, color, 0.5 + s.rng() * 0.3, 1.3),
    );
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
