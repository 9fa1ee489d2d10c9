import { describe, expect, it } from 'vitest';
import { artistNameKey } from '#core/artist-key';
import { seedFestivals } from './festival-data';
import { seedEditions } from './lineup-data';

describe('seeded lineups', () => {
  it('name seeded festivals, past years only, with no artist twice in one edition', () => {
    const names = new Set(seedFestivals.map((f) => f.name));
    for (const entry of seedEditions) {
      expect(names.has(entry.festival), entry.festival).toBe(true);
      for (const edition of entry.past) {
        expect(edition.year).toBeLessThan(2026);
        const keys = [...edition.headliners, ...edition.others].map(artistNameKey);
        expect(new Set(keys).size, `${entry.festival} ${edition.year}`).toBe(keys.length);
      }
    }
  });
});
