import { createHash } from 'node:crypto';
import { matchesFilters } from '#core/festival-filters';
import type { Database } from '#db/client';
import { festivalIdsWithArtist, festivalIdsWithArtistNamed } from '../artists/read-artists';
import { festivalIdsWithFacts, festivalIdsWithPriceUpTo } from './read-editions';
import { factsOfQuery, type FactFilterQuery } from '#core/trip-fact-filters';
import type { Festival } from '#core/response-schemas';
import { isDatabaseUnavailable } from '../../errors';

export interface EditionFilterQuery extends FactFilterQuery {
  search?: string;
  artist?: number;
  maxPrice?: number;
}

export interface EditionFilters {
  /** Names what the id sets hold, for the body cache's key: a changed lineup or price is another body. */
  key: string;
  /** The festivals kept, and the search left for core's filters (none once it was applied here). */
  apply<T extends Festival>(list: readonly T[], now: Date): { list: T[]; search: string | undefined };
}

/**
 * The catalogue filters that need lineups, tickets and trip facts: `artist`, `maxPrice`, 'Antes de
 * ir' and accessibility (`wheelchair`, `food`...), and the search
 * matching artist names as well as names and places. Each is one query for the ids it keeps, so
 * list bodies stay card-sized and lineups never ride in the catalogue. Null when the query uses none.
 */
export async function editionFilters(database: Database, query: EditionFilterQuery): Promise<EditionFilters | null> {
  const search = query.search?.trim() || undefined;
  const facts = factsOfQuery(query);
  if (!query.artist && query.maxPrice === undefined && !search && facts.length === 0) return null;
  const [byArtist, byPrice, byFacts, byArtistName] = await Promise.all([
    query.artist ? festivalIdsWithArtist(database, query.artist) : undefined,
    query.maxPrice !== undefined ? festivalIdsWithPriceUpTo(database, query.maxPrice) : undefined,
    facts.length > 0 ? festivalIdsWithFacts(database, facts) : undefined,
    // Artist names widen a search; while the database is down the search still answers from the
    // last good catalogue (names and places), as it did before lineups existed.
    search ? festivalIdsWithArtistNamed(database, search).catch(withoutDatabase) : undefined,
  ]);
  const hash = createHash('sha1');
  for (const set of [byArtist, byPrice, byFacts, byArtistName])
    hash.update(set ? [...set].sort((a, b) => a - b).join(',') : '-').update('|');
  return {
    key: hash.digest('base64url'),
    apply<T extends Festival>(list: readonly T[], now: Date) {
      let kept: readonly T[] = list;
      if (byArtist) kept = kept.filter((f) => byArtist.has(f.id));
      if (byPrice) kept = kept.filter((f) => byPrice.has(f.id));
      if (byFacts) kept = kept.filter((f) => byFacts.has(f.id));
      if (!byArtistName || byArtistName.size === 0) return { list: [...kept], search: query.search };
      const words = { search: query.search };
      return { list: kept.filter((f) => byArtistName.has(f.id) || matchesFilters(f, words, now)), search: undefined };
    },
  };
}

function withoutDatabase(error: unknown): undefined {
  if (isDatabaseUnavailable(error)) return undefined;
  throw error;
}
