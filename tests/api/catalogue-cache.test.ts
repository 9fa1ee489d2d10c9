import { addDays, formatISO } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalFilterQuerySchema } from '#core/festival-query';
import { CATALOG_CACHE_MAX_BYTES, catalogCacheStats } from '../../functions/lib/domain/festivals/festival-store';
import { eq, sql } from 'drizzle-orm';
import { commentsTable, festivalsTable } from '#db/schema';
import { api, db, signIn } from '../support/api';
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
  it(
    'stays within its byte bound whatever the number of query strings, keeping the hot entry',
    { timeout: 120_000 },
    async () => {
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
    },
  );

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

describe('catalogue kept until it changes', () => {
  const pageNames = async () =>
    ((await api('GET', '/api/festivals/page?sort=name&limit=100&upcoming=false')).json.items as { name: string }[]).map(
      (f) => f.name,
    );

  it('is not read again while nothing changed, even long after its last read', async () => {
    await pageNames();
    const before = catalogCacheStats().snapshot;
    expect(before).not.toBeNull();
    // Past several version checks: the catalogue and its cached bodies stay the same ones.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await pageNames();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(catalogCacheStats().snapshot).toEqual(before);
  });

  it('shows a change written by another instance within two seconds, and a pending comment changes nothing', async () => {
    const id = await createFestival({ name: 'Antes del cambio' });
    expect(await pageNames()).toContain('Antes del cambio');
    const before = catalogCacheStats().snapshot!;

    // A comment waiting for moderation shows in no list: the catalogue is not read again for it.
    const user = await signIn();
    await db()
      .insert(commentsTable)
      .values({ festivalId: id, userId: user.user.id, rating: 4, content: 'Pendiente', status: 'pending' });
    const versionAfterComment = await db().execute(sql`select version from catalogue_version`);
    expect(Number((versionAfterComment as unknown as { rows: { version: string | number }[] }).rows[0].version)).toBe(
      before.version,
    );

    // Written straight to the database, as another Lambda would: this process is not told.
    await db().update(festivalsTable).set({ name: 'Después del cambio' }).where(eq(festivalsTable.id, id));
    const started = Date.now();
    let names = await pageNames();
    while (!names.includes('Después del cambio') && Date.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      names = await pageNames();
    }
    expect(names).toContain('Después del cambio');
    expect(names).not.toContain('Antes del cambio');
    expect(catalogCacheStats().snapshot!.version).toBeGreaterThan(before.version);
  });
});
