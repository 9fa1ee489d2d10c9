import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { todayIso } from '#core/dates';
import { filterFestivals, type FestivalFilters } from '#core/festival-filters';
import type { FestivalFilterQuery } from '#core/festival-query';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import { cachedBody, type CachedBody } from './cached-body';
import { isDatabaseUnavailable } from './errors';
import { editionFilters } from './domain/editions/catalogue-filters';
import type { Festival } from '#core/response-schemas';

export type { CachedBody };

// Written with explicit aliases: drizzle renders columns unqualified in single-table selects, which
// would resolve to the inner table inside a correlated subquery.
const genresSql = sql<string[]>`coalesce((
  select array_agg(g.name order by fg.position, g.name)
  from festival_genres fg join genres g on g.id = fg.genre_id
  where fg.festival_id = "festivals"."id"), '{}')`;

// Ratings (averageRating and ratingsCount): one per user, approved comments only, read
// from the counters that triggers keep in festival_ratings (migration 0006), not aggregated here.
const ratingSql = sql<number>`coalesce((select round(r.ratings_sum::numeric / nullif(r.ratings_count, 0), 2)::float8
  from festival_ratings r where r.festival_id = "festivals"."id"), 0)`;
const ratingsCountSql = sql<number>`coalesce((select r.ratings_count from festival_ratings r where r.festival_id = "festivals"."id"), 0)`;

export const festivalSelection = {
  id: festivalsTable.id,
  name: festivalsTable.name,
  description: festivalsTable.description,
  location: festivalsTable.location,
  address: festivalsTable.address,
  start_date: festivalsTable.startDate,
  end_date: festivalsTable.endDate,
  website: festivalsTable.website,
  image_url: festivalsTable.imageUrl,
  status: festivalsTable.status,
  latitude: festivalsTable.latitude,
  longitude: festivalsTable.longitude,
  geocoded_from: festivalsTable.geocodedFrom,
  geocoded_at: festivalsTable.geocodedAt,
  transportation: festivalsTable.transportation,
  parking_info: festivalsTable.parkingInfo,
  accommodation: festivalsTable.accommodation,
  proposed_by: festivalsTable.proposedBy,
  created_at: festivalsTable.createdAt,
  genres: genresSql,
  averageRating: ratingSql.mapWith(Number),
  ratingsCount: ratingsCountSql.mapWith(Number),
};

export type FestivalRow = Omit<Festival, 'hasValidCoordinates' | 'geocoded_at' | 'created_at'> & {
  geocoded_at: Date | string | null;
  created_at: Date | string;
};

const validCoordinates = (lat: number | null, lon: number | null) =>
  lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && !(lat === 0 && lon === 0);

export function toFestival(row: FestivalRow): Festival {
  return {
    ...row,
    genres: row.genres ?? [],
    hasValidCoordinates: validCoordinates(row.latitude, row.longitude),
    geocoded_at: row.geocoded_at ? new Date(row.geocoded_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Festivals with genres and rating aggregates in one query. */
export async function selectFestivals(database: Database, where?: SQL): Promise<Festival[]> {
  const rows = await database
    .select(festivalSelection)
    .from(festivalsTable)
    .where(where)
    .orderBy(sql`${festivalsTable.startDate} asc nulls last`, festivalsTable.id);
  return rows.map(toFestival);
}

export async function findFestival(database: Database, id: number): Promise<Festival | null> {
  const [festival] = await selectFestivals(database, and(eq(festivalsTable.id, id)));
  return festival ?? null;
}

/**
 * The approved catalogue, read in one query and kept for a short time (decision 001). Every
 * filtered list is computed from it with core's filters, so hot reads cost no database work
 * (a Node server answers cached bytes far faster than it can query). Writes in this process invalidate it at once; other
 * instances (other Lambdas) see changes within CATALOG_TTL_MS plus one rebuild.
 */
const CATALOG_TTL_MS = 2000;
/** After the database failed to answer, the last good catalogue is served this long before trying it again. */
const RETRY_AFTER_OUTAGE_MS = 1000;

/**
 * Serialised bodies by query string, bounded by bytes and least-recently-used first out
 * (decision 001): any number of distinct query strings cannot grow the process past it.
 */
export const CATALOG_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Smaller bodies (a short filtered page) cost less to rebuild than to keep: they are not cached. */
export const CATALOG_CACHE_MIN_BODY_CHARS = 8 * 1024;

const bodies = new LRUCache<string, CachedBody>({
  maxSize: CATALOG_CACHE_MAX_BYTES,
  // V8 keeps a string in one byte per character (Latin-1, which covers Spanish) or two: twice the
  // length bounds the string and leaves room for its gzip form, made later and much smaller.
  sizeCalculation: (entry) => entry.body.length * 2,
});

interface Snapshot {
  /** Distinguishes snapshots in the body cache's keys. */
  id: number;
  /** The write generation when its read started: a newer read is never replaced by an older one. */
  generation: number;
  loadedAt: number;
  festivals: Festival[];
  /** ETag of the whole catalogue: a refresh that finds nothing changed keeps the snapshot and its cached bodies. */
  fingerprint: string;
  byId?: Map<number, Festival>;
}

/** The catalogue as of the last write in this process; undefined after a write until reloaded. */
let current: Snapshot | undefined;
/** The newest catalogue read successfully: served while the database is down (decision 022). */
let lastGood: Snapshot | undefined;
let loading: { generation: number; snapshot: Promise<Snapshot> } | undefined;
let generation = 0;
let snapshotIds = 0;
let unavailableAt = -Infinity;

export function invalidateCatalog(): void {
  current = undefined;
  generation += 1;
}

/** One load at a time per generation: requests arriving during a load share it. */
function load(database: Database): Promise<Snapshot> {
  if (loading?.generation === generation) return loading.snapshot;
  const startedAt = generation;
  const snapshot = selectFestivals(database, eq(festivalsTable.status, 'approved')).then(
    (festivals) => {
      // The whole catalogue's body is the hottest one, and its ETag tells whether anything changed.
      const whole = cachedBody(festivals);
      let next: Snapshot = { id: ++snapshotIds, generation: startedAt, loadedAt: Date.now(), festivals, fingerprint: whole.etag };
      if (lastGood && lastGood.generation > startedAt) {
        // A read started before a later one that already finished: older, so it replaces nothing.
        return lastGood;
      } else if (lastGood?.fingerprint === next.fingerprint) {
        lastGood.loadedAt = next.loadedAt;
        lastGood.generation = startedAt;
        next = lastGood;
      } else {
        // Bodies of older snapshots can no longer be served: free their room at once.
        bodies.clear();
        lastGood = next;
        remember(next, `${todayIso()}:${WHOLE_CATALOGUE_KEY}`, whole);
      }
      // A write during the load already dropped the cache; this read may predate it.
      if (generation === startedAt) current = next;
      return next;
    },
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) unavailableAt = Date.now();
      throw error;
    },
  );
  const entry = { generation: startedAt, snapshot };
  loading = entry;
  const done = () => {
    if (loading === entry) loading = undefined;
  };
  snapshot.then(done, done);
  return snapshot;
}

/**
 * After a write in this process the next request waits for a fresh catalogue. Once the TTL has
 * passed, requests keep getting the current one while a single refresh runs in the background
 * (stale-while-revalidate). While the database is unreachable the last good catalogue answers.
 */
async function catalogSnapshot(database: Database): Promise<Snapshot> {
  const now = Date.now();
  const outage = now - unavailableAt < RETRY_AFTER_OUTAGE_MS;
  if (current) {
    if (now - current.loadedAt > CATALOG_TTL_MS && !outage) load(database).catch(() => undefined);
    return current;
  }
  if (lastGood && outage) return lastGood;
  try {
    return await load(database);
  } catch (error) {
    if (lastGood && isDatabaseUnavailable(error)) return lastGood;
    throw error;
  }
}

function queryKey(query: object): string {
  return JSON.stringify(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== false).sort(([a], [b]) => a.localeCompare(b)));
}

