import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { filterFestivals, type FestivalFilters } from '../../core/festival-filters';
import type { FestivalFilterQuery } from '../../core/festival-query';
import type { Festival } from '../../core/types';
import type { Database } from '../../db/client';
import { festivalsTable } from '../../db/schema';

// Written with explicit aliases: drizzle renders columns unqualified in single-table selects, which
// would resolve to the inner table inside a correlated subquery.
const genresSql = sql<string[]>`coalesce((
  select array_agg(g.name order by fg.position, g.name)
  from festival_genres fg join genres g on g.id = fg.genre_id
  where fg.festival_id = "festivals"."id"), '{}')`;

// Ratings (spec §3 "averageRating ... ratingsCount"): one per user, approved comments only, read
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

export interface CachedBody {
  etag: string;
  body: string;
  /** Compressed on first use: most callers (Lambda behind CloudFront, the admin list) never ask. */
  gzip(): Buffer;
}

function cachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  let compressed: Buffer | undefined;
  return { etag, body, gzip: () => (compressed ??= gzipSync(body, { level: 6 })) };
}

/**
 * The approved catalogue, read in one query and kept for a short time. Every filtered list is
 * computed from it with core's filters and its serialised body cached, so hot reads cost no
 * database work (MACHINE-NOTES "Throughput ceiling"). Writes in this process invalidate it at once;
 * other instances (other Lambdas) see changes within CATALOG_TTL_MS plus one rebuild.
 */
const CATALOG_TTL_MS = 2000;
const MAX_CACHED_QUERIES = 200;

interface CatalogEntry {
  loadedAt: number;
  festivals: Promise<Festival[]>;
  byId?: Map<number, Festival>;
  bodies: Map<string, CachedBody>;
}

let catalog: CatalogEntry | undefined;
let generation = 0;
let refreshing = false;

export function invalidateCatalog(): void {
  catalog = undefined;
  generation += 1;
}

function loadCatalog(database: Database): CatalogEntry {
  return {
    loadedAt: Date.now(),
    festivals: selectFestivals(database, eq(festivalsTable.status, 'approved')),
    bodies: new Map<string, CachedBody>(),
  };
}

/**
 * After a write in this process the next request waits for a fresh catalogue. Once the TTL has
 * passed, requests keep getting the current one while a single refresh runs in the background
 * (stale-while-revalidate), so no request waits on the rebuild.
 */
function currentCatalog(database: Database): CatalogEntry {
  if (!catalog) {
    const entry = loadCatalog(database);
    entry.festivals.catch(() => {
      if (catalog === entry) catalog = undefined;
    });
    catalog = entry;
  } else if (!refreshing && Date.now() - catalog.loadedAt > CATALOG_TTL_MS) {
    refreshing = true;
    const startedAt = generation;
    const next = loadCatalog(database);
    next.festivals
      .then(() => {
        // A write during the refresh already dropped the cache; this snapshot may predate it.
        if (generation === startedAt) catalog = next;
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
  }
  return catalog;
}

function queryKey(query: FestivalFilterQuery): string {
  return JSON.stringify(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').sort(([a], [b]) => a.localeCompare(b)));
}

const hasFilters = (q: FestivalFilterQuery) =>
  Boolean(q.search || q.genre || q.minRating || q.upcoming || q.from || q.to || q.sort || q.limit || q.offset);

export async function catalogResponse(database: Database, query: FestivalFilterQuery, now = new Date()): Promise<CachedBody> {
  const entry = currentCatalog(database);
  const key = queryKey(query);
  const hit = entry.bodies.get(key);
  if (hit) return hit;
  let list = await entry.festivals;
  if (hasFilters(query)) {
    const filters: FestivalFilters = {
      search: query.search,
      genre: query.genre,
      minRating: query.minRating,
      upcoming: query.upcoming,
      from: query.from,
      to: query.to,
      sort: query.sort ?? 'date',
    };
    list = filterFestivals(list, filters, now);
    const offset = query.offset ?? 0;
    if (query.limit !== undefined || offset) list = list.slice(offset, offset + (query.limit ?? list.length));
  }
  const body = cachedBody(list);
  if (entry.bodies.size >= MAX_CACHED_QUERIES) entry.bodies.clear();
  entry.bodies.set(key, body);
  return body;
}

/** An approved festival from the cached catalogue, or null when it is not one (then ask the database). */
export async function catalogFestival(database: Database, id: number): Promise<Festival | null> {
  const entry = currentCatalog(database);
  if (!entry.byId) entry.byId = new Map((await entry.festivals).map((f) => [f.id, f]));
  return entry.byId.get(id) ?? null;
}
