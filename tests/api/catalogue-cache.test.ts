import { addDays, formatISO } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalFilterQuerySchema } from '#core/festival-query';
import { CATALOG_CACHE_MAX_BYTES, catalogCacheStats } from '../../functions/lib/festival-store';
import { api } from '../support/api';
import { createFestival } from '../support/fixtures';

const FESTIVALS = 60;
const query = (params: Record<string, string>) => festivalFilterQuerySchema.parse(params);
const day = (n: number) => formatISO(addDays(new Date(2000, 0, 1), n), { representation: 'date' });

beforeAll(async () => {
  // About 1 KB of description each: the whole list is some 70 KB, as with the real catalogue.
  const description = 'Tres días de techno, house y electro junto al mar, con escenarios al aire libre. '.repeat(13);
  for (let i = 0; i < FESTIVALS; i++) await createFestival({ name: `Caché ${i}`, description });
});

describe('catalogue body cache', () => {
  it('stays within its byte bound whatever the number of query strings, keeping the hot entry', { timeout: 120_000 }, async () => {
    const whole = await api('GET', '/api/festivals');
    expect(whole.status).toBe(200);
    const wholeChars = whole.text.length;
    expect(wholeChars).toBeGreaterThan(60_000);

    // Every `from` before the festivals gives the whole list again under a new query string: 400
    // of them would take 400 full copies (over 50 MB) without a bound.
    const distinct = 400;
    for (let i = 0; i < distinct; i++) {
      const res = await api('GET', `/api/festivals?from=${day(i)}`);
      expect(res.status).toBe(200);
      expect(res.text.length).toBe(wholeChars);
      // The plain list is requested all the time, as the home page does.
      if (i % 10 === 0) expect((await api('GET', '/api/festivals')).status).toBe(200);
      const stats = catalogCacheStats();
      expect(stats.calculatedSize).toBeLessThanOrEqual(CATALOG_CACHE_MAX_BYTES);
    }

    const stats = catalogCacheStats(query({}));
    expect(stats.maxSize).toBe(CATALOG_CACHE_MAX_BYTES);
    // Full: most entries were evicted, least recently used first.
    expect(stats.entries).toBeLessThan(distinct);
    expect(stats.calculatedSize).toBeGreaterThan(CATALOG_CACHE_MAX_BYTES - 2 * 2 * wholeChars);
    expect(stats.cached).toBe(true);
    expect(catalogCacheStats(query({ from: day(0) })).cached).toBe(false);
    expect(catalogCacheStats(query({ from: day(distinct - 1) })).cached).toBe(true);
  });

  it('does not keep small filtered pages, which are cheap to rebuild', async () => {
    const before = catalogCacheStats().entries;
    const page = await api('GET', '/api/festivals?sort=name&limit=2&search=cach');
    expect(page.status).toBe(200);
    expect(page.json.map((f: { name: string }) => f.name)).toEqual(['Caché 0', 'Caché 1']);
    expect(catalogCacheStats(query({ sort: 'name', limit: '2', search: 'cach' })).cached).toBe(false);

    const large = await api('GET', '/api/festivals?sort=name&limit=40');
    expect(large.json).toHaveLength(40);
    expect(catalogCacheStats(query({ sort: 'name', limit: '40' })).cached).toBe(true);
    expect(catalogCacheStats().entries).toBeLessThanOrEqual(before + 1);
  });
});