const WHOLE_CATALOGUE_KEY = queryKey({ upcoming: false, from: undefined, to: undefined });

/** Only the newest snapshot's bodies can be asked for again. */
function remember(snapshot: Snapshot, key: string, body: CachedBody): void {
  if (snapshot === lastGood) bodies.set(`${snapshot.id}:${key}`, body);
}

const hasFilters = (q: FestivalFilterQuery) =>
  Boolean(q.search || q.genre || q.minRating || q.upcoming || q.from || q.to || q.sort || q.limit || q.offset || q.artist || q.maxPrice !== undefined);

/**
 * The serialised answer to a read of the approved catalogue, from the body cache or built by
 * `build` from the current snapshot and kept. `key` names the read; answers that depend on the
 * day (upcoming festivals) are kept per day, as an unchanged catalogue keeps its snapshot.
 * Bodies shorter than `minChars` cost less to rebuild than to keep and are not cached.
 */
export async function catalogRead(
  database: Database,
  key: object,
  build: (festivals: Festival[]) => unknown,
  { now = new Date(), minChars = 0 }: { now?: Date; minChars?: number } = {},
): Promise<CachedBody> {
  const snapshot = await catalogSnapshot(database);
  const cacheKey = `${todayIso(now)}:${queryKey(key)}`;
  const hit = bodies.get(`${snapshot.id}:${cacheKey}`);
  if (hit) return hit;
  const body = cachedBody(build(snapshot.festivals));
  if (body.body.length >= minChars) remember(snapshot, cacheKey, body);
  return body;
}

export async function catalogResponse(database: Database, query: FestivalFilterQuery, now = new Date()): Promise<CachedBody> {
  const editions = await editionFilters(database, query);
  return catalogRead(
    database,
    { ...query, editions: editions?.key },
    (catalogue) => {
      if (!hasFilters(query)) return catalogue;
      const narrowed = editions ? editions.apply(catalogue, now) : { list: catalogue, search: query.search };
      const festivals = narrowed.list;
      const filters: FestivalFilters = {
        search: narrowed.search,
        genre: query.genre,
        minRating: query.minRating,
        upcoming: query.upcoming,
        from: query.from,
        to: query.to,
        sort: query.sort ?? 'date',
      };
      const list = filterFestivals(festivals, filters, now);
      const offset = query.offset ?? 0;
      return query.limit !== undefined || offset ? list.slice(offset, offset + (query.limit ?? list.length)) : list;
    },
    { now, minChars: CATALOG_CACHE_MIN_BODY_CHARS },
  );
}

/** An approved festival from the cached catalogue, or null when it is not one (then ask the database). */
export async function catalogFestival(database: Database, id: number): Promise<Festival | null> {
  const snapshot = await catalogSnapshot(database);
  snapshot.byId ??= new Map(snapshot.festivals.map((f) => [f.id, f]));
  return snapshot.byId.get(id) ?? null;
}

/** The body cache's state, for tests and benchmarks: its bound, what it holds and whether a query is in it. */
export function catalogCacheStats(query?: FestivalFilterQuery) {
  const prefix = lastGood ? `${lastGood.id}:` : '';
  return {
    maxSize: bodies.maxSize,
    calculatedSize: bodies.calculatedSize,
    entries: bodies.size,
    cached: query !== undefined && lastGood !== undefined && bodies.has(`${prefix}${todayIso()}:${queryKey(query)}`),
  };
}
