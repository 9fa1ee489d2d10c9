import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { todayIso } from '#core/dates';
import { filterFestivals } from '#core/festival-filters';
import { queryFilters } from '#core/festival-page';
import type { FestivalFilterQuery } from '#core/festival-query';
import type { Database } from '#db/client';
import { catalogueVersionTable, festivalsTable } from '#db/schema';
import { cachedBody, type CachedBody } from '../../cached-body';
import { isDatabaseUnavailable } from '../../errors';
import { editionFilters } from '../editions/catalogue-filters';
import type { Festival } from '#core/response-schemas';
import { selectFestivals } from './festival-rows';
import { countWrite, writeGeneration } from '../write-generation';

export type { CachedBody };

/**
 * The approved catalogue, read in one query and kept in memory (decision 001). Every filtered
 * list is computed from it with core's filters, so hot reads cost no database work (a Node server
 * answers cached bytes far faster than it can query). It is read again only when the catalogue
 * changed: triggers raise catalogue_version on every write to what it is made of, and requests
 * check that number with one primary-key read at most every VERSION_CHECK_MS, in the background.
 * Writes in this process drop it at once; other instances (other Lambdas) see a change within
 * VERSION_CHECK_MS plus one read. Rebuilding on a timer instead cost every process a full read
 * and the serialisation of every cached body every couple of seconds, which is what made the
 * slowest requests slow under load.
 */
const VERSION_CHECK_MS = 250;
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
  /** catalogue_version read just before the festivals: the data is at least this new. */
  version: number;
  festivals: Festival[];
  /** Where it was read from: where a check of its version asks. */
  database: Database;
  byId?: Map<number, Festival>;
  /**
   * The whole list's answer, made on its first request: at 10,000 festivals it is larger than the
   * body cache's bound (the LRU would refuse it and every request would serialise 11 MB again).
   */
  whole?: CachedBody;
}

/** The catalogue as of the last write in this process; undefined after a write until reloaded. */
let current: Snapshot | undefined;
/** The newest catalogue read successfully: served while the database is down (decision 022). */
let lastGood: Snapshot | undefined;
let loading: { generation: number; snapshot: Promise<Snapshot> } | undefined;
let snapshotIds = 0;
let unavailableAt = -Infinity;
/** When the version was last asked for, and the question in flight if any. */
let checkedAt = -Infinity;
let checking: Promise<void> | undefined;

export function invalidateCatalog(): void {
  current = undefined;
  countWrite();
}

/** How many writes this process has made to what festivals are made of: answers kept apart from the catalogue compare it. */
export const catalogGeneration = writeGeneration;

async function readVersion(database: Database): Promise<number> {
  const [row] = await database
    .select({ version: catalogueVersionTable.version })
    .from(catalogueVersionTable)
    .where(eq(catalogueVersionTable.id, 1));
  return row?.version ?? 0;
}

/** One load at a time per generation: requests arriving during a load share it. */
function load(database: Database): Promise<Snapshot> {
  if (loading?.generation === writeGeneration()) return loading.snapshot;
  const startedAt = writeGeneration();
  // The version first: a write landing between the two reads leaves the snapshot labelled older
  // than its data, so the next check reads it once more, never the other way round.
  const snapshot = readVersion(database).then(async (version) => {
    const festivals = await selectFestivals(database, eq(festivalsTable.status, 'approved'));
    checkedAt = Date.now();
    let next: Snapshot = { id: ++snapshotIds, generation: startedAt, version, festivals, database };
    if (lastGood && lastGood.generation > startedAt) {
      // A read started before a later one that already finished: older, so it replaces nothing.
      return lastGood;
    } else if (lastGood?.version === version) {
      // Nothing the catalogue is made of changed (a write elsewhere, such as a lineup): the
      // snapshot and its cached bodies stay.
      lastGood.generation = startedAt;
      next = lastGood;
    } else {
      // Bodies of older snapshots can no longer be served: free their room at once.
      bodies.clear();
      lastGood = next;
    }
    // A write during the load already dropped the cache; this read may predate it.
    if (writeGeneration() === startedAt) current = next;
    return next;
  });
  snapshot.catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) unavailableAt = Date.now();
  });
  const entry = { generation: startedAt, snapshot };
  loading = entry;
  const done = () => {
    if (loading === entry) loading = undefined;
  };
  snapshot.then(done, done);
  return snapshot;
}

/** In the background: reads the catalogue again when another process changed it. */
function checkVersion(database: Database, snapshot: Snapshot): void {
  if (checking) return;
  checkedAt = Date.now();
  checking = readVersion(database)
    .then(async (version) => {
      if (version !== snapshot.version) await load(database);
    })
    .catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) unavailableAt = Date.now();
    })
    .finally(() => {
      checking = undefined;
    });
}

/** The current catalogue when there is one, starting a background version check when it is due (catalogSnapshot). */
function currentSnapshot(database: Database = current?.database as Database): Snapshot | undefined {
  if (!current) return undefined;
  const now = Date.now();
  if (now - checkedAt > VERSION_CHECK_MS && now - unavailableAt >= RETRY_AFTER_OUTAGE_MS)
    checkVersion(database, current);
  return current;
}

/**
 * After a write in this process the next request waits for a fresh catalogue. Otherwise requests
 * get the current one at once while, every VERSION_CHECK_MS at most, one of them starts a check
 * of the version in the background (stale-while-revalidate). While the database is unreachable
 * the last good catalogue answers.
 */
