import { background, beam, glow, haze, readability, screen, stars } from './light';
import { f, H, type Scene, W } from './scene';
import { crowd, ledWall, spill, stageDeck } from './stage';

/** 7 · Beach night: beams over the sea, reflections on the water. */
export function beachNight(s: Scene): void {
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
    streaks.push(
      `<rect x="${f(cx - w / 2)}" y="${f(y)}" width="${f(w)}" height="1.6" fill="${color}" opacity="${f(0.2 + s.rng() * 0.45)}"/>`,
    );
  }
  s.add(`<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#020818" opacity="0.6"/>`);
  s.add(screen(streaks));
  s.add(`<rect x="0" y="${horizon - 1}" width="${W}" height="1.5" fill="#8fd8ff" opacity="0.35"/>`);

  s.add(`<path d="M760 640 C 950 612, 1220 602, 1600 598 L1600 900 L640 900 Z" fill="#050a18"/>`);
  glow(s, sx, 560, 380, 120, '#5b3bff', 0.4);
  s.add(`<path d="M${sx - 220} 505 L${sx + 220} 505 L${sx + 200} 518 L${sx - 200} 518 Z" fill="#03060e"/>`);
  s.add(
    `<rect x="${sx - 210}" y="518" width="10" height="112" fill="#03060e"/><rect x="${sx + 200}" y="518" width="10" height="112" fill="#03060e"/>`,
  );
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
