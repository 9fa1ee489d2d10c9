import { background, beam, glow, readability, screen, stars } from './light';
import { f, H, mulberry32, type Scene, W } from './scene';
import { crowd, ledWall, spill, stageDeck } from './stage';

/** 6 · Alpine night: aurora ribbons over mountains and a glowing stage. */
export function alpineAurora(s: Scene): void {
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
      const peak =
        Math.sin(x / 260 + seed) * rough + Math.sin(x / 90 + seed * 2) * rough * 0.35 + (r() - 0.5) * rough * 0.25;
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
  s.add(
    `<rect x="${sx - 172}" y="572" width="9" height="110" fill="#030810"/><rect x="${sx + 163}" y="572" width="9" height="110" fill="#030810"/>`,
  );
  s.add(`<rect x="${sx - 130}" y="588" width="260" height="82" fill="#0a1f3e"/>`);
  s.add(ledWall(s, sx - 124, 592, 248, 74, 40, '#8f7bff', '#7ff6ff', 0.95));
  const lamps = [sx - 130, sx - 45, sx + 45, sx + 130].map(
    (ax) => `<circle cx="${ax}" cy="560" r="5.5" fill="#e6fbff"/>`,
  );
  s.add(`<g filter="url(#${s.blur(3)})">${lamps.join('')}</g>`);
  stageDeck(s, sx - 182, 676, 364, '#7ff6ff');
  ridge(712, 36, '#03070f', 11);

  spill(s, sx, 740, 560, '#2ad4ff', 0.3);
  crowd(s, { y: 800, scale: 0.76, color: '#020812', hands: 0.06, x0: 640 });
  crowd(s, { y: 890, scale: 1.15, color: '#010306', hands: 0.1 });
  readability(s);
}
