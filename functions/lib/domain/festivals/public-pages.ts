import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { Festival } from '#core/response-schemas';
import { selectFestivals } from './festival-rows';

/**
 * What the crawler-facing pages read of the catalogue. Only approved festivals are public: a
 * pending proposal's page shares nothing, whoever asks (the page itself still loads in a browser and
 * asks the API with the proposer's token).
 */
export async function approvedFestival(database: Database, id: number): Promise<Festival | undefined> {
  const [festival] = await selectFestivals(database, and(eq(festivalsTable.id, id), eq(festivalsTable.status, 'approved')));
  return festival;
}

/** Every approved festival's id, name (its URL's slug) and last change, for the sitemap. */
export function sitemapFestivals(database: Database): Promise<{ id: number; name: string; updatedAt: Date }[]> {
  return database
    .select({ id: festivalsTable.id, name: festivalsTable.name, updatedAt: festivalsTable.updatedAt })
    .from(festivalsTable)
    .where(eq(festivalsTable.status, 'approved'))
    .orderBy(asc(festivalsTable.id));
}
