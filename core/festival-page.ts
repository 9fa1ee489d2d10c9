import { CALENDAR_DESCRIPTION_LENGTH, dayNumber, itemSpan } from './calendar';
import { markdownToText, truncateText } from './text';
import { isIsoDate } from './dates';
import { distanceFrom, filterFestivals, sortFestivals, type FestivalFilters } from './festival-filters';
import { festivalFilterQuerySchema, type FestivalFilterQuery } from './festival-query';
import { FESTIVAL_PAGE_SIZE } from './festival-page-url';
import { nearRadiiKm } from './geo';
import { z } from './zod';
import type { Festival } from './response-schemas';
import { FESTIVAL_PAGE_MAX, toCard, type FestivalCard } from './festival-card';

export { FESTIVAL_PAGE_SIZE };
// Also here for the server's readers; the web imports them from festival-card.ts, which needs no zod.
export { FESTIVAL_PAGE_MAX, toCard, type FestivalCard } from './festival-card';
/** Favourites asked for in one request. */
export const FESTIVAL_IDS_MAX = 500;

export interface GenreFacet {
  name: string;
  /** Festivals matching every other filter that have this genre. */
  count: number;
}

/** GET /api/festivals/page: one page of cards, how many match, and the genre options with counts. */
export interface FestivalPage {
  total: number;
  offset: number;
  limit: number;
  items: FestivalCard[];
  genres: GenreFacet[];
}

const intList = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max * 12, { error: message })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: message })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= max, { error: message })
    .optional();

const coordinate = (max: number, message: string) =>
  z.coerce.number({ error: message }).min(-max, { error: message }).max(max, { error: message }).optional();

const radiusMessage = `El radio debe ser ${nearRadiiKm.join(', ')} km o ninguno.`;

/**
 * GET /api/festivals/page query: the filters of GET /api/festivals (the same rules as the web's),
 * a page (limit, offset), favourites by id and 'Cerca de' (lat, lon and an optional radius in km).
 */
export const festivalPageQuerySchema = festivalFilterQuerySchema
  .extend({
    limit: z.coerce
      .number({ error: `limit debe ser un número entre 1 y ${FESTIVAL_PAGE_MAX}.` })
      .int({ error: `limit debe ser un número entre 1 y ${FESTIVAL_PAGE_MAX}.` })
      .min(1, { error: `limit debe ser un número entre 1 y ${FESTIVAL_PAGE_MAX}.` })
      .max(FESTIVAL_PAGE_MAX, { error: `limit debe ser un número entre 1 y ${FESTIVAL_PAGE_MAX}.` })
      .default(FESTIVAL_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'offset debe ser un número entero no negativo.' })
      .int({ error: 'offset debe ser un número entero no negativo.' })
      .min(0, { error: 'offset debe ser un número entero no negativo.' })
      .max(1_000_000, { error: 'offset debe ser un número entero no negativo.' })
      .default(0),
    ids: intList(FESTIVAL_IDS_MAX, `ids debe ser una lista de hasta ${FESTIVAL_IDS_MAX} números separados por comas.`),
    lat: coordinate(90, 'La latitud debe ser un número entre -90 y 90.'),
    lon: coordinate(180, 'La longitud debe ser un número entre -180 y 180.'),
    radius: z.coerce
      .number({ error: radiusMessage })
      .refine((v) => (nearRadiiKm as readonly number[]).includes(v), { error: radiusMessage })
      .optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), {
    error: 'Indica la latitud y la longitud del lugar.',
    path: ['lat'],
  })
  .refine((q) => q.radius === undefined || q.lat !== undefined, {
    error: 'El radio necesita un lugar (latitud y longitud).',
    path: ['radius'],
  });
export type FestivalPageQuery = z.output<typeof festivalPageQuerySchema>;

/**
 * The filters a list query asks for, in core's terms: the one translation from query parameters
 * (GET /api/festivals and GET /api/festivals/page alike) to what core's filters apply.
 * `override.search` replaces the query's search, undefined included, when the server already
 * applied it (a search that matched artist names).
 */
export function queryFilters(
  query: FestivalFilterQuery & Partial<Pick<FestivalPageQuery, 'lat' | 'lon' | 'radius'>>,
  override?: { search: string | undefined },
): FestivalFilters {
  return {
    search: override ? override.search : query.search,
    genre: query.genre,
    minRating: query.minRating,
    upcoming: query.upcoming,
    from: query.from,
    to: query.to,
    sort: query.sort ?? 'date',
    near:
      query.lat !== undefined && query.lon !== undefined
        ? { lat: query.lat, lon: query.lon, radiusKm: query.radius ?? null }
        : null,
  };
}

