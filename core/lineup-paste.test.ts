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
