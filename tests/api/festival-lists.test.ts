import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { api, root } from '../support/api';
import { createFestival } from '../support/fixtures';

// Names unique to this file: other files add festivals to the same catalogue.
const tag = `Lista${Date.now()}`;

describe('GET /api/festivals/page', () => {
  it('answers one page of cards, the total and the genres, with the filters of the list', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(
        await createFestival(
          {
            name: `${tag} Página ${i}`,
            location: 'Málaga, España',
            startDate: `2031-0${i}-10`,
            endDate: `2031-0${i}-11`,
          },
          i % 2 ? ['Techno'] : ['House'],
        ),
      );
    }
    const first = await api('GET', `/api/festivals/page?search=${tag.toLowerCase()}%20pagina&upcoming=true&limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.total).toBe(5);
    expect(first.json.limit).toBe(2);
    expect(first.json.items.map((f: { name: string }) => f.name)).toEqual([`${tag} Página 1`, `${tag} Página 2`]);
    // Card-sized: what a card shows, not the description.
    expect(first.json.items[0]).toMatchObject({
      id: ids[0],
      location: 'Málaga, España',
      genres: ['Techno'],
      averageRating: 0,
      ratingsCount: 0,
      hasValidCoordinates: true,
    });
    expect(first.json.items[0]).not.toHaveProperty('description');
    expect(first.json.genres).toEqual(
      expect.arrayContaining([
        { name: 'Techno', count: 3 },
        { name: 'House', count: 2 },
      ]),
    );

    const third = await api('GET', `/api/festivals/page?search=${tag}&limit=2&offset=4`);
    expect(third.json.items.map((f: { name: string }) => f.name)).toEqual([`${tag} Página 5`]);
    const house = await api('GET', `/api/festivals/page?search=${tag}&genre=House&sort=name`);
    expect(house.json.items.map((f: { name: string }) => f.name)).toEqual([`${tag} Página 2`, `${tag} Página 4`]);
    // The options stay while a genre is chosen.
    expect(house.json.genres).toEqual(expect.arrayContaining([{ name: 'Techno', count: 3 }]));
  });

  it('answers favourites by id, approved ones only', async () => {
    const a = await createFestival({ name: `${tag} Favorito A`, startDate: '2029-01-01', endDate: '2029-01-02' });
    const b = await createFestival({ name: `${tag} Favorito B`, startDate: '2031-01-01', endDate: '2031-01-02' });
    const pending = await createFestival({ name: `${tag} Favorito pendiente`, status: 'pending' });
    const res = await api('GET', `/api/festivals/page?ids=${b},${pending},${a}&limit=100`);
    expect(res.json.items.map((f: { id: number }) => f.id)).toEqual([a, b]);
    expect(res.json.total).toBe(2);
  });

  it("finds festivals 'Cerca de' a place within a radius, nearest first, with their distance", async () => {
    await createFestival({ name: `${tag} Cerca Madrid`, latitude: 40.4168, longitude: -3.7038 });
    await createFestival({ name: `${tag} Cerca Toledo`, latitude: 39.8628, longitude: -4.0273 });
    await createFestival({ name: `${tag} Cerca Barcelona`, latitude: 41.3874, longitude: 2.1686 });
    const res = await api(
      'GET',
      `/api/festivals/page?search=${tag}%20cerca&lat=40.4168&lon=-3.7038&radius=100&sort=distance`,
    );
    expect(res.json.items.map((f: { name: string; distanceKm: number }) => [f.name, Math.round(f.distanceKm)])).toEqual(
      [
        [`${tag} Cerca Madrid`, 0],
        [`${tag} Cerca Toledo`, 68],
      ],
    );
  });

  it.each([
    ['limit=500', 'limit debe ser un número entre 1 y 100.'],
    ['ids=1,dos', 'ids debe ser una lista'],
    ['radius=100', 'El radio necesita un lugar (latitud y longitud).'],
    ['lat=40&lon=-3&radius=30', 'El radio debe ser 50, 100, 250, 500 km o ninguno.'],
    ['sort=popular', 'Orden no válido'],
  ])('rejects ?%s with a Spanish 400', async (query, message) => {
    const res = await api('GET', `/api/festivals/page?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
  });

  it('is conditional and compressed like the whole list', async () => {
    const first = await root().request('/api/festivals/page?limit=3', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString())).toHaveProperty('total');
    const etag = first.headers.get('etag')!;
    const again = await root().request('/api/festivals/page?limit=3', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('a list asked for again', () => {
  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id'));

  it('answers exactly as the first time: the same body and headers, a new request id, 304 and private with credentials (lists and a festival)', async () => {
    const id = await createFestival({ name: `${tag} Otra vez`, startDate: '2031-03-01', endDate: '2031-03-02' });
    for (const [url, headers] of [
      [`/api/festivals/${id}`, { 'Accept-Encoding': 'gzip' }],
      [`/api/festivals/${id}`, { Cookie: 'a=b' }],
      ['/api/festivals/page?upcoming=false&sort=name&limit=5&offset=1', { 'Accept-Encoding': 'gzip' }],
      [
        '/api/festivals/page?upcoming=false&sort=name&limit=6',
        { Authorization: 'Bearer no-es-un-token', 'Accept-Encoding': 'br' },
      ],
      ['/api/festivals/page?upcoming=false&sort=name&limit=7', { Cookie: 'a=b' }],
      ['/api/festivals', { 'Accept-Encoding': 'gzip' }],
      ['/api/festivals/calendar?from=2031-03-01&to=2031-03-31', {}],
    ] as const) {
      const first = await root().request(url, { headers });
      const firstBody = Buffer.from(await first.arrayBuffer());
      const again = await root().request(url, { headers });
      expect(again.status, url).toBe(200);
      expect(headersOf(again), url).toEqual(headersOf(first));
      expect(Buffer.from(await again.arrayBuffer()), url).toEqual(firstBody);
      expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(again.headers.get('cache-control')).toBe(
        'Authorization' in headers || 'Cookie' in headers
          ? 'private, max-age=0, must-revalidate'
          : 'public, max-age=0, s-maxage=1, stale-while-revalidate=30',
      );
      expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");

      const conditional = await root().request(url, {
        headers: { ...headers, 'If-None-Match': `W/${first.headers.get('etag')}` },
      });
      expect(conditional.status, url).toBe(304);
      expect(await conditional.text()).toBe('');
      expect(headersOf(conditional)).toEqual(
        Object.fromEntries(
          Object.entries(headersOf(first)).filter(([name]) => name !== 'content-type' && name !== 'content-encoding'),
        ),
      );
    }
  });

  it('shows a festival added in this process on the next request', async () => {
    const url = `/api/festivals/page?search=${tag.toLowerCase()}%20nuevo&upcoming=false&limit=5`;
    const unfiltered = '/api/festivals/page?upcoming=false&sort=name&limit=100';
    expect((await api('GET', url)).json.total).toBe(0);
    const before = (await api('GET', unfiltered)).json.total as number;
    await createFestival({ name: `${tag} Nuevo`, startDate: '2031-04-01', endDate: '2031-04-02' });
    expect((await api('GET', url)).json.total).toBe(1);
    expect((await api('GET', unfiltered)).json.total).toBe(before + 1);
  });
});

describe('GET /api/festivals/calendar', () => {
  it('answers the festivals on the days asked for, with a 100-character preview, and the next one after them', async () => {
    await createFestival({
      name: `${tag} Calendario`,
      startDate: '2035-03-30',
      endDate: '2035-04-02',
      description: `**Tres días** ${'de música '.repeat(30)}`,
    });
    await createFestival({ name: `${tag} Después`, startDate: '2035-05-20', endDate: '2035-05-21' });
    const res = await api('GET', '/api/festivals/calendar?from=2035-04-01&to=2035-04-30');
    expect(res.status).toBe(200);
    const entry = res.json.items.find((f: { name: string }) => f.name === `${tag} Calendario`);
    expect(entry.description).toMatch(/^Tres días de música .*\.\.\.$/);
    expect(entry.description.length).toBeLessThanOrEqual(100);
    expect(res.json.next).toMatchObject({ name: `${tag} Después`, start_date: '2035-05-20' });
  });

  it.each([
    ['from=2035-04-01', 'Falta la fecha de fin (to).'],
    ['from=2035-04-01&to=2035-12-31', 'no superar 62 días'],
    ['from=2035-04-31&to=2035-05-01', 'Fecha no válida'],
  ])('rejects ?%s with a Spanish 400', async (query, message) => {
    const res = await api('GET', `/api/festivals/calendar?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
  });
});
