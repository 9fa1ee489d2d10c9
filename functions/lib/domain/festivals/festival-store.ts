import { eq } from 'drizzle-orm';
import { calendarRange, festivalPage, queryFilters, type FestivalPageQuery } from '#core/festival-page';
import { todayIso } from '#core/dates';
import { filterFestivals } from '#core/festival-filters';
import type { FestivalFilterQuery } from '#core/festival-query';
import { MapIndex, mapView, type MapViewQuery } from '#core/map-markers';
import type { Database } from '#db/client';
import { catalogueVersionTable, festivalsTable } from '#db/schema';
import type { Festival } from '#core/response-schemas';
import { cachedBody, type CachedBody } from '../../cached-body';
import { derived, kept } from '../../cache/kept';
import { editionFilters, type EditionFilters } from '../editions/catalogue-filters';
import { selectFestivals } from './festival-rows';
import { factsOfQuery } from '#core/trip-fact-filters';

export type { CachedBody };

/**
 * The approved catalogue, read in one query and kept in memory (decision 001): every list is
 * computed from it with core's filters, so a hot read costs no database work. Kept under the
 * cache's one freshness rule (functions/lib/cache/kept.ts): its stamp is catalogue_version, which
 * triggers raise on every write to what the catalogue is made of, so checking it is one primary-key
 * read and the catalogue is read again only when it moved.
 */
interface Catalogue {
  /** Distinguishes catalogue reads (tests, benchmarks). */
  id: number;
  version: number;
  festivals: Festival[];
  byId?: Map<number, Festival>;
  /** The whole list's answer, made on its first request (at 10,000 festivals, larger than the bodies' bound). */
  whole?: CachedBody;
}

let reads = 0;

async function readVersion(database: Database): Promise<number> {
  const [row] = await database
    .select({ version: catalogueVersionTable.version })
    .from(catalogueVersionTable)
    .where(eq(catalogueVersionTable.id, 1));
  return row?.version ?? 0;
}

const catalogue = kept<'approved', Catalogue>({
  madeOf: ['festival', 'edition', 'comment'],
  stamp: (_key, database) => readVersion(database),
  load: async (_key, database, version) => ({
    id: ++reads,
    version: version as number,
    festivals: await selectFestivals(database, eq(festivalsTable.status, 'approved')),
  }),
});

const approved = (database: Database) => catalogue.get('approved', database);

/**
 * Serialised bodies by read, bounded by bytes (decision 001): any number of distinct query strings
 * cannot grow the process past it. Found under the catalogue they were made from.
 */
export const CATALOG_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Smaller bodies (a short filtered page) cost less to rebuild than to keep: they are not cached. */
export const CATALOG_CACHE_MIN_BODY_CHARS = 8 * 1024;
// V8 keeps a string in one byte per character (Latin-1, which covers Spanish) or two: twice the
// length bounds the string and leaves room for its gzip form, made later and much smaller.
const bodies = derived<CachedBody>({ maxBytes: CATALOG_CACHE_MAX_BYTES, sizeOf: (body) => body.body.length * 2 });

/** Map cluster indexes by catalogue and search: a handful per catalogue, about 200 bytes a festival. */
const mapIndexes = derived<MapIndex>({ maxBytes: 32 * 1024 * 1024, sizeOf: (index) => 200 * index.located.length });

function readKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '' && v !== false)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * The serialised answer to a read of the approved catalogue: kept per catalogue, day (answers that
 * depend on it, such as upcoming festivals) and read. Bodies shorter than `minChars` are not kept.
 */
async function catalogRead(
  database: Database,
  key: object,
  build: (festivals: Festival[]) => unknown,
  { now = new Date(), minChars = 0 }: { now?: Date; minChars?: number } = {},
): Promise<CachedBody> {
  const current = await approved(database);
  const made = bodies.get(current, `${todayIso(now)}:${readKey(key)}`, () => cachedBody(build(current.festivals)), {
    minBytes: minChars * 2,
  });
  return made;
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
    q.maxPrice !== undefined ||
    factsOfQuery(q).length > 0,
  );

/** The festivals kept by the filters that need lineups and tickets (editionFilters), and the search left. */
const narrow = (editions: EditionFilters | null, festivals: Festival[], search: string | undefined, now: Date) =>
  editions ? editions.apply(festivals, now) : { list: festivals, search };

/** GET /api/festivals: the whole list, or the list filtered. */
export async function catalogResponse(
  database: Database,
  query: FestivalFilterQuery,
  { now = new Date() }: { now?: Date } = {},
): Promise<CachedBody> {
  if (!hasFilters(query)) {
    const current = await approved(database);
    return (current.whole ??= cachedBody(current.festivals));
  }
  const editions = await editionFilters(database, query);
  return catalogRead(
    database,
    { ...query, editions: editions?.key },
    (catalogue) => {
      const narrowed = narrow(editions, catalogue, query.search, now);
      const list = filterFestivals(narrowed.list, queryFilters(query, { search: narrowed.search }), now);
      const offset = query.offset ?? 0;
      return query.limit !== undefined || offset ? list.slice(offset, offset + (query.limit ?? list.length)) : list;
    },
    { now, minChars: CATALOG_CACHE_MIN_BODY_CHARS },
  );
}

/** GET /api/festivals/page: a page of cards, the total and the genre options. */
export async function catalogPage(database: Database, query: FestivalPageQuery, now = new Date()) {
  const editions = await editionFilters(database, query);
  return catalogRead(
    database,
    { page: query, editions: editions?.key },
    (festivals) => {
      const narrowed = narrow(editions, festivals, query.search, now);
      return festivalPage(narrowed.list, { ...query, search: narrowed.search }, now);
    },
    { now },
  );
}

/** GET /api/festivals/calendar: the festivals on the days shown, and the next one after them. */
export const catalogCalendar = (database: Database, from: string, to: string) =>
  catalogRead(database, { calendar: [from, to] }, (festivals) => calendarRange(festivals, from, to));

/** GET /api/festivals/map: the markers of the area in view, clustered for its zoom. */
export const catalogMapView = (database: Database, query: MapViewQuery) =>
  catalogRead(database, { map: query }, (festivals) =>
    mapView(festivals, query, (located, key) => mapIndexes.get(festivals, key, () => new MapIndex(located))),
  );

/** An approved festival from the kept catalogue, or null when it is not one (then ask the database). */
export async function catalogFestival(database: Database, id: number): Promise<Festival | null> {
  const current = await approved(database);
  current.byId ??= new Map(current.festivals.map((f) => [f.id, f]));
  return current.byId.get(id) ?? null;
}

/** The body cache's state, for tests and benchmarks: its bound, what it holds and whether a query is in it. */
export function catalogCacheStats(query?: FestivalFilterQuery) {
  const current = catalogue.peek('approved');
  if (!current) return { snapshot: null, ...bodies.stats(), cached: false };
  return {
    /** Which catalogue read is being served, and the catalogue_version it saw. */
    snapshot: { id: current.id, version: current.version },
    ...bodies.stats(),
    cached:
      query !== undefined &&
      (hasFilters(query)
        ? bodies.has(current, `${todayIso()}:${readKey({ ...query, editions: undefined })}`)
        : current.whole !== undefined),
  };
}
