import { normalizeText } from './festival-filters';
import type { Festival } from './response-schemas';

/** Madrid at zoom 5, unless at least 3 festivals have coordinates: then their average. */
export const DEFAULT_MAP_CENTER: [number, number] = [40.416775, -3.70379];
export const DEFAULT_MAP_ZOOM = 5;
export const SEARCH_RESULT_ZOOM = 10;
export const CLUSTER_RADIUS = 50;
/** The map's zoom range: street level adds nothing to finding a festival. */
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 16;
/** Search results listed above the map; the others are counted. */
export const MAP_RESULTS_SHOWN = 5;

/**
 * OpenStreetMap's standard tiles. The server's Content-Security-Policy allows
 * images from this host (functions/lib/security-policy.ts), so both read it from here.
 */
export const MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const MIN_FOR_AVERAGE = 3;

export type Located<T> = T & { latitude: number; longitude: number };

/** Coordinates count only when hasValidCoordinates is true and latitude and longitude are non-null numbers. */
export function hasCoordinates<T extends Pick<Festival, 'hasValidCoordinates' | 'latitude' | 'longitude'>>(f: T): f is Located<T> {
  return (
    f.hasValidCoordinates === true &&
    typeof f.latitude === 'number' &&
    typeof f.longitude === 'number' &&
    Number.isFinite(f.latitude) &&
    Number.isFinite(f.longitude)
  );
}

/** The average of the valid coordinates when there are at least 3, else the default centre. */
export function mapCenter(festivals: readonly Pick<Festival, 'hasValidCoordinates' | 'latitude' | 'longitude'>[]): [number, number] {
  let lat = 0;
  let lon = 0;
  let count = 0;
  for (const f of festivals) {
    if (!hasCoordinates(f)) continue;
    lat += f.latitude;
    lon += f.longitude;
    count += 1;
  }
  return count >= MIN_FOR_AVERAGE ? [lat / count, lon / count] : DEFAULT_MAP_CENTER;
}

type Searchable = Pick<Festival, 'name' | 'location' | 'description' | 'genres'>;

/**
 * The map's search: case- and accent-insensitive substring over name, location, description and genre.
 * Matches on the name come first, then location, genre and description (each group in input order),
 * so the first result, which the map zooms to (zoom 10), is the festival the person most likely meant.
 */
export function searchMapFestivals<T extends Searchable>(festivals: readonly T[], query: string): T[] {
  const q = normalizeText(query.trim());
  if (!q) return [...festivals];
  const groups: T[][] = [[], [], [], []];
  for (const f of festivals) {
    if (normalizeText(f.name ?? '').includes(q)) groups[0].push(f);
    else if (normalizeText(f.location ?? '').includes(q)) groups[1].push(f);
    else if ((f.genres ?? []).some((g) => normalizeText(g).includes(q))) groups[2].push(f);
    else if (normalizeText(f.description ?? '').includes(q)) groups[3].push(f);
  }
  return groups.flat();
}
