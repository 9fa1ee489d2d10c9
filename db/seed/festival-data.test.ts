import { describe, it, expect } from 'vitest';
import { seedFestivals } from './festival-data';

const GENRES = new Set([
  'Techno',
  'House',
  'Tech House',
  'Minimal',
  'Trance',
  'Drum and Bass',
  'Dubstep',
  'EDM',
  'Electro',
  'Experimental',
  'Ambient',
  'Hardstyle',
  'Psytrance',
  'Disco',
  'Electrónica',
  'Hard Techno',
  'Bass',
  'Progressive House',
  'Melodic Techno',
  'Breakbeat',
  'Downtempo',
]);

const country = (location: string) => location.slice(location.lastIndexOf(', ') + 2);

function isValidMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1) return false;
  // 2024 is a leap year, so 02-29 is accepted.
  const daysInMonth = new Date(Date.UTC(2024, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

describe('seed festival catalogue', () => {
  it('has at least 60 festivals', () => {
    expect(seedFestivals.length).toBeGreaterThanOrEqual(60);
  });

  it('covers at least 20 countries, always written as "City, Country"', () => {
    for (const f of seedFestivals) {
      expect(f.location, f.name).toMatch(/^[^,]+, [^,]+$/);
    }
    const countries = new Set(seedFestivals.map((f) => country(f.location)));
    expect(countries.size).toBeGreaterThanOrEqual(20);
  });

  it('keeps every venue inside Europe’s bounding box', () => {
    for (const f of seedFestivals) {
      expect(f.latitude, f.name).toBeGreaterThanOrEqual(34);
      expect(f.latitude, f.name).toBeLessThanOrEqual(72);
      expect(f.longitude, f.name).toBeGreaterThanOrEqual(-25);
      expect(f.longitude, f.name).toBeLessThanOrEqual(45);
    }
  });

  it('uses a valid MM-DD usual start and a 1-10 day duration', () => {
    for (const f of seedFestivals) {
      expect(isValidMonthDay(f.usualStart), `${f.name}: ${f.usualStart}`).toBe(true);
      expect(Number.isInteger(f.durationDays), f.name).toBe(true);
      expect(f.durationDays, f.name).toBeGreaterThanOrEqual(1);
      expect(f.durationDays, f.name).toBeLessThanOrEqual(10);
    }
  });

  it('spreads usual starts over all twelve months', () => {
    const months = new Set(seedFestivals.map((f) => f.usualStart.slice(0, 2)));
    expect(months.size).toBe(12);
  });

  it('links every festival to an https website', () => {
    for (const f of seedFestivals) {
      expect(f.website, f.name).toMatch(/^https:\/\/[^\s]+$/);
    }
  });

  it('gives every festival 2-6 genres from the shared vocabulary', () => {
    for (const f of seedFestivals) {
      expect(f.genres.length, f.name).toBeGreaterThanOrEqual(2);
      expect(f.genres.length, f.name).toBeLessThanOrEqual(6);
      expect(new Set(f.genres).size, f.name).toBe(f.genres.length);
      for (const g of f.genres) expect(GENRES.has(g), `${f.name}: ${g}`).toBe(true);
    }
  });

  it('has a non-empty Spanish description of 80-200 words and an address', () => {
    for (const f of seedFestivals) {
      expect(f.address.trim(), f.name).not.toBe('');
      expect(f.description.trim(), f.name).not.toBe('');
      const words = wordCount(f.description);
      expect(words, f.name).toBeGreaterThanOrEqual(80);
      expect(words, f.name).toBeLessThanOrEqual(200);
    }
  });

  it('has unique names and no duplicate name + location', () => {
    const names = seedFestivals.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const keys = seedFestivals.map((f) => `${f.name}|${f.location}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills practical info for most festivals', () => {
    const withInfo = seedFestivals.filter((f) => f.transportation || f.parking_info || f.accommodation);
    expect(withInfo.length).toBeGreaterThanOrEqual(45);
  });

  it('marks a few festivals whose seeded edition already happened', () => {
    const past = seedFestivals.filter((f) => f.pastEdition);
    expect(past.length).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeLessThanOrEqual(6);
  });
});
