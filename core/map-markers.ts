import Supercluster, { type ClusterProperties } from 'supercluster';
import { normalizeText } from './festival-filters';
import {
  CLUSTER_RADIUS,
  hasCoordinates,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_RESULTS_SHOWN,
  mapCenter,
  searchMapFestivals,
} from './map';
import { z } from './zod';
import type { Festival } from './response-schemas';

/** A festival on the map: what its marker and popup show. */
export interface MapPoint {
  type: 'festival';
  id: number;
  lat: number;
  lon: number;
  name: string;
  location: string | null;
  start_date: string | null;
  end_date: string | null;
  genres: string[];
}

/** Festivals closer than the cluster radius at this zoom, drawn as one numbered marker. */
export interface MapCluster {
  type: 'cluster';
  id: number;
  lat: number;
  lon: number;
  count: number;
  /** The zoom at which the cluster splits: a click on it zooms there. */
  zoom: number;
}

export type MapMarker = MapPoint | MapCluster;

/** A search result listed above the map; `zoom` is where its own marker leaves every cluster. */
export interface MapResult {
  id: number;
  name: string;
  location: string | null;
  lat: number | null;
  lon: number | null;
  zoom: number | null;
}

/** GET /api/festivals/map: the markers of the area shown at one zoom. */
export interface MapView {
  /** Festivals on the map (matching the search, if any). */
  located: number;
  /** Festivals of the catalogue without coordinates (no search) or search results without them. */
  withoutCoordinates: number;
  /** Where the map starts: the average of the festivals' coordinates (or Madrid). */
  center: [number, number];
  markers: MapMarker[];
  /** With a search: how many festivals match and the first ones, best match first. */
  results: { total: number; items: MapResult[] } | null;
}

