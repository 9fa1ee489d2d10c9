import { background, beam, glow, haze, laser, readability, screen } from './light';
import { rad, type Scene } from './scene';
import { crowd, ledWall, spill, stageDeck, truss } from './stage';

/** 1 · Main stage: magenta and cyan beams fanning from a truss over a LED wall. */
export function mainStage(s: Scene): void {
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
    lasers.push(
      laser(
        s,
        cx,
        280,
        cx + Math.cos(ang) * 1300,
        280 + Math.sin(ang) * 1300,
        i % 3 === 0 ? '#ff6ff0' : '#5cf3ff',
        0.5,
      ),
    );
  }
  s.add(screen(lasers));

  // Stage: roof truss, towers and LED wall.
  s.add(`<rect x="760" y="300" width="500" height="260" fill="#0a0418"/>`);
  glow(s, cx, 430, 340, 190, '#d02bff', 0.35);
  s.add(ledWall(s, 770, 310, 480, 240, 64, '#ff3bdc', '#6fe8ff', 0.95));
  s.add(truss(640, 228, 740, 26, '#24143a', 3));
  s.add(truss(648, 254, 24, 392, '#1a0e2c', 2));
  s.add(truss(1348, 254, 24, 392, '#1a0e2c', 2));
  const spots = apexes.map(
    (ax, i) => `<circle cx="${ax}" cy="250" r="6.5" fill="${i % 2 === 0 ? '#ffc2f4' : '#c9fbff'}"/>`,
  );
  s.add(`<g filter="url(#${s.blur(3)})">${spots.join('')}</g>`);
  stageDeck(s, 580, 620, 860, '#ff6ff0');

  spill(s, cx, 690, 760, '#a03cff', 0.5);
  crowd(s, { y: 716, scale: 0.58, color: '#1c0b32', hands: 0.12 });
  spill(s, cx, 770, 620, '#ff2bd6', 0.22);
  crowd(s, { y: 792, scale: 0.84, color: '#0c0419', hands: 0.16 });
  crowd(s, { y: 885, scale: 1.22, color: '#020104', hands: 0.1 });
  readability(s);
}
