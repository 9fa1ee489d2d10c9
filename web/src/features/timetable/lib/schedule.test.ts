import { describe, expect, it } from 'vitest';
import { clashes, clashText, daysOf, stagesOf, timedSets } from './schedule';
import type { LineupEntry } from '#core/lineup-types';

const entry = (id: number, name: string, stage: string, start: string, end: string | null): LineupEntry => ({
  id,
  artist: { id, name, slug: name },
  billing: 'regular',
  day: start.slice(0, 10),
  stage,
  starts_at: start,
  ends_at: end,
});

const lineup = [
  entry(1, 'Amelie Lens', 'Principal', '2030-07-10T20:00:00Z', '2030-07-10T21:00:00Z'),
  entry(2, 'Charlotte de Witte', 'Carpa', '2030-07-10T20:30:00Z', '2030-07-10T21:30:00Z'),
  entry(3, 'Boris Brejcha', 'Principal', '2030-07-10T21:00:00Z', null),
  entry(4, 'Sin hora', 'Carpa', '2030-07-11T00:00:00Z', null),
  { ...entry(5, 'Sin horario', 'Carpa', '2030-07-11T00:00:00Z', null), starts_at: null },
];

describe('timetable schedule', () => {
  it('keeps the timed sets, by day and stage', () => {
    const sets = timedSets(lineup, 'Europe/Madrid');
    expect(sets.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(daysOf(sets)).toEqual(['2030-07-10', '2030-07-11']);
    expect(stagesOf(sets.filter((s) => s.day === '2030-07-10'))).toEqual(['Principal', 'Carpa']);
    // A set without a day is on its start's date at the festival: 00:00 UTC is 02:00 in Barcelona.
    expect(timedSets([{ ...lineup[0], day: null, starts_at: '2030-07-10T23:30:00Z' }], 'Europe/Madrid')[0].day).toBe(
      '2030-07-11',
    );
    expect(timedSets([{ ...lineup[0], day: null, starts_at: '2030-07-10T23:30:00Z' }], 'Atlantic/Canary')[0].day).toBe(
      '2030-07-11',
    );
    expect(timedSets([{ ...lineup[0], day: null, starts_at: '2030-07-10T22:30:00Z' }], 'Atlantic/Canary')[0].day).toBe(
      '2030-07-10',
    );
    // Without an end, a set lasts an hour.
    expect(sets[2].end.toISOString()).toBe('2030-07-10T22:00:00.000Z');
  });

  it('finds clashes among picks only; back to back is no clash', () => {
    const sets = timedSets(lineup, 'Europe/Madrid');
    expect([...clashes(sets, new Set([1, 3])).keys()]).toEqual([]);
    const found = clashes(sets, new Set([1, 2, 3]));
    expect(found.get(1)?.map((s) => s.id)).toEqual([2]);
    expect(found.get(2)?.map((s) => s.id)).toEqual([1, 3]);
    // 20:30 UTC is 22:30 in Barcelona in July and 21:30 in Gran Canaria, whatever the device's zone.
    expect(clashText(found.get(1)!, 'Europe/Madrid')).toBe('Coincide con Charlotte de Witte (Carpa, 22:30)');
    expect(clashText(found.get(1)!, 'Atlantic/Canary')).toBe('Coincide con Charlotte de Witte (Carpa, 21:30)');
  });
});
