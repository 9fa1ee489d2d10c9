import { sql } from 'drizzle-orm';
import { artistNameKey } from '#core/artist-key';
import type { Artist, ArtistAppearance, ArtistDetail, ArtistListItem, ArtistLookupItem } from '#core/lineup-types';
import type { Database } from '#db/client';
import { sqlRows } from '../sql-rows';
import type { SitemapPart, SitemapSlice } from '../sitemap-parts';
import { cachedBody, type CachedBody } from '../../cached-body';
import { VersionChecks, VersionedBodies } from '../editions/versioned-bodies';
import { writeGeneration } from '../write-generation';

type Row = Record<string, unknown>;

const artistColumns = sql`a.id, a.name, a.slug, a.country, a.genres, a.photo_url, a.website, a.instagram, a.soundcloud,
  a.spotify, a.resident_advisor, a.bandcamp`;

/**
 * An artist is public once on an approved festival's lineup, or when an admin created them and no
 * lineup names them yet. Names typed in a pending proposal stay out of sight until it is approved.
 * Kept in artists.is_public by triggers (migration artists-public), so a search that matches
 * thousands of names does not join each one's lineups.
 */
const publicArtist = sql`a.is_public`;

/**
 * How old what an artist page or the search shows may be after a write made in another process
 * (decisions 073 and 074): the artist pages' versions and the search index's stamp are checked
 * once a second, not per request. A write made through this process shows on its next request.
 */
export const ARTIST_PAGES_FRESH_MS = 1000;

