import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  MAP_TILE_URL,
  circleBounds,
  clusterSize,
  hasCoordinates,
  mapCenter,
  mapViewLayout,
  searchMapFestivals,
} from './map';

const f = (
  over: Partial<{
    name: string;
    location: string | null;
    description: string | null;
    genres: string[];
    latitude: number | null;
    longitude: number | null;
    hasValidCoordinates: boolean;
  }> = {},
) => ({
  name: 'Festival',
  location: 'Madrid, España',
  description: 'Descripción',
  genres: ['Techno'],
  latitude: 40,
  longitude: -3,
  hasValidCoordinates: true,
  ...over,
});

describe('hasCoordinates (flagged valid and both numbers)', () => {
  it('needs the flag and two finite numbers', () => {
    expect(hasCoordinates(f())).toBe(true);
    expect(hasCoordinates(f({ hasValidCoordinates: false }))).toBe(false);
    expect(hasCoordinates(f({ latitude: null }))).toBe(false);
    expect(hasCoordinates(f({ longitude: Number.NaN }))).toBe(false);
  });
});

describe('mapCenter (Madrid, or the average of at least 3)', () => {
  it('uses the default centre with fewer than 3 located festivals', () => {
    expect(mapCenter([])).toEqual(DEFAULT_MAP_CENTER);
    expect(mapCenter([f(), f(), f({ hasValidCoordinates: false })])).toEqual(DEFAULT_MAP_CENTER);
  });

  it('averages the valid coordinates from 3 on, ignoring invalid ones', () => {
    const [lat, lon] = mapCenter([
      f({ latitude: 40, longitude: 0 }),
      f({ latitude: 50, longitude: 10 }),
      f({ latitude: 60, longitude: 20 }),
      f({ latitude: null, longitude: null }),
    ]);
    expect(lat).toBeCloseTo(50);
    expect(lon).toBeCloseTo(10);
  });
});

describe('searchMapFestivals (accent-insensitive over name, location, description, genre)', () => {
  const list = [
    f({ name: 'Sónar', location: 'Barcelona, España', description: 'Música avanzada', genres: ['Electrónica'] }),
    f({
      name: 'Awakenings',
      location: 'Ámsterdam, Países Bajos',
      description: 'Techno a lo grande',
      genres: ['Techno'],
    }),
    f({ name: 'Dekmantel', location: null, description: null, genres: ['House', 'Drum and Bass'] }),
  ];
  const names = (q: string) => searchMapFestivals(list, q).map((x) => x.name);

  it('ignores accents and case over name, location, description and genre', () => {
    expect(names('SONAR')).toEqual(['Sónar']);
    expect(names('amsterdam')).toEqual(['Awakenings']);
    expect(names('MUSICA')).toEqual(['Sónar']);
    expect(names('electronica')).toEqual(['Sónar']);
    expect(names('drum and')).toEqual(['Dekmantel']);
    expect(names('techno')).toEqual(['Awakenings']);
  });

  it('puts name matches first, then location, genre and description', () => {
    const ranked = [
      f({ name: 'Uno', genres: [], description: 'Inspirado en Techno Fest' }),
      f({ name: 'Dos', genres: ['Techno'], description: null }),
      f({ name: 'Techno Fest', genres: ['House'], description: null }),
      f({ name: 'Tres', location: 'Technopolis, Grecia', genres: [], description: null }),
    ];
    expect(searchMapFestivals(ranked, 'techno').map((x) => x.name)).toEqual(['Techno Fest', 'Tres', 'Dos', 'Uno']);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(names('  ')).toHaveLength(3);
    expect(names('zzz')).toEqual([]);
  });
});

const tilesInView = (
  center: readonly [number, number],
  zoom: number,
  width: number,
  height: number,
  template: string,
) => mapViewLayout(center, zoom, width, height, template).tiles;

