import { describe, expect, it } from 'vitest';
import { parseSeedArguments, SeedArgumentsError } from './seed-arguments';

describe('db:seed arguments', () => {
  it('seeds the real catalogue without flags', () => {
    expect(parseSeedArguments([])).toEqual({ kind: 'real' });
  });

  it('generates with any size flag, reading integers (underscores allowed)', () => {
    expect(
      parseSeedArguments(['--festivals', '10000', '--comments', '500_000', '--votes=2000000', '--seed', '3']),
    ).toEqual({
      kind: 'generated',
      options: { festivals: 10000, comments: 500000, votes: 2000000, seed: 3 },
    });
    expect(parseSeedArguments(['--today', '2026-06-15'])).toEqual({
      kind: 'generated',
      options: { today: '2026-06-15' },
    });
  });

  it('refuses unknown flags and values that are not whole numbers, in Spanish', () => {
    expect(() => parseSeedArguments(['--festivales', '10'])).toThrow(SeedArgumentsError);
    expect(() => parseSeedArguments(['--festivals', '1e4'])).toThrow('--festivals debe ser un número entero');
    expect(() => parseSeedArguments(['--votes', '-5'])).toThrow(SeedArgumentsError);
    expect(() => parseSeedArguments(['--comments'])).toThrow(SeedArgumentsError);
  });

  it('answers --help', () => {
    expect(parseSeedArguments(['--help'])).toEqual({ kind: 'help' });
  });
});
