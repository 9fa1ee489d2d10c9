import { describe, expect, it } from 'vitest';
import { europeanPlaces, placeCountry } from './european-places';

describe('the list of European places', () => {
  it("names each place once per country, ranks 'Cerca de' answers without ties, and offers every place the generator leaves out", () => {
    const keys = europeanPlaces.map((p) => `${p.name}, ${placeCountry(p)}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ranks = europeanPlaces.flatMap((p) => (p.near === undefined ? [] : [p.near]));
    expect(new Set(ranks).size).toBe(ranks.length);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks.map((_, i) => i + 1));
    for (const p of europeanPlaces.filter((place) => place.generator === false)) expect(p.near, p.name).toBeDefined();
  });

  it('names each place once: one spelling per town, with the coordinates given once', () => {
    const spots = europeanPlaces.map((p) => `${p.lat},${p.lon}`);
    expect(new Set(spots).size).toBe(spots.length);
  });

  it('gives the country as the last part of the region', () => {
    expect(placeCountry({ region: 'Galicia, España' })).toBe('España');
    expect(placeCountry({ region: 'Portugal' })).toBe('Portugal');
  });
});
