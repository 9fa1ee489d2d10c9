import { describe, expect, it } from 'vitest';
import { parsePastedLineup } from './lineup-paste';

describe('parsePastedLineup', () => {
  it('reads days, stages, headliners and several artists per line', () => {
    const text = `*Amelie Lens
Viernes
Main Stage
Adam Beyer · Charlotte de Witte

Sábado 11:
The Loft:
*Ben Klock
Âme | DJ Koze
`;
    expect(parsePastedLineup(text, { start_date: '2026-07-10', end_date: '2026-07-12' })).toEqual([
      { name: 'Amelie Lens', billing: 'headliner', day: null, stage: null },
      { name: 'Adam Beyer', billing: 'regular', day: '2026-07-10', stage: 'Main Stage' },
      { name: 'Charlotte de Witte', billing: 'regular', day: '2026-07-10', stage: 'Main Stage' },
      { name: 'Ben Klock', billing: 'headliner', day: '2026-07-11', stage: 'The Loft' },
      { name: 'Âme', billing: 'regular', day: '2026-07-11', stage: 'The Loft' },
      { name: 'DJ Koze', billing: 'regular', day: '2026-07-11', stage: 'The Loft' },
    ]);
  });

  it('leaves the day empty when the edition has no such weekday', () => {
    expect(parsePastedLineup('Lunes\nNina Kraviz', { start_date: '2026-07-10', end_date: '2026-07-12' })).toEqual([
      { name: 'Nina Kraviz', billing: 'regular', day: null, stage: null },
    ]);
  });
});

describe('parsePastedLineup: profile addresses', () => {
  it('takes a profile address after a name, or alone on the next line, as that artist link', () => {
    const entries = parsePastedLineup(
      'Amelie Lens https://soundcloud.com/amelielens\n*Bicep · Ben Böhmer https://open.spotify.com/artist/abc123\nhttps://ra.co/dj/benbohmer\nKöbe',
      { start_date: null, end_date: null },
    );
    expect(entries).toEqual([
      {
        name: 'Amelie Lens',
        billing: 'regular',
        day: null,
        stage: null,
        links: { soundcloud: 'https://soundcloud.com/amelielens' },
      },
      { name: 'Bicep', billing: 'headliner', day: null, stage: null },
      {
        name: 'Ben Böhmer',
        billing: 'headliner',
        day: null,
        stage: null,
        links: { spotify: 'https://open.spotify.com/artist/abc123', resident_advisor: 'https://ra.co/dj/benbohmer' },
      },
      { name: 'Köbe', billing: 'regular', day: null, stage: null },
    ]);
  });
});