// Built on first use: the web imports this module for its page URLs, and the first Intl object a
// page builds costs it about 200 ms of main thread (docs/decisions/061).
let collator: Intl.Collator | undefined;

/** Genre options for the filter bar: every genre of `list`, counted over `matching`. */
export function genreFacets(list: readonly Festival[], matching: readonly Festival[]): GenreFacet[] {
  const counts = new Map<string, number>();
  for (const f of list) for (const g of f.genres ?? []) if (!counts.has(g)) counts.set(g, 0);
  for (const f of matching) for (const g of f.genres ?? []) counts.set(g, (counts.get(g) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => (collator ??= new Intl.Collator('es')).compare(a.name, b.name));
}

/** One page of the approved catalogue for a query: the same filters core applies in the browser. */
export function festivalPage(
  catalogue: readonly Festival[],
  query: FestivalPageQuery,
  now: Date = new Date(),
): FestivalPage {
  const filters = queryFilters(query);
  let list: Festival[] = catalogue as Festival[];
  if (query.ids) {
    const wanted = new Set(query.ids);
    list = list.filter((f) => wanted.has(f.id));
  }
  const matching = filterFestivals(list, filters, now);
  // The genre options stay while a genre is chosen: counted with every filter but the genre.
  const forFacets = filters.genre ? filterFestivals(list, { ...filters, genre: '', sort: 'date' }, now) : matching;
  const items = matching.slice(query.offset, query.offset + query.limit);
  const near = filters.near;
  return {
    total: matching.length,
    offset: query.offset,
    limit: query.limit,
    items: items.map((f) => toCard(f, near ? distanceFrom(near, f) : null)),
    genres: genreFacets(list, forFacets),
  };
}

/** A festival in the calendar: its card fields and the description preview (100 characters). */
export type CalendarFestival = Pick<
  Festival,
  'id' | 'name' | 'location' | 'start_date' | 'end_date' | 'genres' | 'status'
> & {
  description: string;
};

/** GET /api/festivals/calendar: the festivals on the days shown, and the next one after them. */
export interface CalendarRange {
  items: CalendarFestival[];
  next: Pick<Festival, 'id' | 'name' | 'start_date'> | null;
}

/** Longest range the calendar asks for: a six-week month grid, with room to spare. */
export const CALENDAR_RANGE_MAX_DAYS = 62;

export function toCalendarFestival(f: Festival): CalendarFestival {
  return {
    id: f.id,
    name: f.name,
    location: f.location,
    start_date: f.start_date,
    end_date: f.end_date,
    genres: f.genres,
    status: f.status,
    // Only the first characters are read: the preview never needs more.
    description: truncateText(
      markdownToText(f.description, CALENDAR_DESCRIPTION_LENGTH * 4),
      CALENDAR_DESCRIPTION_LENGTH,
    ),
  };
}

/** Festivals overlapping [from, to] by date, and the first one that starts after `to`. */
export function calendarRange(catalogue: readonly Festival[], from: string, to: string): CalendarRange {
  const sorted = sortFestivals(catalogue as Festival[], 'date');
  const items: CalendarFestival[] = [];
  let next: CalendarRange['next'] = null;
  for (const f of sorted) {
    const span = itemSpan(f);
    if (!span) continue;
    const [start, end] = span;
    if (start > to) {
      next ??= { id: f.id, name: f.name, start_date: f.start_date };
      continue;
    }
    if (end >= from) items.push(toCalendarFestival(f));
  }
  return { items, next };
}

const calendarDay = (name: 'from' | 'to') =>
  z
    .string({ error: `Falta la fecha ${name === 'from' ? 'de inicio (from)' : 'de fin (to)'}.` })
    .trim()
    .refine(isIsoDate, { error: 'Fecha no válida: usa el formato AAAA-MM-DD.' });

/** GET /api/festivals/calendar query: the first and last day shown, at most CALENDAR_RANGE_MAX_DAYS apart. */
export const calendarRangeQuerySchema = z
  .object({ from: calendarDay('from'), to: calendarDay('to') })
  .refine((q) => q.from <= q.to && dayNumber(q.to) - dayNumber(q.from) < CALENDAR_RANGE_MAX_DAYS, {
    error: `El rango debe ir de from a to y no superar ${CALENDAR_RANGE_MAX_DAYS} días.`,
    path: ['to'],
  });
