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

/** A map tile and where its top-left corner lies in the map's box, in CSS pixels. */
export interface TileInView {
  url: string;
  left: number;
  top: number;
}

/**
 * The tiles a map of `width` × `height` px shows centred on `center` at `zoom`, placed as Leaflet
 * places them (its pixel origin is the centre's Web Mercator point less half the box, rounded; a
 * column west or east of the world wraps round, a row beyond the poles is not drawn): a copy of
 * them drawn before Leaflet has loaded lies exactly under the tiles Leaflet draws later.
 * Self-contained (no name from outside its body), because index.html's boot script carries its
 * source to draw them before the app has loaded (web/boot-script.ts).
 */
export function tilesInView(center: readonly [number, number], zoom: number, width: number, height: number, template: string): TileInView[] {
  const size = 256;
  // Web Mercator's edge, where Leaflet clamps latitudes.
  const maxLatitude = 85.0511287798;
  const count = 2 ** zoom;
  const sin = Math.sin((Math.max(-maxLatitude, Math.min(maxLatitude, center[0])) * Math.PI) / 180);
  const x = ((center[1] + 180) / 360) * size * count;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size * count;
  const originX = Math.round(x - width / 2);
  const originY = Math.round(y - height / 2);
  const tiles: TileInView[] = [];
  const lastRow = Math.min(count - 1, Math.floor((originY + height - 1) / size));
  for (let row = Math.max(0, Math.floor(originY / size)); row <= lastRow; row++) {
    for (let column = Math.floor(originX / size); column <= Math.floor((originX + width - 1) / size); column++) {
      const wrapped = ((column % count) + count) % count;
      tiles.push({
        url: template.replace('{z}', String(zoom)).replace('{x}', String(wrapped)).replace('{y}', String(row)),
        left: column * size - originX,
        top: row * size - originY,
      });
    }
  }
  return tiles;
}

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
