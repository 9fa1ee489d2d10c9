import { background, beam, glow, haze, readability, screen } from './light';
import { f, type Scene } from './scene';
import { crowd, ledWall, spill, stageDeck } from './stage';

/** A fir tree of four widening tiers, for the tree line; only this artwork has trees. */
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
export function duskOpenAir(s: Scene): void {
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
  s.add(
    `<path d="M0 640 C 240 590, 420 600, 640 620 S 1050 590, 1250 612 S 1500 600, 1600 585 L1600 900 L0 900 Z" fill="#2a0d2c"/>`,
  );
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
  s.add(
    `<path d="M${stageX - 190} 470 Q${stageX} 420 ${stageX + 190} 470 L${stageX + 170} 482 L${stageX - 170} 482 Z" fill="#0b0410"/>`,
  );
  s.add(
    `<rect x="${stageX - 170}" y="482" width="10" height="170" fill="#0b0410"/><rect x="${stageX + 160}" y="482" width="10" height="170" fill="#0b0410"/>`,
  );
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
