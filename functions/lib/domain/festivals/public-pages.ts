import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { Festival } from '#core/response-schemas';
import { selectFestivals } from './festival-rows';
import { sqlRows } from '../sql-rows';
import type { SitemapPart, SitemapSlice } from '../sitemap-parts';

/**
 * What the crawler-facing pages read of the catalogue. Only approved festivals are public: a
 * pending proposal's page shares nothing, whoever asks (the page itself still loads in a browser and
 * asks the API with the proposer's token).
 */
export async function approvedFestival(database: Database, id: number): Promise<Festival | undefined> {
  const [festival] = await selectFestivals(
    database,
    and(eq(festivalsTable.id, id), eq(festivalsTable.status, 'approved')),
  );
  return festival;
}

/**
 * Approved festivals' ids, names (their URL's slug) and last change, for the sitemap, in id order:
 * all of them, or one slice (a numbered sitemap of a big catalogue).
 */
export function sitemapFestivals(
  database: Database,
  slice?: SitemapSlice,
): Promise<{ id: number; name: string; updatedAt: Date }[]> {
  const query = database
    .select({ id: festivalsTable.id, name: festivalsTable.name, updatedAt: festivalsTable.updatedAt })
    .from(festivalsTable)
    .where(eq(festivalsTable.status, 'approved'))
    .orderBy(asc(festivalsTable.id));
  return slice ? query.limit(slice.limit).offset(slice.offset) : query;
}

/**
 * The approved festivals cut into sitemaps of `perFile` URLs in id order (what a sitemap index
 * lists): each part's size and latest change, one row per part rather than one per festival.
 */
export async function sitemapFestivalParts(database: Database, perFile: number): Promise<SitemapPart[]> {
  const rows = await sqlRows<{ urls: number; lastmod: string }>(
    database,
    sql`select count(*)::int as urls, to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD') as lastmod
      from (select updated_at, (row_number() over (order by id) - 1) / ${perFile} as part from festivals where status = 'approved') ranked
      group by part order by part`,
  );
  return rows.map((row) => ({ urls: Number(row.urls), lastmod: row.lastmod }));
}
