import { addDays } from 'date-fns';
import { isIsoDate, parseDateInput, todayIso } from './dates';
import { artistNameKey } from './artist-key';
import { boundingBox, distanceKm, type LatLon } from './geo';
import { stripAccents } from './slug';
import type { Festival } from './response-schemas';

export { defaultFilters, festivalSorts, type FestivalFilters, type FestivalSort, type Near } from './filter-values';
import { festivalSorts, type FestivalFilters, type FestivalSort } from './filter-values';

export type FilterableFestival = Pick<Festival, 'name' | 'location' | 'genres' | 'start_date' | 'end_date'> & {
  averageRating?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  hasValidCoordinates?: boolean;
  /**
   * The name keys (core/artist-key.ts) of the artists on any of its lineups, when the caller has
   * them: a search of 3 key characters or more also matches those, as the server's search does.
   */
  artistKeys?: readonly string[];
};

// Built on first use: the first Intl object a page builds loads the runtime's Spanish locale data
// (docs/decisions/061), which the home's first paint does not need.
let collator: Intl.Collator | undefined;
const soonWindowDays = 30; // 'Próximamente' within 30 days

/** Lowercase, accents removed: the form both sides of a search are compared in. */
export function normalizeText(s: string): string {
  return stripAccents(s.toLowerCase());
}

// Removing accents is the costly part of a search over thousands of festivals; a list's festivals
// are the same objects from one search to the next, so each is normalised once.
const searchTexts = new WeakMap<object, string>();
function searchText(f: FilterableFestival): string {
  let text = searchTexts.get(f);
  if (text === undefined) {
    // Name and location joined by a character no search can hold, so no match spans both.
    text = `${normalizeText(f.name ?? '')}\u0000${normalizeText(f.location ?? '')}`;
    searchTexts.set(f, text);
  }
  return text;
}

/** The festival's point when it has valid coordinates (flagged valid, both numbers), else null. */
export function festivalPoint(f: FilterableFestival): LatLon | null {
  if (f.hasValidCoordinates === false) return null;
  const { latitude: lat, longitude: lon } = f;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat, lon };
}

/** Km from the 'Cerca de' place, or null without coordinates. */
export function distanceFrom(near: LatLon, f: FilterableFestival): number | null {
  const point = festivalPoint(f);
  return point ? distanceKm(near, point) : null;
}

// Festival dates are whole days, so comparing a day widened to 00:00-23:59:59.999
// is exactly comparisons of YYYY-MM-DD strings, free of time zones.
function day(value: string | null | undefined): string | null {
  if (!value) return null;
  return isIsoDate(value) ? value : parseDateInput(value);
}

function startDay(f: FilterableFestival): string | null {
  return day(f.start_date);
}

function rating(f: FilterableFestival): number {
  const r = f.averageRating;
  return typeof r === 'number' && Number.isFinite(r) ? r : 0;
}

/** The day a festival is dated by: its start, or its end when it has no start. */
function dateDay(f: FilterableFestival): string | null {
  return startDay(f) ?? day(f.end_date);
}

/** Upcoming: start date (or end if no start) today or later; no dates -> false. */
export function isUpcoming(f: FilterableFestival, now: Date = new Date()): boolean {
  const d = dateDay(f);
  return d !== null && d >= todayIso(now);
}

/** Soon: starts after today and within the next 30 days. */
export function isSoon(f: FilterableFestival, now: Date = new Date()): boolean {
  const start = startDay(f);
  return start !== null && start > todayIso(now) && start <= todayIso(addDays(now, soonWindowDays));
}

