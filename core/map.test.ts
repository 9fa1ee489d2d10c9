import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER, hasCoordinates, mapCenter, searchMapFestivals } from './map';

const f = (over: Partial<{ name: string; location: string | null; description: string | null; genres: string[]; latitude: number | null; longitude: number | null; hasValidCoordinates: boolean }> = {}) => ({
  name: 'Festival',
  location: 'Madrid, España',
  description: 'Descripción',
  genres: ['Techno'],
  latitude: 40,
  longitude: -3,
  hasValidCoordinates: true,
  ...over,
});

describe('hasCoordinates (flagged valid and both numbers)', () => {
  it('needs the flag and two finite numbers', () => {
    expect(hasCoordinates(f())).toBe(true);
    expect(hasCoordinates(f({ hasValidCoordinates: false }))).toBe(false);
    expect(hasCoordinates(f({ latitude: null }))).toBe(false);
    expect(hasCoordinates(f({ longitude: Number.NaN }))).toBe(false);
  });
});

describe('mapCenter (Madrid, or the average of at least 3)', () => {
  it('uses the default centre with fewer than 3 located festivals', () => {
    expect(mapCenter([])).toEqual(DEFAULT_MAP_CENTER);
    expect(mapCenter([f(), f(), f({ hasValidCoordinates: false })])).toEqual(DEFAULT_MAP_CENTER);
  });

  it('averages the valid coordinates from 3 on, ignoring invalid ones', () => {
    const [lat, lon] = mapCenter([f({ latitude: 40, longitude: 0 }), f({ latitude: 50, longitude: 10 }), f({ latitude: 60, longitude: 20 }), f({ latitude: null, longitude: null })]);
    expect(lat).toBeCloseTo(50);
    expect(lon).toBeCloseTo(10);
  });
});

describe('searchMapFestivals (accent-insensitive over name, location, description, genre)', () => {
  const list = [
    f({ name: 'Sónar', location: 'Barcelona, España', description: 'Música avanzada', genres: ['Electrónica'] }),
    f({ name: 'Awakenings', location: 'Ámsterdam, Países Bajos', description: 'Techno a lo grande', genres: ['Techno'] }),
    f({ name: 'Dekmantel', location: null, description: null, genres: ['House', 'Drum and Bass'] }),
  ];
  const names = (q: string) => searchMapFestivals(list, q).map((x) => x.name);

  it('ignores accents and case over name, location, description and genre', () => {
    expect(names('SONAR')).toEqual(['Sónar']);
    expect(names('amsterdam')).toEqual(['Awakenings']);
    expect(names('MUSICA')).toEqual(['Sónar']);
    expect(names('electronica')).toEqual(['Sónar']);
    expect(names('drum and')).toEqual(['Dekmantel']);
    expect(names('techno')).toEqual(['Awakenings']);
  });

  it('puts name matches first, then location, genre and description', () => {
    const ranked = [
      f({ name: 'Uno', genres: [], description: 'Inspirado en Techno Fest' }),
      f({ name: 'Dos', genres: ['Techno'], description: null }),
      f({ name: 'Techno Fest', genres: ['House'], description: null }),
      f({ name: 'Tres', location: 'Technopolis, Grecia', genres: [], description: null }),
    ];
    expect(searchMapFestivals(ranked, 'techno').map((x) => x.name)).toEqual(['Techno Fest', 'Tres', 'Dos', 'Uno']);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(names('  ')).toHaveLength(3);
    expect(names('zzz')).toEqual([]);
  });
});
