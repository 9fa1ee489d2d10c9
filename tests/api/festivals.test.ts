import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { festivalsTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, root, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, createFestival } from '../support/fixtures';

const proposal = (overrides: Record<string, unknown> = {}) => ({
  name: 'Festival Nuevo',
  location: 'Valencia, España',
  start_date: '15-08-2031',
  end_date: '2031-08-17',
  description: 'Tres días de **techno** junto al mar.',
  website: 'festivalnuevo.example.com',
  genres: ' Techno, House ,techno',
  ...overrides,
});

let user: SignedIn;
let admin: SignedIn;

const proposeLimit = rateLimits.propose.limit;

beforeAll(async () => {
  user = await signIn();
  admin = await signInAdmin();
  // One user proposes many festivals here; the per-user limit has its own tests (proposals.test.ts).
  rateLimits.propose.limit = 1000;
});

afterAll(() => {
  rateLimits.propose.limit = proposeLimit;
});

describe('GET /api/festivals', () => {
  it('lists approved festivals only, with genres, rating aggregates and coordinates', async () => {
    const approved = await createFestival({ name: 'Aprobado Uno', startDate: '2031-01-05', endDate: '2031-01-06' }, [
      'Techno',
      'House',
    ]);
    await createFestival({ name: 'Pendiente Uno', status: 'pending' });
    await createFestival({ name: 'Sin Coordenadas', latitude: null, longitude: null });
    const reviewer = await signIn();
    await addComment(approved, reviewer.user.id, 5, 'Muy bueno', 'approved');
    await addComment(approved, user.user.id, 2, 'Regular', 'approved');
    await addComment(approved, user.user.id, 1, 'Aún sin moderar');

    const res = await api('GET', '/api/festivals');
    expect(res.status).toBe(200);
    const names = res.json.map((f: { name: string }) => f.name);
    expect(names).toContain('Aprobado Uno');
    expect(names).not.toContain('Pendiente Uno');
    const festival = res.json.find((f: { id: number }) => f.id === approved);
    expect(festival).toMatchObject({
      genres: ['Techno', 'House'],
      averageRating: 3.5,
      ratingsCount: 2,
      hasValidCoordinates: true,
      start_date: '2031-01-05',
      end_date: '2031-01-06',
      status: 'approved',
    });
    expect(res.json.find((f: { name: string }) => f.name === 'Sin Coordenadas').hasValidCoordinates).toBe(false);
  });

  it('applies the filters of core with the same semantics as the web', async () => {
    await createFestival(
      { name: 'Sónar Prueba', location: 'Barcelona, España', startDate: '2032-06-18', endDate: '2032-06-20' },
      ['Electrónica'],
    );
    await createFestival(
      { name: 'Pasado Prueba', location: 'Berlín, Alemania', startDate: '2020-06-18', endDate: '2020-06-20' },
      ['Techno'],
    );
    const search = await api('GET', '/api/festivals?search=sonar%20prueba');
    expect(search.json.map((f: { name: string }) => f.name)).toEqual(['Sónar Prueba']);
    const upcoming = await api('GET', '/api/festivals?upcoming=true&search=prueba');
    expect(upcoming.json.map((f: { name: string }) => f.name)).toContain('Sónar Prueba');
    expect(upcoming.json.map((f: { name: string }) => f.name)).not.toContain('Pasado Prueba');
    const range = await api('GET', '/api/festivals?from=2020-06-20&to=2020-06-30');
    expect(range.json.map((f: { name: string }) => f.name)).toEqual(['Pasado Prueba']);
    const genre = await api('GET', '/api/festivals?genre=Electr%C3%B3nica');
    expect(genre.json.every((f: { genres: string[] }) => f.genres.includes('Electrónica'))).toBe(true);
    const paged = await api('GET', '/api/festivals?sort=name&limit=2&offset=1');
    expect(paged.json).toHaveLength(2);
  });

  it.each([
    ['minRating=9', 'La valoración mínima'],
    ['sort=popular', 'Orden no válido'],
    ['from=2031-02-30', 'Fecha no válida'],
    ['limit=0', 'limit'],
    ['upcoming=yes', 'upcoming'],
  ])('rejects %s with a 400 in Spanish', async (query, message) => {
    const res = await api('GET', `/api/festivals?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
    expect(res.json.code).toBe('invalid_input');
  });

  it('sends an ETag and answers 304 to a matching conditional request', async () => {
    const first = await api('GET', '/api/festivals');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    // Browsers revalidate every time; the CDN keeps it a second and refreshes it in the background.
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30');
    // With credentials the answer stays out of shared caches.
    const signedIn = await api('GET', '/api/festivals', { token: user.token });
    expect(signedIn.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    const again = await api('GET', '/api/festivals', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('picks up a change made elsewhere (another instance) once the cache lifetime has passed, without making anyone wait', async () => {
    const id = await createFestival({ name: 'Antes del cambio' });
    expect((await api('GET', '/api/festivals')).json.map((f: { name: string }) => f.name)).toContain(
      'Antes del cambio',
    );
    // Written behind this process's back, as another Lambda would.
    await db().update(festivalsTable).set({ name: 'Después del cambio' }).where(eq(festivalsTable.id, id));
    const names = async () => (await api('GET', '/api/festivals')).json.map((f: { name: string }) => f.name);
    expect(await names()).toContain('Antes del cambio');
    const realNow = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(realNow + 2500);
    try {
      expect(await names()).toContain('Antes del cambio');
      await vi.waitFor(async () => expect(await names()).toContain('Después del cambio'), { timeout: 5000 });
    } finally {
      clock.mockRestore();
    }
  });

  it('serves brotli when accepted, else gzip, both decoding to the same list', async () => {
    const plain = await api('GET', '/api/festivals');
    const raw = (encoding: string) => root().request('/api/festivals', { headers: { 'Accept-Encoding': encoding } });
    const br = await raw('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain.text);
    const gzip = await raw('gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain.text);
  });
});

describe('GET /api/festivals/:id', () => {
  it('returns one festival with its aggregates', async () => {
    const id = await createFestival(
      {
        name: 'Detalle',
        transportation: 'Lanzaderas',
        geocodedFrom: 'Calle 1',
        geocodedAt: new Date('2026-01-02T10:00:00Z'),
      },
      ['Trance'],
    );
    await addComment(id, user.user.id, 4, 'Muy bueno', 'approved');
    const res = await api('GET', `/api/festivals/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: 'Detalle',
      genres: ['Trance'],
      averageRating: 4,
      ratingsCount: 1,
      latitude: 40.4,
      longitude: -3.7,
      hasValidCoordinates: true,
      transportation: 'Lanzaderas',
      geocoded_from: 'Calle 1',
      geocoded_at: '2026-01-02T10:00:00.000Z',
    });
  });

  it('hides pending festivals from everyone but their proposer and admins', async () => {
    const created = await api('POST', '/api/festivals', {
      token: user.token,
      body: proposal({ name: 'Propuesta Oculta' }),
    });
    const id = created.json.id;
    expect((await api('GET', `/api/festivals/${id}`)).status).toBe(404);
    expect((await api('GET', `/api/festivals/${id}`, { token: (await signIn()).token })).status).toBe(404);
    expect((await api('GET', `/api/festivals/${id}`, { token: user.token })).status).toBe(200);
    expect((await api('GET', `/api/festivals/${id}`, { token: admin.token })).status).toBe(200);
  });

  it('answers 404 for an unknown festival and 400 for a malformed id', async () => {
    const missing = await api('GET', '/api/festivals/987654');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
    expect((await api('GET', '/api/festivals/abc')).status).toBe(400);
  });
});

