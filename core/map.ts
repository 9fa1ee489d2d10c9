import { normalizeText } from './festival-filters';
import type { Festival } from './response-schemas';
import { DEFAULT_MAP_CENTER } from './map-layout';

export {
  CLUSTER_ICON_SIZE,
  CLUSTER_RADIUS,
  clusterSize,
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_RESULTS_SHOWN,
  MAP_TILE_URL,
  mapViewLayout,
  PIN_ICON,
  SEARCH_RESULT_ZOOM,
  type MarkerInView,
  type TileInView,
} from './map-layout';

/**
 * The box of a circle of `radiusKm` round a place, as south-west and north-east corners: the area
 * the map fits when it opens on a 'Cerca de' radius (Leaflet's LatLng.toBounds, the same sums).
 */
export function circleBounds(lat: number, lon: number, radiusKm: number): [[number, number], [number, number]] {
  // The radius in degrees of latitude on Leaflet's Earth, 40,075,017 m round.
  const latSpan = (360 * radiusKm * 1000) / 40075017;
  const lonSpan = latSpan / Math.cos((Math.PI / 180) * lat);
  return [
    [lat - latSpan, lon - lonSpan],
    [lat + latSpan, lon + lonSpan],
  ];
}

const MIN_FOR_AVERAGE = 3;

export type Located<T> = T & { latitude: number; longitude: number };

/** Coordinates count only when hasValidCoordinates is true and latitude and longitude are non-null numbers. */
export function hasCoordinates<T extends Pick<Festival, 'hasValidCoordinates' | 'latitude' | 'longitude'>>(
  f: T,
): f is Located<T> {
  return (
    f.hasValidCoordinates === true &&
    typeof f.latitude === 'number' &&
    typeof f.longitude === 'number' &&
    Number.isFinite(f.latitude) &&
    Number.isFinite(f.longitude)
  );
}

/** The average of the valid coordinates when there are at least 3, else the default centre. */
export function mapCenter(
  festivals: readonly Pick<Festival, 'hasValidCoordinates' | 'latitude' | 'longitude'>[],
): [number, number] {
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
