import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createFestival } from '../support/fixtures';

describe("GET /api/festivals/places ('Cerca de')", () => {
  it('finds bundled cities by the start of their name, then inside it, ignoring case and accents', async () => {
    const res = await api('GET', '/api/festivals/places?q=MALAGA');
    expect(res.status).toBe(200);
    expect(res.json.items[0]).toEqual({ name: 'Málaga', region: 'España', lat: 36.7213, lon: -4.4214 });
    expect(res.headers.get('cache-control')).toContain('s-maxage=86400');

    const lon = await api('GET', '/api/festivals/places?q=lon');
    const names = lon.json.items.map((p: { name: string }) => p.name);
    // A name that starts with it comes first; names holding it inside come after.
    expect(names[0]).toBe('Londres');
    expect(names).toEqual(expect.arrayContaining(['Barcelona', 'Pamplona']));
    expect((await api('GET', '/api/festivals/places?q=an')).json.items.length).toBe(8);

    // Nothing bundled and no geocoder enabled: an empty list, no network.
    expect((await api('GET', '/api/festivals/places?q=Villanueva%20del%20Nada')).json).toEqual({ items: [] });
  });

  it('refuses a missing or too short place in Spanish', async () => {
    for (const path of [
      '/api/festivals/places',
      '/api/festivals/places?q=a',
      `/api/festivals/places?q=${'x'.repeat(101)}`,
    ]) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.json.error, path).toMatch(/lugar/);
    }
  });

  it("a place found is what the page's 'Cerca de' asks with: nearest first with the distance", async () => {
    const tag = `Cerca${Date.now()}`;
    const near = await createFestival({ name: `${tag} Marbella`, latitude: 36.5101, longitude: -4.8825 });
    const far = await createFestival({ name: `${tag} Granada`, latitude: 37.1773, longitude: -3.5986 });
    const [malaga] = (await api('GET', '/api/festivals/places?q=malaga')).json.items;
    const page = await api(
      'GET',
      `/api/festivals/page?search=${tag}&lat=${malaga.lat}&lon=${malaga.lon}&radius=50&sort=distance`,
    );
    expect(page.json.items.map((f: { id: number }) => f.id)).toEqual([near]);
    expect(page.json.items[0].distanceKm).toBeGreaterThan(40);
    expect(page.json.items[0].distanceKm).toBeLessThan(50);
    const any = await api('GET', `/api/festivals/page?search=${tag}&lat=${malaga.lat}&lon=${malaga.lon}&sort=distance`);
    expect(any.json.items.map((f: { id: number }) => f.id)).toEqual([near, far]);
  });
});