describe('mapViewLayout: the tiles Leaflet draws for a centre, a zoom and a box', () => {
  it('puts the centre at the middle of the box, on the tile under it', () => {
    // 45.53 N 5.37 E at zoom 5 is the point (4218.1, 2929.5) of the 8192 px world: tile 16/11.
    const tiles = tilesInView([45.5321743800001, 5.367064263000008], 5, 380, 569, MAP_TILE_URL);
    const centre = tiles.find((t) => t.url.endsWith('/5/16/11.png'))!;
    expect(centre.left).toBe(16 * 256 - Math.round(4218.07 - 190));
    expect(centre.top).toBe(11 * 256 - Math.round(2929.51 - 284.5));
    // Every pixel of the box is covered, by whole tiles only as many as needed.
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(380);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(569);
    expect(tiles.every((t) => t.left > -256 && t.left < 380 && t.top > -256 && t.top < 569)).toBe(true);
    expect(tiles.every((t) => t.url.startsWith('https://tile.openstreetmap.org/5/'))).toBe(true);
  });

  it('wraps columns round the world and draws no row beyond the poles', () => {
    const tiles = tilesInView([84, 179], 3, 1200, 600, MAP_TILE_URL);
    expect(tiles.map((t) => t.url)).toContain('https://tile.openstreetmap.org/3/0/0.png');
    expect(tiles.some((t) => /\/3\/-?\d+\/-\d+\.png$/.test(t.url) || /\/3\/(8|9|-1)\//.test(t.url))).toBe(false);
    expect(Math.min(...tiles.map((t) => t.top))).toBeGreaterThan(-256);
  });
});

describe('circleBounds (the box a place and its radius open the map on)', () => {
  it('spans the radius each way, wider in longitude away from the equator', () => {
    const [[south, west], [north, east]] = circleBounds(40, -3, 100);
    expect(north - 40).toBeCloseTo(0.8983, 3);
    expect(40 - south).toBeCloseTo(0.8983, 3);
    expect(east - -3).toBeCloseTo(0.8983 / Math.cos((40 * Math.PI) / 180), 3);
    expect(-3 - west).toBeCloseTo(east - -3, 9);
  });
});

/**
 * Where Leaflet 1.9 puts a marker, by its own sums (EPSG:3857: SphericalMercator's projection, then
 * the transformation 0.5 / (pi R) scaled to 256 * 2^zoom; the layer point is the rounded point less
 * the rounded pixel origin), written out here independently of mapViewLayout.
 */
function leafletPoint(
  center: readonly [number, number],
  zoom: number,
  width: number,
  height: number,
  lat: number,
  lon: number,
): [number, number] {
  const R = 6378137;
  const d = Math.PI / 180;
  const scale = 256 * 2 ** zoom;
  const k = 0.5 / (Math.PI * R);
  const project = (la: number, lo: number) => {
    const sin = Math.sin(Math.max(Math.min(85.0511287798, la), -85.0511287798) * d);
    return [scale * (k * R * lo * d + 0.5), scale * (-k * ((R * Math.log((1 + sin) / (1 - sin))) / 2) + 0.5)];
  };
  const c = project(center[0], center[1]);
  const origin = [Math.round(c[0] - width / 2), Math.round(c[1] - height / 2)];
  const p = project(lat, lon);
  return [Math.round(p[0]) - origin[0], Math.round(p[1]) - origin[1]];
}

describe('mapViewLayout: where the markers of the view lie', () => {
  const center: [number, number] = [45.53, 5.37];
  const markers = [
    { id: 1, lat: 45.53, lon: 5.37 },
    { id: 2, lat: 41.39, lon: 2.17 },
    { id: 3, lat: 52.37, lon: 4.9 },
    { id: 4, lat: 59.33, lon: 18.07 },
    { id: 5, lat: -33.9, lon: 151.2 },
  ];

  it("puts each marker where Leaflet's own sums put it, the centre's at the middle of the box", () => {
    const { markers: placed } = mapViewLayout(center, 5, 380, 569, MAP_TILE_URL, markers);
    const middle = placed.find((p) => p.marker.id === 1)!;
    expect(Math.abs(middle.x - 190)).toBeLessThanOrEqual(1);
    expect(Math.abs(middle.y - 284.5)).toBeLessThanOrEqual(1);
    for (const p of placed) expect([p.x, p.y]).toEqual(leafletPoint(center, 5, 380, 569, p.marker.lat, p.marker.lon));
    // Barcelona lies south-west of the centre, Amsterdam north.
    const bcn = placed.find((p) => p.marker.id === 2)!;
    expect(bcn.x).toBeLessThan(middle.x);
    expect(bcn.y).toBeGreaterThan(middle.y);
    expect(placed.find((p) => p.marker.id === 3)!.y).toBeLessThan(middle.y);
  });

  it('keeps only the markers whose icon can reach into the box', () => {
    const ids = (width: number, height: number, zoom = 5) =>
      mapViewLayout(center, zoom, width, height, MAP_TILE_URL, markers).markers.map((p) => p.marker.id);
    expect(ids(380, 569)).toEqual([1, 2, 3]);
    expect(ids(1200, 760)).toEqual([1, 2, 3]);
    expect(ids(1200, 760, 4)).toEqual([1, 2, 3, 4]);
    expect(ids(1200, 760, 3)).toEqual([1, 2, 3, 4]);
    expect(ids(4000, 3000, 3)).toEqual([1, 2, 3, 4, 5]);
    expect(mapViewLayout(center, 5, 380, 569, MAP_TILE_URL).markers).toEqual([]);
  });

  it('sizes a cluster by its count', () => {
    expect([1, 9, 10, 99, 100, 2814].map(clusterSize)).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'large',
    ]);
  });
});