function toArtist(row: Row): Artist {
  return {
    id: Number(row.id),
    name: row.name as string,
    slug: row.slug as string,
    country: (row.country as string | null) ?? null,
    genres: (row.genres as string[] | null) ?? [],
    photo_url: (row.photo_url as string | null) ?? null,
    website: (row.website as string | null) ?? null,
    instagram: (row.instagram as string | null) ?? null,
    soundcloud: (row.soundcloud as string | null) ?? null,
    spotify: (row.spotify as string | null) ?? null,
    resident_advisor: (row.resident_advisor as string | null) ?? null,
    bandcamp: (row.bandcamp as string | null) ?? null,
  };
}

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
async function searchStamp(database: Database): Promise<Map<number, string>> {
  const [row] = await sqlRows<{ artists: string | null; catalogue: string | null; today: string }>(
    database,
    sql`select (select sum(version) from artist_versions)::text as artists,
        (select version from catalogue_version where id = 1)::text as catalogue, current_date::text as today`,
  );
  return new Map([[0, `${row?.artists ?? 0}:${row?.catalogue ?? 0}:${row?.today ?? ''}`]]);
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
 * The search index kept per process under its stamp, checked as the artist pages are (decision
 * 074): no SQL while checked less than a second ago, one background statement past half a second,
 * a wait past a second or after a write made here; a new stamp loads the index again (shared by
 * the requests waiting for it).
 */
const searchChecks = new VersionChecks<Database>((database) => searchStamp(database), {
  freshMs: ARTIST_PAGES_FRESH_MS,
  maxIds: 1,
  generation: writeGeneration,
});
const searchIndexes = new VersionedBodies<SearchIndex>(64 * 1024 * 1024, () => 1);

/**
 * GET /api/artists: names containing the search, compared by their key (so accents, case, "DJ"
 * and punctuation do not matter); the exact match first, then names starting with it, each in name
 * order. From the kept index of public artists (searchChecks): no SQL while it is checked.
 */
export async function searchArtists(
  database: Database,
  query: { search?: string; limit: number; offset: number },
): Promise<{ artists: ArtistListItem[]; total: number }> {
  const stamp = await searchChecks.key(database, 0);
  const index = await searchIndexes.get(0, stamp, () => loadSearchIndex(database));
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

/** GET /api/artists/{id}: the artist and the editions they play, of approved festivals only. Two queries. */
export async function artistDetail(database: Database, id: number): Promise<ArtistDetail | null> {
  const [artists, appearances] = await Promise.all([
    sqlRows(database, sql`select ${artistColumns} from artists a where a.id = ${id} and ${publicArtist}`),
    sqlRows(
      database,
      sql`select f.id as festival_id, f.name, f.location, f.image_url,
        coalesce((select array_agg(g.name order by fg.position, g.name) from festival_genres fg join genres g on g.id = fg.genre_id
          where fg.festival_id = f.id), '{}') as genres,
        e.year, e.start_date, e.end_date, e.status, le.billing, le.day, le.stage,
        coalesce(e.end_date, e.start_date) >= current_date as upcoming
      from lineup_entries le
      join festival_editions e on e.id = le.edition_id
      join festivals f on f.id = e.festival_id and f.status = 'approved'
      where le.artist_id = ${id}
      order by upcoming desc, case when coalesce(e.end_date, e.start_date) >= current_date then e.start_date end asc,
        e.start_date desc, f.name`,
    ),
  ]);
  const [row] = artists;
  if (!row) return null;
  const upcoming: ArtistAppearance[] = [];
  const past: ArtistAppearance[] = [];
  const seen = new Set<string>();
  for (const a of appearances) {
    // Two sets at one edition (a live set and a DJ set) are one appearance on the artist's page.
    const key = `${a.festival_id}:${a.year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const appearance: ArtistAppearance = {
      festival: {
        id: Number(a.festival_id),
        name: a.name as string,
        location: (a.location as string | null) ?? null,
        image_url: (a.image_url as string | null) ?? null,
        genres: (a.genres as string[] | null) ?? [],
      },
      year: Number(a.year),
      start_date: a.start_date as string,
      end_date: (a.end_date as string | null) ?? null,
      status: a.status as ArtistAppearance['status'],
      billing: a.billing as ArtistAppearance['billing'],
      day: (a.day as string | null) ?? null,
      stage: (a.stage as string | null) ?? null,
    };
    (a.upcoming ? upcoming : past).push(appearance);
  }
  return { ...toArtist(row), upcoming, past };
}

/**
 * What the given artists' public pages are built from, in one statement of primary-key reads: the
 * version triggers move on every write to the artist, their lineup entries and those editions
 * (artist_versions), the catalogue's version (the festivals' names, places, pictures, genres and
 * approval) and the database's date (which editions are upcoming).
 */
async function artistKeys(database: Database, ids: number[]): Promise<Map<number, string>> {
  const rows = await sqlRows<{ id: number; artist: string | null; catalogue: string | null; today: string }>(
    database,
    sql`select i.id, (select version from artist_versions where artist_id = i.id)::text as artist,
        (select version from catalogue_version where id = 1)::text as catalogue, current_date::text as today
      from unnest(${`{${ids.join(',')}}`}::int[]) as i(id)`,
  );
  return new Map(rows.map((row) => [Number(row.id), `${row.artist ?? 0}:${row.catalogue ?? 0}:${row.today}`]));
}

/**
 * Those keys as of at most a second ago for every artist whose page was asked for in the last
 * minute, read together in one background statement a second (decision 073), as the festivals'
 * editions are: a request for a kept page runs no SQL, a write made here shows on the next request
 * and one made elsewhere within a second.
 */
const artistChecks = new VersionChecks<Database>(artistKeys, {
  freshMs: ARTIST_PAGES_FRESH_MS,
  maxIds: 8192,
  generation: writeGeneration,
});

/** Artist pages kept per artist under that key (null: no public artist), 8 MB counting two bytes a character. */
const artistAnswers = new VersionedBodies<CachedBody | null>(8 * 1024 * 1024, (body) =>
  body ? body.body.length * 2 : 64,
);

/**
 * GET /api/artists/{id} serialised, with its ETag and compressed forms; null when there is no such
 * public artist. No statement while the kept page is checked (artistChecks), two when it changed.
 */
export async function artistDetailBody(database: Database, id: number): Promise<CachedBody | null> {
  const key = await artistChecks.key(database, id);
  return artistAnswers.get(id, key, async () => {
    const artist = await artistDetail(database, id);
    return artist ? cachedBody(artist) : null;
  });
}

/**
 * The kept page of a public artist when it can be sent without waiting (its key checked less than a
 * second ago, no write here since), else undefined: the route then reads (and answers 404 itself).
 */
export function keptArtistDetailBody(id: number): CachedBody | undefined {
  const key = artistChecks.peek(id);
  return key === undefined ? undefined : (artistAnswers.peek(id, key) ?? undefined);
}

/**
 * The artist pages a crawler should find (/sitemap.xml): every public artist, by id, with the
 * date of their last change. One query.
 */
export async function sitemapArtists(
  database: Database,
  slice?: SitemapSlice,
): Promise<{ id: number; slug: string; updatedAt: string }[]> {
  const page = slice ? sql` limit ${slice.limit} offset ${slice.offset}` : sql``;
  const rows = await sqlRows(
    database,
    sql`select a.id, a.slug, a.updated_at::date::text as updated_at from artists a where ${publicArtist} order by a.id${page}`,
  );
  return rows.map((row) => ({ id: Number(row.id), slug: row.slug as string, updatedAt: String(row.updated_at) }));
}

/** The public artists cut into sitemaps of `perFile` URLs in id order, like sitemapFestivalParts. One query. */
export async function sitemapArtistParts(database: Database, perFile: number): Promise<SitemapPart[]> {
  const rows = await sqlRows(
    database,
    sql`select count(*)::int as urls, max(updated_at)::date::text as lastmod
      from (select a.updated_at, (row_number() over (order by a.id) - 1) / ${perFile} as part from artists a where ${publicArtist}) ranked
      group by part order by part`,
  );
  return rows.map((row) => ({ urls: Number(row.urls), lastmod: String(row.lastmod) }));
}

/**
 * The artist each name already is, by the database's own name key (so the answer is what saving
 * the lineup would resolve to), in the order asked; null for a name saving would create. Every
 * artist counts, pending proposals' names included: an admin's save reuses them. One query.
 */
export async function artistsByNames(database: Database, names: string[]): Promise<ArtistLookupItem[]> {
  if (names.length === 0) return [];
  const rows = await sqlRows(
    database,
    sql`select n.name, a.id, a.name as artist_name, a.slug
    from json_array_elements_text(${JSON.stringify(names)}::json) with ordinality as n(name, ord)
    left join artists a on a.name_key = artist_name_key(n.name)
    order by n.ord`,
  );
  return rows.map((row) => ({
    name: row.name as string,
    artist:
      row.id === null || row.id === undefined
        ? null
        : { id: Number(row.id), name: row.artist_name as string, slug: row.slug as string },
  }));
}

/** Festivals with the artist on any edition's lineup (GET /api/festivals?artist=). */
export async function festivalIdsWithArtist(database: Database, artistId: number): Promise<Set<number>> {
  const rows = await sqlRows(
    database,
    sql`select distinct e.festival_id from lineup_entries le
    join festival_editions e on e.id = le.edition_id where le.artist_id = ${artistId}`,
  );
  return new Set(rows.map((r) => Number(r.festival_id)));
}

/**
 * Festivals whose lineups (any edition) hold an artist whose name contains the search, compared by
 * key: the home search finds a festival by who plays it. Empty for searches shorter than 3 keyed
 * characters, which would match half the artists.
 */
export async function festivalIdsWithArtistNamed(database: Database, search: string): Promise<Set<number>> {
  const key = artistNameKey(search);
  if (key.length < 3) return new Set();
  const rows = await sqlRows(
    database,
    sql`select distinct e.festival_id from artists a
    join lineup_entries le on le.artist_id = a.id
    join festival_editions e on e.id = le.edition_id
    where a.name_key like ${'%' + key + '%'}`,
  );
  return new Set(rows.map((r) => Number(r.festival_id)));
}