const bound = (max: number, name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número entre -${max} y ${max}.` })
    .min(-max, { error: `${name} debe ser un número entre -${max} y ${max}.` })
    .max(max, { error: `${name} debe ser un número entre -${max} y ${max}.` });

/**
 * GET /api/festivals/map query: the zoom, the area shown (west, south, east, north in degrees;
 * all four or none, none meaning the whole world) and the map's search. Longitudes may pass ±180
 * by one turn, as a map scrolled across the date line reports them.
 */
export const mapViewQuerySchema = z
  .object({
    zoom: z.coerce
      .number({ error: `zoom debe ser un número entero entre ${MAP_MIN_ZOOM} y ${MAP_MAX_ZOOM}.` })
      .int({ error: `zoom debe ser un número entero entre ${MAP_MIN_ZOOM} y ${MAP_MAX_ZOOM}.` })
      .min(0, { error: `zoom debe ser un número entero entre ${MAP_MIN_ZOOM} y ${MAP_MAX_ZOOM}.` })
      .max(MAP_MAX_ZOOM, { error: `zoom debe ser un número entero entre ${MAP_MIN_ZOOM} y ${MAP_MAX_ZOOM}.` }),
    west: bound(540, 'west').optional(),
    south: bound(90, 'south').optional(),
    east: bound(540, 'east').optional(),
    north: bound(90, 'north').optional(),
    search: z.string().trim().max(200, { error: 'La búsqueda no puede superar 200 caracteres.' }).optional(),
  })
  .refine(
    (q) =>
      [q.west, q.south, q.east, q.north].every((v) => v === undefined) ||
      [q.west, q.south, q.east, q.north].every((v) => v !== undefined),
    {
      error: 'Indica las cuatro coordenadas del área (west, south, east, north) o ninguna.',
      path: ['west'],
    },
  )
  .refine((q) => q.south === undefined || q.north === undefined || q.south <= q.north, {
    error: 'south no puede estar al norte de north.',
    path: ['south'],
  });
export type MapViewQuery = z.output<typeof mapViewQuerySchema>;

type Props = { festival: Festival };

/** Five decimals are about a metre: more is bytes for nothing. */
const round = (deg: number) => Math.round(deg * 1e5) / 1e5;

/** One cluster index per list of festivals: built once (a few tens of ms for 10,000), queried in microseconds. */
export class MapIndex {
  readonly located: Festival[];
  private readonly index: Supercluster<Props>;

  constructor(festivals: readonly Festival[]) {
    this.located = festivals.filter(hasCoordinates);
    // Leaflet's tiles are 256 px: with that extent the radius is in screen pixels, as the
    // map's clustering radius of 50 px is meant. Past maxZoom every festival is a marker of its own.
    this.index = new Supercluster<Props>({
      radius: CLUSTER_RADIUS,
      extent: 256,
      minZoom: 0,
      maxZoom: MAP_MAX_ZOOM - 1,
    });
    this.index.load(
      this.located.map((f) => ({
        type: 'Feature',
        properties: { festival: f },
        geometry: { type: 'Point', coordinates: [f.longitude!, f.latitude!] },
      })),
    );
  }

  markers(query: Pick<MapViewQuery, 'zoom' | 'west' | 'south' | 'east' | 'north'>): MapMarker[] {
    const zoom = Math.round(query.zoom);
    let box: [number, number, number, number] = [-180, -90, 180, 90];
    if (
      query.west !== undefined &&
      query.east !== undefined &&
      query.south !== undefined &&
      query.north !== undefined
    ) {
      // Supercluster takes longitudes in [-180, 180] and splits a box that crosses the date line itself.
      const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
      box =
        query.east - query.west >= 360
          ? [-180, query.south, 180, query.north]
          : [wrap(query.west), query.south, wrap(query.east), query.north];
      if (box[2] === -180 && query.east > query.west) box[2] = 180;
    }
    return this.index.getClusters(box, zoom).map((feature): MapMarker => {
      const [lon, lat] = feature.geometry.coordinates;
      const props = feature.properties as Partial<ClusterProperties> & Partial<Props>;
      if (props.cluster) {
        const id = props.cluster_id!;
        return {
          type: 'cluster',
          id,
          lat: round(lat),
          lon: round(lon),
          count: props.point_count!,
          zoom: Math.min(this.index.getClusterExpansionZoom(id), MAP_MAX_ZOOM),
        };
      }
      const f = props.festival!;
      // Its own coordinates: the index keeps them projected, a rounding away from what was stored.
      return {
        type: 'festival',
        id: f.id,
        lat: f.latitude!,
        lon: f.longitude!,
        name: f.name,
        location: f.location,
        start_date: f.start_date,
        end_date: f.end_date,
        genres: (f.genres ?? []).slice(0, 3),
      };
    });
  }

  /** The lowest zoom from `from` up at which the festival is a marker of its own. */
  revealZoom(f: Festival, from: number): number {
    for (let zoom = Math.max(from, 0); zoom < MAP_MAX_ZOOM; zoom++) {
      const d = 1e-6;
      const here = this.index.getClusters([f.longitude! - d, f.latitude! - d, f.longitude! + d, f.latitude! + d], zoom);
      if (
        here.some(
          (m) => !(m.properties as { cluster?: boolean }).cluster && (m.properties as Props).festival.id === f.id,
        )
      )
        return zoom;
    }
    return MAP_MAX_ZOOM;
  }
}

/**
 * The map's answer for a query, from a cached index over the whole catalogue or over a search's
 * matches (`indexFor` builds or finds it). The search is the map's own: accent-insensitive over
 * name, location, genres and description, name matches first (core/map.ts).
 */
export function mapView(
  catalogue: readonly Festival[],
  query: MapViewQuery,
  indexFor: (festivals: readonly Festival[], key: string) => MapIndex,
): MapView {
  const search = query.search?.trim() ?? '';
  const center = mapCenter(catalogue);
  if (!search) {
    const index = indexFor(catalogue, '');
    return {
      located: index.located.length,
      withoutCoordinates: catalogue.length - index.located.length,
      center,
      markers: index.markers(query),
      results: null,
    };
  }
  const matches = searchMapFestivals(catalogue, search);
  const index = indexFor(matches, normalizeText(search));
  const first = matches.slice(0, MAP_RESULTS_SHOWN);
  return {
    located: index.located.length,
    withoutCoordinates: matches.length - index.located.length,
    center,
    markers: index.markers(query),
    results: {
      total: matches.length,
      items: first.map((f) => {
        const located = hasCoordinates(f);
        return {
          id: f.id,
          name: f.name,
          location: f.location,
          lat: located ? f.latitude : null,
          lon: located ? f.longitude : null,
          zoom: located ? index.revealZoom(f, MAP_MIN_ZOOM) : null,
        };
      }),
    },
  };
}
