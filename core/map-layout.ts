/**
 * The map's constants and the layout of a view as Leaflet draws it, apart from the map's search
 * helpers (map.ts), so the boot entry that paints the first view imports nothing more.
 */

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

/** A marker of the view and where Leaflet puts its place (the icon's anchor) in the map's box, in CSS pixels. */
export interface MarkerInView<M> {
  marker: M;
  x: number;
  y: number;
}

/**
 * Leaflet's icons as the map draws them: a cluster is a disc centred on its place, a festival
 * Leaflet's own pin with its tip on the place and its shadow anchored at the same point.
 */
export const CLUSTER_ICON_SIZE = 32;
export const PIN_ICON = { size: [25, 41], anchor: [12, 41], shadowSize: [41, 41] } as const;

/** A cluster's disc by how many festivals it holds: its colour and halo (map.css). */
export const clusterSize = (count: number): 'small' | 'medium' | 'large' =>
  count < 10 ? 'small' : count < 100 ? 'medium' : 'large';

/**
 * What a map of `width` × `height` px centred on `center` at `zoom` shows, placed as Leaflet places
 * it: its pixel origin is the centre's Web Mercator point less half the box, rounded; a tile column
 * west or east of the world wraps round, a row beyond the poles is not drawn; a marker's place is
 * its rounded point less that origin. Only the markers whose icon can reach into the box are kept.
 * A view painted from this before Leaflet has loaded (web/src/lib/map-paint.ts) lies exactly
 * under what Leaflet draws later.
 */
export function mapViewLayout<M extends { lat: number; lon: number }>(
  center: readonly [number, number],
  zoom: number,
  width: number,
  height: number,
  template: string,
  markers: readonly M[] = [],
): { tiles: TileInView[]; markers: MarkerInView<M>[] } {
  const size = 256;
  // Web Mercator's edge, where Leaflet clamps latitudes.
  const maxLatitude = 85.0511287798;
  const count = 2 ** zoom;
  const project = (lat: number, lon: number): [number, number] => {
    const sin = Math.sin((Math.max(-maxLatitude, Math.min(maxLatitude, lat)) * Math.PI) / 180);
    return [((lon + 180) / 360) * size * count, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size * count];
  };
  const [x, y] = project(center[0], center[1]);
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
  // The largest icon (a pin and its shadow, 41 px) reaches that far from its place.
  const margin = 48;
  const placed: MarkerInView<M>[] = [];
  for (const marker of markers) {
    const point = project(marker.lat, marker.lon);
    const px = Math.round(point[0]) - originX;
    const py = Math.round(point[1]) - originY;
    if (px > -margin && px < width + margin && py > -margin && py < height + margin)
      placed.push({ marker, x: px, y: py });
  }
  return { tiles, markers: placed };
}