describe('POST /api/festivals', () => {
  it('stores a signed-in proposal as pending with normalised dates, website and genres', async () => {
    const res = await api('POST', '/api/festivals', { token: user.token, body: proposal() });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Festival Nuevo',
      status: 'pending',
      start_date: '2031-08-15',
      end_date: '2031-08-17',
      website: 'https://festivalnuevo.example.com/',
      genres: ['Techno', 'House'],
      proposed_by: user.user.id,
    });
    const list = await api('GET', '/api/festivals');
    expect(list.json.map((f: { id: number }) => f.id)).not.toContain(res.json.id);
  });

  it('answers 409 when a pending or approved festival has the same name and location, ignoring case and accents', async () => {
    await api('POST', '/api/festivals', {
      token: user.token,
      body: proposal({ name: 'Fiesta Única', location: 'Málaga, España' }),
    });
    const dup = await api('POST', '/api/festivals', {
      token: user.token,
      body: proposal({ name: 'FIESTA UNICA', location: 'malaga,  españa' }),
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe('Ya existe un festival pendiente o aprobado con ese nombre y localización.');
    const rows = await db().select().from(festivalsTable).where(eq(festivalsTable.name, 'FIESTA UNICA'));
    expect(rows).toHaveLength(0);
  });

  it('accepts the same name again once the earlier proposal was rejected', async () => {
    const first = await api('POST', '/api/festivals', {
      token: user.token,
      body: proposal({ name: 'Rechazado Antes' }),
    });
    await db().update(festivalsTable).set({ status: 'rejected' }).where(eq(festivalsTable.id, first.json.id));
    const again = await api('POST', '/api/festivals', {
      token: user.token,
      body: proposal({ name: 'Rechazado Antes' }),
    });
    expect(again.status).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const res = await api('POST', '/api/festivals', { body: proposal({ name: 'Anónimo' }) });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ name: '' }, 'El nombre del festival es requerido'],
    [{ name: undefined }, 'El nombre del festival es requerido'],
    [{ location: '  ' }, 'La ubicación del festival es requerida'],
    [{ start_date: '' }, 'La fecha de inicio es requerida'],
    [{ end_date: undefined }, 'La fecha de fin es requerida'],
    [{ description: '' }, 'La descripción del festival es requerida'],
    [{ start_date: '31-02-2031' }, 'Fecha no válida'],
    [{ start_date: '20-08-2031', end_date: '19-08-2031' }, 'La fecha de fin debe ser posterior a la fecha de inicio'],
    [{ website: 'javascript:alert(1)' }, 'La URL del sitio web no es válida.'],
    [{ name: 'x'.repeat(201) }, 'El nombre no puede superar los 200 caracteres.'],
    [{ name: 'Sónar\r\nBcc: otro@example.com' }, 'El nombre no puede tener saltos de línea.'],
    [{ location: 'Barcelona\nEspaña' }, 'La ubicación no puede tener saltos de línea.'],
    [{ genres: Array.from({ length: 13 }, (_, i) => `G${i}`) }, 'Máximo 12 géneros por festival.'],
  ])('rejects %o with its Spanish message and stores nothing', async (overrides, message) => {
    const body = proposal({ name: `Inválido ${message}`, ...overrides });
    const res = await api('POST', '/api/festivals', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
    const rows = await db()
      .select()
      .from(festivalsTable)
      .where(eq(festivalsTable.name, `Inválido ${message}`));
    expect(rows).toHaveLength(0);
  });
});

describe('DELETE /api/festivals/:id', () => {
  it('is for admins only', async () => {
    const id = await createFestival();
    expect((await api('DELETE', `/api/festivals/${id}`)).status).toBe(401);
    const forbidden = await api('DELETE', `/api/festivals/${id}`, { token: user.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe('admin_only');
    expect(await db().select().from(festivalsTable).where(eq(festivalsTable.id, id))).toHaveLength(1);

    const ok = await api('DELETE', `/api/festivals/${id}`, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Festival eliminado correctamente');
    expect(await db().select().from(festivalsTable).where(eq(festivalsTable.id, id))).toHaveLength(0);
    expect((await api('GET', '/api/festivals')).json.map((f: { id: number }) => f.id)).not.toContain(id);
    expect((await api('DELETE', `/api/festivals/${id}`, { token: admin.token })).status).toBe(404);
  });
});
