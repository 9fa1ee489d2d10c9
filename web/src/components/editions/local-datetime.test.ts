import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-datetime';

// The process's own zone must not matter when the festival's is known: run under any TZ.
describe('set times typed on the festival clock', () => {
  it('reads 20:00 in Gran Canaria an hour later than 20:00 in Barcelona', () => {
    expect(fromLocalInput('2026-07-10T20:00', 'Atlantic/Canary')).toBe('2026-07-10T19:00:00.000Z');
    expect(fromLocalInput('2026-07-10T20:00', 'Europe/Madrid')).toBe('2026-07-10T18:00:00.000Z');
    expect(fromLocalInput('2026-01-10T20:00', 'Europe/Madrid')).toBe('2026-01-10T19:00:00.000Z');
  });

  it('shows a stored instant as the festival clock reads it, and gives it back unchanged', () => {
    for (const [iso, zone, shown] of [
      ['2026-07-10T19:00:00.000Z', 'Atlantic/Canary', '2026-07-10T20:00'],
      ['2026-07-10T23:30:00.000Z', 'Europe/Madrid', '2026-07-11T01:30'],
    ] as const) {
      expect(toLocalInput(iso, zone)).toBe(shown);
      expect(fromLocalInput(shown, zone)).toBe(iso);
    }
  });

  it('keeps an empty field empty', () => {
    expect(toLocalInput(null, 'Europe/Madrid')).toBe('');
    expect(fromLocalInput('', 'Europe/Madrid')).toBeNull();
  });
});
