import type { FestivalFilters } from './filter-values';
import { factQueryParams } from './trip-fact-filters';

/** Cards a page holds unless asked otherwise (the server's default too). */
export const FESTIVAL_PAGE_SIZE = 24;

/**
 * GET /api/festivals/page for the filters, in one fixed parameter order: the same filters give the
 * same URL, so the browser, the CDN and the server cache each answer once (and index.html's early
 * request for the default home matches this exactly).
 */
export function festivalPageUrl(
  filters: FestivalFilters,
  offset = 0,
  limit = FESTIVAL_PAGE_SIZE,
  ids?: readonly number[],
): string {
  const p = new URLSearchParams();
  if (filters.search?.trim()) p.set('search', filters.search.trim());
  if (filters.genre) p.set('genre', filters.genre);
  if (filters.minRating) p.set('minRating', String(filters.minRating));
  p.set('upcoming', filters.upcoming ? 'true' : 'false');
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  p.set('sort', filters.sort ?? 'date');
  if (filters.near) {
    p.set('lat', filters.near.lat.toFixed(4));
    p.set('lon', filters.near.lon.toFixed(4));
    if (filters.near.radiusKm) p.set('radius', String(filters.near.radiusKm));
  }
  if (filters.maxPrice) p.set('maxPrice', String(filters.maxPrice));
  for (const [name, value] of factQueryParams(filters.facts ?? [])) p.set(name, value);
  if (ids) p.set('ids', ids.join(','));
  p.set('limit', String(limit));
  if (offset) p.set('offset', String(offset));
  return `/api/festivals/page?${p.toString().replace(/\+/g, '%20')}`;
}
