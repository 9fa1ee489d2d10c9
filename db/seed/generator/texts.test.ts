import { describe, expect, it } from 'vitest';
import { normalizeText } from '#core/festival-filters';
import { seedFestivals } from '../festival-data';
import { otherEuropeanPlaces, spanishPlaces } from './european-places';
import { generatorGenres, NAME_CAPACITY } from './festivals-sql';
import * as texts from './texts';

const places = [...spanishPlaces, ...otherEuropeanPlaces];

describe('catalogue generator word lists', () => {
  it('builds over 100,000 distinct names before numbering editions', () => {
    const words = [...texts.nameFirstWords, ...texts.nameSecondWords].map(normalizeText);
    expect(new Set(words).size).toBe(words.length);
    expect(new Set(texts.nameTemplates.map(normalizeText)).size).toBe(texts.nameTemplates.length);
    for (const t of texts.nameTemplates) expect(t.split('%')).toHaveLength(2);
    expect(NAME_CAPACITY).toBeGreaterThan(100_000);
  });

  it('has a few hundred real places across Europe, none twice, countries spelt as in the real seed', () => {
    expect(places.length).toBeGreaterThanOrEqual(300);
    expect(new Set(places.map(([city, country]) => `${city}, ${country}`)).size).toBe(places.length);
    const seedCountries = new Set(seedFestivals.map((f) => f.location.slice(f.location.lastIndexOf(', ') + 2)));
    const countries = new Set(places.map(([, country]) => country));
    for (const c of seedCountries) expect(countries, c).toContain(c);
    expect(countries.size).toBeGreaterThanOrEqual(30);
    for (const [city, country, lat, lon] of places) {
      expect(city, city).not.toMatch(/,/);
      expect(lat, city).toBeGreaterThan(27.5);
      expect(lat, city).toBeLessThan(70.5);
      expect(lon, city).toBeGreaterThan(-22.5);
      expect(lon, city).toBeLessThan(34.5);
      if (country === 'España') expect(spanishPlaces).toContainEqual([city, country, lat, lon]);
    }
  });

  it('uses only genres of the real catalogue', () => {
    const real = new Set(seedFestivals.flatMap((f) => f.genres));
    for (const g of generatorGenres) expect(real, g).toContain(g);
    for (const profile of texts.genreProfiles) expect(new Set(profile).size).toBe(profile.length);
  });

  it('keeps every possible comment within the 300 characters a comment may have', () => {
    const longest = (list: readonly string[]) => Math.max(...list.map((s) => s.length));
    const tones = ['good', 'middling', 'bad'] as const;
    for (const tone of tones) {
      const max =
        longest(texts.commentOpenings[tone]) +
        1 +
        longest(texts.commentDetails) +
        1 +
        longest(texts.commentClosings[tone]);
      expect(max, tone).toBeLessThanOrEqual(300);
    }
    expect(longest(texts.mediaCaptions)).toBeLessThanOrEqual(300);
    expect(longest(texts.mediaComments)).toBeLessThanOrEqual(300);
  });

  it('fills only the placeholders the generator knows', () => {
    const known = new Set(['{nombre}', '{ciudad}', '{pais}', '{genero}', '{genero2}']);
    const all = [
      ...texts.descriptionIntros,
      ...texts.descriptionMusic,
      ...texts.descriptionVenues,
      ...texts.descriptionAtmospheres,
      ...texts.descriptionPractical,
      ...texts.descriptionClosings,
      ...texts.addressTemplates,
      ...texts.transportTexts,
      ...texts.parkingTexts,
      ...texts.accommodationTexts,
    ];
    for (const text of all) for (const p of text.match(/\{[^}]*\}/g) ?? []) expect(known, text).toContain(p);
    for (const text of texts.addressTemplates) expect(text.replace('{ciudad}', ''), text).not.toMatch(/[{}]/);
  });
});
