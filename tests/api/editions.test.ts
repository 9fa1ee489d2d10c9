import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  artistsTable,
  auditLogTable,
  commentsTable,
  editionTicketsTable,
  festivalEditionsTable,
  festivalsTable,
  lineupEntriesTable,
} from '#db/schema';
import { api, db, root, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, createFestival } from '../support/fixtures';

let user: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  user = await signIn();
  admin = await signInAdmin();
});

const editionsOf = (festivalId: number) =>
  db()
    .select()
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId))
    .orderBy(festivalEditionsTable.year);
const festivalRow = async (id: number) =>
  (await db().select().from(festivalsTable).where(eq(festivalsTable.id, id)))[0];
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function newEdition(festivalId: number, year: number, body: Record<string, unknown> = {}) {
  const res = await api('POST', `/api/admin/festivals/${festivalId}/editions`, {
    token: admin.token,
    body: { year, start_date: `${year}-07-10`, end_date: `${year}-07-12`, ...body },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

describe('editions keep the festival dates', () => {
  it('migrates a festival into one edition and follows the current one: next not over, else latest', async () => {
    const id = await createFestival({ startDate: '2020-06-01', endDate: '2020-06-03' });
    expect((await editionsOf(id)).map((e) => [e.year, e.startDate])).toEqual([[2020, '2020-06-01']]);

    await newEdition(id, 2019, { start_date: '2019-06-05', end_date: '2019-06-07' });
    // Both over: the latest.
    expect((await festivalRow(id)).startDate).toBe('2020-06-01');
    const next = await newEdition(id, 2030);
    expect((await festivalRow(id)).startDate).toBe('2030-07-10');
    expect((await festivalRow(id)).currentEditionId).toBe(next);
    const public_ = await api('GET', `/api/festivals/${id}`);
    expect(public_.json).toMatchObject({
      start_date: '2030-07-10',
      end_date: '2030-07-12',
      edition: { id: next, year: 2030, status: 'confirmed' },
    });
    expect(public_.json.editions.map((e: { year: number }) => e.year)).toEqual([2030, 2020, 2019]);

    await api('DELETE', `/api/admin/editions/${next}`, { token: admin.token });
    expect((await festivalRow(id)).startDate).toBe('2020-06-01');
  });

  it("turns the admin form's dates into that year's edition", async () => {
    const id = await createFestival({ startDate: '2031-05-01', endDate: '2031-05-02' });
    const form = {
      name: `Fechas ${unique()}`,
      description: 'x',
      location: 'Bilbao, España',
      start_date: '2031-05-08',
      end_date: '2031-05-09',
    };
    expect((await api('PUT', `/api/admin/festivals/${id}`, { token: admin.token, body: form })).status).toBe(200);
    expect((await editionsOf(id)).map((e) => [e.year, e.startDate, e.endDate])).toEqual([
      [2031, '2031-05-08', '2031-05-09'],
    ]);
  });

  it('gives each year its own rating from the comments that name it', async () => {
    const id = await createFestival({ startDate: '2032-08-01', endDate: '2032-08-02' });
    await newEdition(id, 2024, { start_date: '2024-08-01', end_date: '2024-08-02' });
    const a = await signIn();
    const b = await signIn();
    await db().update(festivalsTable).set({ status: 'approved' }).where(eq(festivalsTable.id, id));
    const c1 = await addComment(id, a.user.id, 4, 'Gran año', 'approved');
    const c2 = await addComment(id, b.user.id, 2, 'Regular', 'approved');
    await addComment(id, b.user.id, 5, 'Pendiente', 'pending');
    await db()
      .update(commentsTable)
      .set({ editionYear: 2024 })
      .where(inArray(commentsTable.id, [c1.id, c2.id]));
    const res = await api('GET', `/api/festivals/${id}/editions`);
    expect(res.status).toBe(200);
    const byYear = Object.fromEntries(res.json.map((e: { year: number }) => [e.year, e]));
    expect(byYear[2024]).toMatchObject({ averageRating: 3, ratingsCount: 2 });
    expect(byYear[2032]).toMatchObject({ averageRating: 0, ratingsCount: 0 });
  });
});

describe('GET /api/festivals/{id}/editions', () => {
  it('is conditional (ETag, 304), compressed when asked and public at the edge; a lineup change gives a new ETag', async () => {
    const id = await createFestival();
    const [edition] = await editionsOf(id);
    const first = await root().request(`/api/festivals/${id}/editions`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30');
    expect(JSON.parse(gunzipSync(Buffer.from(await first.arrayBuffer())).toString())).toEqual([
      expect.objectContaining({ id: edition.id, lineup: [] }),
    ]);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await root().request(`/api/festivals/${id}/editions`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: `Nueva ETag ${unique()}` }] },
    });
    const changed = await root().request(`/api/festivals/${id}/editions`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json())[0].lineup).toHaveLength(1);
    // Brotli for browsers, the same body.
    const br = await root().request(`/api/festivals/${id}/editions`, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(changed.headers.get('etag'));
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())[0].lineup).toHaveLength(1);
    // With a session the answer stays out of shared caches.
    const signed = await api('GET', `/api/festivals/${id}/editions`, { token: user.token });
    expect(signed.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
  });
});

