import { sql } from 'drizzle-orm';
import { artistNameKey } from '#core/artist-key';
import type { ArtistListItem } from '#core/lineup-types';
import type { Database } from '#db/client';
import { kept } from '../../cache/kept';
import { sqlRows } from '../sql-rows';
import { artistColumns, publicArtist, toArtist } from './read-artists';

/*
 * The artist search (GET /api/artists): every public artist in search order, kept in memory as
 * one index, so a search is a scan of one string rather than a query (decision 074).
 */

/** A public artist as the search finds and orders them: by key, then lower-cased name and id. */
interface SearchEntry {
  item: ArtistListItem;
  key: string;
}

/**
 * The public artists in search order, with their keys joined in one string (each followed by a
 * NUL, which no key holds): a search finds its matches with indexOf over that string, a fraction
 * of a millisecond for 30,000 artists, instead of testing every key.
 */
interface SearchIndex {
  entries: SearchEntry[];
  keys: string;
  /** Where each entry's key starts in `keys`. */
  starts: Int32Array;
}

function searchIndex(entries: SearchEntry[]): SearchIndex {
  const starts = new Int32Array(entries.length);
  let at = 0;
  entries.forEach((entry, i) => {
    starts[i] = at;
    at += entry.key.length + 1;
  });
  return { entries, keys: entries.map((entry) => `${entry.key}\0`).join(''), starts };
}

/** The entry whose key holds position `at` of the joined keys. */
function entryAt(index: SearchIndex, at: number): number {
  let low = 0;
  let high = index.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (index.starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * What the search index is built from, in one statement: the sum of every artist's version (any
 * write to an artist, their lineups or those editions replaces a version with a larger number, so
 * the sum grows; a sum rather than the largest, so a write committed after a later-numbered one
 * still moves it), the catalogue's version (festival approval) and the database's date (upcoming).
 */
async function searchStamp(database: Database): Promise<string> {
  const [row] = await sqlRows<{ artists: string | null; catalogue: string | null; today: string }>(
    database,
    sql`select (select sum(version) from artist_versions)::text as artists,
        (select version from catalogue_version where id = 1)::text as catalogue, current_date::text as today`,
  );
  return `${row?.artists ?? 0}:${row?.catalogue ?? 0}:${row?.today ?? ''}`;
}

/**
 * Every public artist with their count of upcoming festivals, ordered as the search lists them
 * (lower-cased name, then id; the database's collation is C.UTF-8, code point order). One query:
 * about 20 ms on PostgreSQL for 30,000 artists and 300,000 lineup entries.
 */
async function loadSearchIndex(database: Database): Promise<SearchIndex> {
  const rows = await sqlRows(
    database,
    sql`select ${artistColumns}, a.name_key, coalesce(u.upcoming, 0)::int as upcoming
    from artists a
    left join (select le.artist_id, count(distinct e.festival_id) as upcoming from lineup_entries le
        join festival_editions e on e.id = le.edition_id
        join festivals f on f.id = e.festival_id and f.status = 'approved'
        where coalesce(e.end_date, e.start_date) >= current_date
        group by le.artist_id) u on u.artist_id = a.id
    where ${publicArtist}`,
  );
  const entries = rows.map((row) => ({
    item: { ...toArtist(row), upcomingFestivals: Number(row.upcoming) },
    key: row.name_key as string,
    lower: (row.name as string).toLowerCase(),
  }));
  entries.sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.item.id - b.item.id));
  return searchIndex(entries.map(({ item, key }) => ({ item, key })));
}

/**
 * The search index, kept under the cache's one rule (decision 074) and checked by its stamp; a new
 * stamp loads the index again (shared by the requests waiting for it).
 */
const searchIndexes = kept<'public', SearchIndex>({
  madeOf: ['artist', 'edition', 'festival'],
  stamp: (_key, database) => searchStamp(database),
  load: (_key, database) => loadSearchIndex(database),
});

/**
 * GET /api/artists: names containing the search, compared by their key (so accents, case, "DJ"
 * and punctuation do not matter); the exact match first, then names starting with it, each in name
 * order. From the kept index of public artists: no SQL while it is fresh.
 */
export async function searchArtists(
  database: Database,
  query: { search?: string; limit: number; offset: number },
): Promise<{ artists: ArtistListItem[]; total: number }> {
  const index = await searchIndexes.get('public', database);
  const key = artistNameKey(query.search ?? '');
  const end = query.offset + query.limit;
  // No search: every public artist, already in name order.
  if (!key)
    return { artists: index.entries.slice(query.offset, end).map((entry) => entry.item), total: index.entries.length };
  const exact: SearchEntry[] = [];
  const prefix: SearchEntry[] = [];
  const rest: SearchEntry[] = [];
  for (let at = index.keys.indexOf(key); at >= 0;) {
    const i = entryAt(index, at);
    const entry = index.entries[i];
    if (entry.key === key) exact.push(entry);
    else if (at === index.starts[i]) prefix.push(entry);
    else rest.push(entry);
    // The next match in a later key: one entry is listed once however often its key holds the search.
    at = index.keys.indexOf(key, index.starts[i] + entry.key.length + 1);
  }
  const total = exact.length + prefix.length + rest.length;
  const page = exact.concat(prefix, rest).slice(query.offset, end);
  return { artists: page.map((entry) => entry.item), total };
}