// Everything that depends only on the filters is worked out once per list, not per festival.
function compileFilters(filters: FestivalFilters, now: Date): (f: FilterableFestival) => boolean {
  const query = normalizeText(filters.search?.trim() ?? '');
  const artistQuery = artistNameKey(filters.search?.trim() ?? '');
  const genre = filters.genre?.trim();
  const minRating = filters.minRating ?? 0;
  const today = filters.upcoming ? todayIso(now) : null;
  const from = day(filters.from);
  const to = day(filters.to);
  const near = filters.near;
  const radius = near?.radiusKm ?? null;
  const box = near && radius !== null ? boundingBox(near, radius) : null;

  return (f) => {
    if (
      query &&
      !searchText(f).includes(query) &&
      !(artistQuery.length >= 3 && f.artistKeys?.some((k) => k.includes(artistQuery)))
    )
      return false;
    if (near && box && radius !== null) {
      const point = festivalPoint(f);
      if (!point || point.lat < box.minLat || point.lat > box.maxLat) return false;
      // Longitude limits are not wrapped around ±180: Europe's festivals are far from it, and a
      // box that would cross it only lets more points through to the exact test below.
      if (point.lon < box.minLon && point.lon + 360 > box.maxLon) return false;
      if (point.lon > box.maxLon && point.lon - 360 < box.minLon) return false;
      if (distanceKm(near, point) > radius) return false;
    }
    if (genre && !(f.genres ?? []).includes(genre)) return false;
    if (minRating > 0 && rating(f) < minRating) return false;

    if (today !== null) {
      const d = dateDay(f);
      if (d === null || d < today) return false;
    }
    if (from || to) {
      const start = startDay(f);
      if (!start) return false;
      const end = day(f.end_date) ?? start;
      if (from && end < from) return false;
      if (to && start > to) return false;
    }
    return true;
  };
}

/** Search over name and location (case-insensitive), exact genre, minimum average rating (missing as 0), upcoming only, date range. */
export function matchesFilters(f: FilterableFestival, filters: FestivalFilters, now: Date = new Date()): boolean {
  return compileFilters(filters, now)(f);
}

// Undated festivals go last whatever the direction.
function byDate(a: FilterableFestival, b: FilterableFestival): number {
  const da = dateDay(a);
  const db = dateDay(b);
  if (da === db) return 0;
  if (da === null) return 1;
  if (db === null) return -1;
  return da < db ? -1 : 1;
}

const byName = (a: FilterableFestival, b: FilterableFestival) =>
  (collator ??= new Intl.Collator('es')).compare(a.name, b.name);

const comparators: Record<FestivalSort, (a: FilterableFestival, b: FilterableFestival) => number> = {
  date: (a, b) => byDate(a, b) || byName(a, b),
  name: (a, b) => byName(a, b) || byDate(a, b),
  rating: (a, b) => rating(b) - rating(a) || byDate(a, b) || byName(a, b),
  // Without a place there is no distance: the date order.
  distance: (a, b) => byDate(a, b) || byName(a, b),
};

/**
 * Date ascending (undated last), name alphabetical (es), rating descending; with a place,
 * distance ascending (festivals without coordinates last). New array.
 */
export function sortFestivals<T extends FilterableFestival>(list: T[], sort: FestivalSort, near?: LatLon | null): T[] {
  if (sort === 'distance' && near) {
    const km = new Map(list.map((f) => [f, distanceFrom(near, f)]));
    return [...list].sort((a, b) => {
      const da = km.get(a) ?? null;
      const db = km.get(b) ?? null;
      if (da !== db) {
        if (da === null) return 1;
        if (db === null) return -1;
        if (da !== db) return da - db;
      }
      return byDate(a, b) || byName(a, b);
    });
  }
  return [...list].sort(comparators[festivalSorts.includes(sort) ? sort : 'date']);
}

export function filterFestivals<T extends FilterableFestival>(
  list: T[],
  filters: FestivalFilters,
  now: Date = new Date(),
): T[] {
  return sortFestivals(list.filter(compileFilters(filters, now)), filters.sort ?? 'date', filters.near);
}

/** Turning upcoming-only on clears the date range. */
export function setUpcoming(filters: FestivalFilters, on: boolean): FestivalFilters {
  return on ? { ...filters, upcoming: true, from: '', to: '' } : { ...filters, upcoming: false };
}

/** Setting a date turns upcoming-only off. */
export function setDateRange(filters: FestivalFilters, from: string, to: string): FestivalFilters {
  return { ...filters, from, to, upcoming: from || to ? false : filters.upcoming };
}
