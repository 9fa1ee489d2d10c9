import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createFestival } from '../support/fixtures';

// Festivals in New Zealand, far from any other file's: the areas asked for hold only these.
const tag = `Mapa${Date.now()}`;
const area = 'west=165&south=-48&east=180&north=-33';
type Marker = {
  type: 'festival' | 'cluster';
  id: number;
  lat: number;
  lon: number;
  count?: number;
  zoom?: number;
  name?: string;
};
const markers = async (params: string) => {
  const res = await api('GET', `/api/festivals/map?${params}`);
  expect(res.status).toBe(200);
  return res.json as {
    located: number;
    withoutCoordinates: number;
    center: [number, number];
    markers: Marker[];
    results: { total: number; items: { id: number; name: string; lat: number | null; zoom: number | null }[] } | null;
  };
};
const counted = (list: Marker[]) => list.reduce((sum, m) => sum + (m.type === 'cluster' ? m.count! : 1), 0);
let wellington: number[] = [];
let queenstown: number;

beforeAll(async () => {
  // Five festivals within a few km of Wellington, one in Queenstown (about 650 km away), one with no place.
  wellington = [];
  for (let i = 0; i < 5; i++) {
    wellington.push(
      await createFestival({
        name: `${tag} Wellington ${i}`,
        location: 'Wellington, Nueva Zelanda',
        latitude: -41.29 + i * 0.01,
        longitude: 174.78 + i * 0.01,
      }),
    );
  }
  queenstown = await createFestival(
    { name: `${tag} Ñandú Queenstown`, location: 'Queenstown', latitude: -45.03, longitude: 168.66 },
    ['Electrónica'],
  );
  await createFestival({ name: `${tag} Sin lugar`, latitude: null, longitude: null });
});

describe('GET /api/festivals/map', () => {
  it('clusters the festivals of the area at a low zoom and splits them as the zoom grows', async () => {
    const far = await markers(`zoom=5&${area}`);
    expect(counted(far.markers)).toBe(6);
    const cluster = far.markers.find((m) => m.type === 'cluster')!;
    expect(cluster.count).toBe(5);
    expect(cluster.lat).toBeCloseTo(-41.27, 1);
    expect(cluster.zoom).toBeGreaterThan(5);
    // Queenstown stands alone: a marker with what its popup shows.
    expect(far.markers.find((m) => m.type === 'festival')).toMatchObject({
      id: queenstown,
      name: `${tag} Ñandú Queenstown`,
      lat: -45.03,
      lon: 168.66,
    });

    // At the cluster's own zoom it splits; at the highest zoom every festival is its own marker.
    const closer = await markers(`zoom=${cluster.zoom}&${area}`);
    expect(closer.markers.length).toBeGreaterThan(far.markers.length);
    expect(counted(closer.markers)).toBe(6);
    const street = await markers(`zoom=16&west=174.7&south=-41.4&east=174.9&north=-41.2`);
    expect(street.markers.map((m) => m.type)).toEqual(['festival', 'festival', 'festival', 'festival', 'festival']);
    expect(street.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(wellington);
  });

  it('answers only the area asked for, also across the date line, and the whole world without one', async () => {
    const south = await markers('zoom=8&west=168&south=-46&east=169.5&north=-44');
    expect(south.markers.map((m) => m.id)).toEqual([queenstown]);
    // A map scrolled east past 180° reports longitudes beyond it.
    const wrapped = await markers('zoom=8&west=528&south=-46&east=529.5&north=-44');
    expect(wrapped.markers.map((m) => m.id)).toEqual([queenstown]);
    const across = await markers('zoom=8&west=168&south=-46&east=190&north=-40');
    expect(counted(across.markers)).toBe(6);
    const world = await markers('zoom=3');
    expect(counted(world.markers)).toBe(world.located);
    expect(world.withoutCoordinates).toBeGreaterThanOrEqual(1);
  });

  it('searches without accents or case, best matches first, with the zoom that reveals each result', async () => {
    const found = await markers(`zoom=5&search=${encodeURIComponent(`${tag.toLowerCase()} nandu`)}`);
    expect(found.results!.total).toBe(1);
    expect(found.results!.items[0]).toMatchObject({ id: queenstown, lat: -45.03 });
    expect(found.located).toBe(1);
    expect(found.markers.map((m) => m.id)).toEqual([queenstown]);

    const all = await markers(`zoom=5&${area}&search=${tag}`);
    expect(all.results!.total).toBe(7);
    expect(all.results!.items).toHaveLength(5);
    expect(all.withoutCoordinates).toBe(1);
    // A Wellington festival leaves its cluster only at a street-level zoom.
    const first = all.results!.items.find((r) => r.name.includes('Wellington'))!;
    expect(first.zoom).toBeGreaterThan(10);
    const there = await markers(`zoom=${first.zoom}&west=174.7&south=-41.4&east=174.9&north=-41.2&search=${tag}`);
    expect(there.markers.find((m) => m.id === first.id)?.type).toBe('festival');
    expect((await markers(`zoom=5&search=zzzz${tag}`)).results).toEqual({ total: 0, items: [] });
  });

  it('refuses a bad area or zoom with a Spanish message', async () => {
    for (const [params, message] of [
      ['zoom=99', /zoom debe ser un número entero/],
      ['zoom=abc', /zoom debe ser un número entero/],
      ['zoom=5&west=1&south=2', /cuatro coordenadas/],
      ['zoom=5&west=1&south=50&east=2&north=40', /south no puede estar al norte/],
      ['zoom=5&west=1&south=-95&east=2&north=40', /south debe ser un número entre -90 y 90/],
    ] as const) {
      const res = await api('GET', `/api/festivals/map?${params}`);
      expect(res.status, params).toBe(400);
      expect(JSON.stringify(res.json), params).toMatch(message);
    }
  });
});