describe('admin editions', () => {
  it('needs an admin: 401 without a token, 403 for a user', async () => {
    const id = await createFestival();
    const body = { year: 2033, start_date: '2033-01-01' };
    expect((await api('POST', `/api/admin/festivals/${id}/editions`, { body })).status).toBe(401);
    expect((await api('POST', `/api/admin/festivals/${id}/editions`, { token: user.token, body })).status).toBe(403);
    expect((await api('PUT', '/api/admin/editions/1/lineup', { token: user.token, body: { lineup: [] } })).status).toBe(
      403,
    );
    expect((await api('PUT', '/api/admin/editions/1/tickets', { token: user.token, body: {} })).status).toBe(403);
    expect((await api('DELETE', '/api/admin/editions/1', { token: user.token })).status).toBe(403);
  });

  it('answers 404 for an unknown festival or edition and 409 for a second edition of a year', async () => {
    const id = await createFestival({ startDate: '2034-03-01', endDate: '2034-03-02' });
    expect(
      (
        await api('POST', '/api/admin/festivals/999999/editions', {
          token: admin.token,
          body: { year: 2034, start_date: '2034-01-01' },
        })
      ).status,
    ).toBe(404);
    const dup = await api('POST', `/api/admin/festivals/${id}/editions`, {
      token: admin.token,
      body: { year: 2034, start_date: '2034-09-01' },
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe('Ya existe una edición de ese año para este festival.');
    expect(
      (
        await api('PUT', '/api/admin/editions/999999', {
          token: admin.token,
          body: { year: 2034, start_date: '2034-01-01' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api('PUT', '/api/admin/editions/999999/lineup', { token: admin.token, body: { lineup: [] } })).status,
    ).toBe(404);
    expect(
      (await api('PUT', '/api/admin/editions/999999/tickets', { token: admin.token, body: { price_from: 10 } })).status,
    ).toBe(404);
    expect((await api('DELETE', '/api/admin/editions/999999', { token: admin.token })).status).toBe(404);
    const [only] = await editionsOf(id);
    const last = await api('DELETE', `/api/admin/editions/${only.id}`, { token: admin.token });
    expect(last.status).toBe(409);
    expect(await editionsOf(id)).toHaveLength(1);
  });

  it.each([
    [
      { year: 2035, start_date: '2035-07-10', end_date: '2035-07-01' },
      'La fecha de fin debe ser posterior a la fecha de inicio',
    ],
    [{ year: 2035, start_date: '2036-07-10' }, 'La fecha de inicio debe caer en el año de la edición.'],
    [{ year: 1800, start_date: '1800-07-10' }, 'El año debe estar entre 1950 y 2100.'],
    [
      { year: 2035, start_date: '2035-07-10', status: 'rumoured' },
      'Estado no válido: announced, confirmed o cancelled.',
    ],
  ])('refuses a bad edition with a Spanish 400 (%j)', async (body, message) => {
    const id = await createFestival();
    const res = await api('POST', `/api/admin/festivals/${id}/editions`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });
});

describe('PUT /api/admin/editions/{id}/lineup', () => {
  it('replaces the lineup in order, resolving names by key and creating new artists; audited', async () => {
    const id = await createFestival({ startDate: '2036-07-10', endDate: '2036-07-12' });
    const [edition] = await editionsOf(id);
    const known = `Kölsch ${unique()}`;
    const [artist] = await db().insert(artistsTable).values({ name: known, slug: 'kolsch' }).returning();
    const fresh = `Nueva Artista ${unique()}`;
    const res = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: {
        lineup: [
          {
            artist_name: `DJ ${known.toUpperCase().replace('Ö', 'O')}`,
            billing: 'headliner',
            day: '2036-07-11',
            stage: 'Main Stage',
            starts_at: '2036-07-11T23:00:00+02:00',
            ends_at: '2036-07-12T01:00:00+02:00',
          },
          { artist_name: fresh },
          { artist_id: artist.id, day: '2036-07-12' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.artistsCreated).toBe(1);
    expect(
      res.json.lineup.map((e: { artist: { id: number } }) => e.artist.id).filter((a: number) => a === artist.id),
    ).toHaveLength(2);
    expect(res.json.lineup[0]).toMatchObject({
      billing: 'headliner',
      day: '2036-07-11',
      stage: 'Main Stage',
      starts_at: '2036-07-11T21:00:00.000Z',
    });
    expect(res.json.lineup[1]).toMatchObject({ artist: { name: fresh }, billing: 'regular', day: null, stage: null });

    const replaced = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: fresh, billing: 'headliner' }] },
    });
    expect(replaced.status).toBe(200);
    const rows = await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, edition.id));
    expect(rows.map((r) => r.billing)).toEqual(['headliner']);
    const audit = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity, 'edition'), eq(auditLogTable.entityId, edition.id)));
    expect(audit.filter((a) => a.action === 'set_lineup')).toHaveLength(2);
    expect(
      (await api('GET', `/api/festivals/${id}`)).json.lineup.map((e: { artist: { name: string } }) => e.artist.name),
    ).toEqual([fresh]);
  });

  it.each([
    [
      { lineup: Array.from({ length: 501 }, (_, i) => ({ artist_name: `A${i}` })) },
      'Un cartel puede tener como máximo 500 artistas.',
    ],
    [{ lineup: [{ billing: 'headliner' }] }, 'Cada entrada necesita artist_id o artist_name.'],
    [{ lineup: [{ artist_name: 'X', billing: 'vip' }] }, "La categoría debe ser 'headliner' o 'regular'."],
    [
      { lineup: [{ artist_name: 'X', starts_at: 'mañana' }] },
      'La hora de inicio no es válida (fecha y hora ISO 8601 con zona).',
    ],
    [
      { lineup: [{ artist_name: 'X', starts_at: '2037-07-10T22:00:00Z', ends_at: '2037-07-10T21:00:00Z' }] },
      'La hora de fin debe ser posterior a la de inicio.',
    ],
    [{ lineup: [{ artist_name: '!!!' }] }, 'El nombre del artista debe contener letras o números.'],
    [
      { lineup: [{ artist_name: 'Dentro', day: '2037-08-01' }] },
      'El día de la entrada 1 (2037-08-01) no cae en las fechas de la edición.',
    ],
  ])('refuses a bad lineup with a Spanish 400 and keeps the old one (%#)', async (body, message) => {
    const id = await createFestival({ startDate: '2037-07-10', endDate: '2037-07-12' });
    const [edition] = await editionsOf(id);
    await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: `Antes ${unique()}` }] },
    });
    const res = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(
      await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, edition.id)),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown artist id and saves nothing, not even the new names', async () => {
    const id = await createFestival();
    const [edition] = await editionsOf(id);
    const name = `Nunca Creada ${unique()}`;
    const res = await api('PUT', `/api/admin/editions/${edition.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: name }, { artist_id: 99999999 }] },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Artista no encontrado');
    expect(await db().select().from(artistsTable).where(eq(artistsTable.name, name))).toHaveLength(0);
  });
});

describe('PUT /api/admin/editions/{id}/tickets', () => {
  it('stores the tickets and shows them on the festival', async () => {
    const id = await createFestival();
    const [edition] = await editionsOf(id);
    const body = {
      price_from: 89,
      price_to: 150.5,
      ticket_url: 'https://tickets.example.com/f',
      on_sale_at: '2029-11-01T10:00:00Z',
      sold_out: true,
    };
    const res = await api('PUT', `/api/admin/editions/${edition.id}/tickets`, { token: admin.token, body });
    expect(res.status).toBe(200);
    const festival = (await api('GET', `/api/festivals/${id}`)).json;
    expect(festival.tickets).toEqual({ ...body, currency: 'EUR', on_sale_at: '2029-11-01T10:00:00.000Z' });
    const [row] = await db().select().from(editionTicketsTable).where(eq(editionTicketsTable.editionId, edition.id));
    expect(row.priceTo).toBe(150.5);
  });

  it.each([
    [{ price_from: -5 }, 'El precio desde no puede ser negativo.'],
    [{ price_from: 50000 }, 'El precio desde no puede superar 10000 €.'],
    [{ price_from: 100, price_to: 50 }, 'El precio hasta no puede ser menor que el precio desde.'],
    [{ ticket_url: 'javascript:alert(1)' }, 'La URL de venta no es válida: usa una dirección http(s).'],
    [{ currency: 'euros' }, 'La moneda debe ser un código de tres letras (EUR).'],
  ])('refuses bad tickets with a Spanish 400 (%j)', async (body, message) => {
    const id = await createFestival();
    const [edition] = await editionsOf(id);
    const res = await api('PUT', `/api/admin/editions/${edition.id}/tickets`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(
      await db().select().from(editionTicketsTable).where(eq(editionTicketsTable.editionId, edition.id)),
    ).toHaveLength(0);
  });
});