async function catalogSnapshot(database: Database): Promise<Snapshot> {
  const fresh = currentSnapshot(database);
  if (fresh) return fresh;
  const outage = Date.now() - unavailableAt < RETRY_AFTER_OUTAGE_MS;
  if (lastGood && outage) return lastGood;
  try {
    return await load(database);
  } catch (error) {
    if (lastGood && isDatabaseUnavailable(error)) return lastGood;
    throw error;
  }
}

function queryKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '' && v !== false)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Only the newest snapshot's bodies can be asked for again. */
function remember(snapshot: Snapshot, key: string, body: CachedBody): void {
  if (snapshot === lastGood) bodies.set(`${snapshot.id}:${key}`, body);
}

const hasFilters = (q: FestivalFilterQuery) =>
  Boolean(
    q.search ||
    q.genre ||
    q.minRating ||
    q.upcoming ||
    q.from ||
    q.to ||
    q.sort ||
    q.limit ||
    q.offset ||
    q.artist ||
    q.maxPrice !== undefined,
  );

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
  { now = new Date(), minChars = 0, target }: { now?: Date; minChars?: number; target?: string } = {},
): Promise<CachedBody> {
  const snapshot = await catalogSnapshot(database);
  const readKey = queryKey(key);
  if (target !== undefined) knownTargets.set(target, readKey);
  const cacheKey = `${todayIso(now)}:${readKey}`;
  const hit = bodies.get(`${snapshot.id}:${cacheKey}`);
  if (hit) return hit;
  const body = cachedBody(build(snapshot.festivals));
  if (body.body.length >= minChars) remember(snapshot, cacheKey, body);
  return body;
}

/**
 * Request targets (path and query exactly as sent) already answered from the catalogue alone, with
 * the key of their read: the same target is the same read whatever the snapshot, so its next
 * request can be answered from the kept body before the query is parsed and checked again
 * (keptCatalogBody). Only reads that need nothing but the snapshot and the day are named here:
 * never a search (its artist names come from the database). Bounded by count; a target not
 * known goes the whole way, as before.
 */
const knownTargets = new LRUCache<string, string>({ max: 4096 });
/** The key of the whole list, which is kept on its snapshot rather than in the body cache. */
const WHOLE_LIST = '';

/**
 * The kept answer to a target answered before (knownTargets) from the current catalogue, if it is
 * still kept; undefined otherwise (no current snapshot, a write made here since, a body dropped
 * from the cache): the request then goes the whole way.
 */
export function keptCatalogBody(target: string, now = new Date()): CachedBody | undefined {
  const readKey = knownTargets.get(target);
  if (readKey === undefined) return undefined;
  const snapshot = currentSnapshot();
  if (!snapshot) return undefined;
  if (readKey === WHOLE_LIST) return snapshot.whole;
  return bodies.get(`${snapshot.id}:${todayIso(now)}:${readKey}`);
}

/** GET /api/festivals: the whole list, or the list filtered; `target` is the request's path and query as sent (knownTargets). */
export async function catalogResponse(
  database: Database,
  query: FestivalFilterQuery,
  { now = new Date(), target }: { now?: Date; target?: string } = {},
): Promise<CachedBody> {
  if (!hasFilters(query)) {
    const snapshot = await catalogSnapshot(database);
    if (target !== undefined) knownTargets.set(target, WHOLE_LIST);
    return (snapshot.whole ??= cachedBody(snapshot.festivals));
  }
  const editions = await editionFilters(database, query);
  return catalogRead(
    database,
    { ...query, editions: editions?.key },
    (catalogue) => {
      const narrowed = editions ? editions.apply(catalogue, now) : { list: catalogue, search: query.search };
      const festivals = narrowed.list;
      const filters = queryFilters(query, { search: narrowed.search });
      const list = filterFestivals(festivals, filters, now);
      const offset = query.offset ?? 0;
      return query.limit !== undefined || offset ? list.slice(offset, offset + (query.limit ?? list.length)) : list;
    },
    { now, minChars: CATALOG_CACHE_MIN_BODY_CHARS, target: editions ? undefined : target },
  );
}

/** An approved festival from the cached catalogue, or null when it is not one (then ask the database). */
export async function catalogFestival(database: Database, id: number): Promise<Festival | null> {
  return festivalIn(await catalogSnapshot(database), id);
}

function festivalIn(snapshot: Snapshot, id: number): Festival | null {
  snapshot.byId ??= new Map(snapshot.festivals.map((f) => [f.id, f]));
  return snapshot.byId.get(id) ?? null;
}

/** An approved festival from the current catalogue without waiting: undefined when there is none (catalogFestival then reads). */
export function keptCatalogFestival(id: number): Festival | undefined {
  const snapshot = currentSnapshot();
  return (snapshot && festivalIn(snapshot, id)) ?? undefined;
}

/** The body cache's state, for tests and benchmarks: its bound, what it holds and whether a query is in it. */
export function catalogCacheStats(query?: FestivalFilterQuery) {
  const prefix = lastGood ? `${lastGood.id}:` : '';
  return {
    /** Which catalogue read is being served, and the catalogue_version it saw. */
    snapshot: lastGood ? { id: lastGood.id, version: lastGood.version } : null,
    maxSize: bodies.maxSize,
    calculatedSize: bodies.calculatedSize,
    entries: bodies.size,
    cached:
      query !== undefined &&
      lastGood !== undefined &&
      (hasFilters(query) ? bodies.has(`${prefix}${todayIso()}:${queryKey(query)}`) : lastGood.whole !== undefined),
  };
}
