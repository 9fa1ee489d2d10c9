import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable, commentsTable, festivalsTable, mediaTable, notificationsTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, addMedia, createFestival } from '../support/fixtures';

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

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Festival Admin',
  description: 'Creado desde el panel.',
  location: 'Bilbao, España',
  start_date: '2031-09-01',
  end_date: '2031-09-03',
  website: 'https://admin.example.com',
  genres: ['Techno', 'Minimal'],
  imageUrl: 'https://cdn.example.com/cartel.jpg',
  ...overrides,
});

async function propose(name: string) {
  const res = await api('POST', '/api/festivals', {
    token: user.token,
    body: {
      name,
      location: 'Sevilla, España',
      start_date: '2031-05-01',
      end_date: '2031-05-02',
      description: 'Propuesta',
    },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

const notificationsOf = (userId: number) =>
  db().select().from(notificationsTable).where(eq(notificationsTable.userId, userId));
const auditOf = (entity: string, entityId: number) =>
  db()
    .select()
    .from(auditLogTable)
    .where(and(eq(auditLogTable.entity, entity), eq(auditLogTable.entityId, entityId)));
/** The detail route's festival without what it adds about editions (lists never carry lineups). */
// What only the detail route adds: the current edition, its lineup and tickets, the editions, the photo copies of the image, and the festival's clock.
const withoutEditions = ({
  edition: _e,
  lineup: _l,
  tickets: _t,
  editions: _s,
  sources: _sources,
  tiers: _tiers,
  tiers_source: _tiersSource,
  conditions: _conditions,
  accessibility: _accessibility,
  image: _i,
  time_zone: _z,
  ...festival
}: Record<string, unknown>) => festival;
const publicIds = async () => (await api('GET', '/api/festivals')).json.map((f: { id: number }) => f.id);

describe('GET /api/admin/pending-festivals and /api/admin/festivals', () => {
  it('lists pending proposals newest first, and every festival whatever its status', async () => {
    const older = await propose('Pendiente Antigua');
    const newer = await propose('Pendiente Nueva');
    const rejected = await createFestival({ name: 'Rechazada', status: 'rejected' });
    const approved = await createFestival({ name: 'Aprobada' });

    const pending = await api('GET', '/api/admin/pending-festivals', { token: admin.token });
    expect(pending.status).toBe(200);
    const pendingIds = pending.json.map((f: { id: number }) => f.id);
    expect(pendingIds.indexOf(newer)).toBeLessThan(pendingIds.indexOf(older));
    expect(pendingIds).not.toContain(approved);
    expect(pending.json.every((f: { status: string }) => f.status === 'pending')).toBe(true);
    expect(pending.json[0]).toMatchObject({ genres: [], averageRating: 0, ratingsCount: 0, proposed_by: user.user.id });

    const all = await api('GET', '/api/admin/festivals', { token: admin.token });
    expect(all.status).toBe(200);
    const allIds = all.json.map((f: { id: number }) => f.id);
    expect(allIds).toEqual(expect.arrayContaining([older, newer, rejected, approved]));
    // Grouped: pending (newest first), then approved, then rejected.
    const statuses: string[] = all.json.map((f: { status: string }) => f.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('approved'));
    expect(statuses.lastIndexOf('approved')).toBeLessThan(statuses.indexOf('rejected'));
    expect(allIds.indexOf(newer)).toBeLessThan(allIds.indexOf(older));
    // The same objects as the detail route, whichever part of the list they come from.
    for (const id of [newer, approved, rejected]) {
      const detail = await api('GET', `/api/festivals/${id}`, { token: admin.token });
      expect(all.json.find((f: { id: number }) => f.id === id)).toEqual(withoutEditions(detail.json));
    }
    const onlyRejected = await api('GET', '/api/admin/festivals?status=rejected', { token: admin.token });
    expect(onlyRejected.json.map((f: { id: number }) => f.id)).toEqual([rejected]);
    const onlyApproved = await api('GET', '/api/admin/festivals?status=approved', { token: admin.token });
    expect(onlyApproved.json.every((f: { status: string }) => f.status === 'approved')).toBe(true);
    expect(onlyApproved.json.map((f: { id: number }) => f.id)).toContain(approved);

    const limited = await api('GET', '/api/admin/pending-festivals?limit=1', { token: admin.token });
    expect(limited.json).toHaveLength(1);
    expect(limited.json[0].id).toBe(pending.json[0].id);
  });

  it('sends pending festivals exactly as the detail route does, aggregates and dates included', async () => {
    const id = await createFestival(
      {
        name: 'Pendiente Completa',
        status: 'pending',
        proposedBy: user.user.id,
        address: 'Calle 1',
        geocodedFrom: 'Calle 1',
        geocodedAt: new Date('2026-03-04T05:06:07.089Z'),
        parkingInfo: 'Parking norte',
      },
      ['House', 'Acid'],
    );
    await addComment(id, user.user.id, 4, 'Muy bueno', 'approved');
    await addComment(id, admin.user.id, 5, 'Muy bueno', 'approved');
    const pending = await api('GET', '/api/admin/pending-festivals', { token: admin.token });
    const listed = pending.json.find((f: { id: number }) => f.id === id);
    const detail = await api('GET', `/api/festivals/${id}`, { token: admin.token });
    expect(listed).toEqual({
      ...withoutEditions(detail.json),
      possibleDuplicates: [],
      proposal: { lineup: [], ticket_url: null, price_from: null },
    });
    expect(listed).toMatchObject({
      genres: ['House', 'Acid'],
      averageRating: 4.5,
      ratingsCount: 2,
      geocoded_at: '2026-03-04T05:06:07.089Z',
      hasValidCoordinates: true,
    });
  });

  it('rejects a malformed limit or status with a 400 in Spanish', async () => {
    const res = await api('GET', '/api/admin/pending-festivals?limit=0', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_input', error: 'limit debe ser un número entre 1 y 5000.' });
    const status = await api('GET', '/api/admin/festivals?status=archived', { token: admin.token });
    expect(status.status).toBe(400);
    expect(status.json.error).toBe('Estado no válido.');
  });
});

describe('PATCH /api/admin/festivals/:id/approve', () => {
  it('approves a pending festival, publishes it, notifies the proposer and audits the decision', async () => {
    const id = await propose('Para Aprobar');
    expect(await publicIds()).not.toContain(id);
    const res = await api('PATCH', `/api/admin/festivals/${id}/approve`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, status: 'approved', name: 'Para Aprobar' });
    expect(await publicIds()).toContain(id);

    const notes = await notificationsOf(user.user.id);
    expect(notes).toContainEqual(
      expect.objectContaining({
        type: 'festival',
        message: 'Tu festival "Para Aprobar" ha sido aprobado.',
        read: false,
      }),
    );
    const audit = await auditOf('festival', id);
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.user.id, action: 'approve' })]);
  });

  it('rejects a pending festival: it stays out of the catalogue and the proposer is told', async () => {
    const id = await propose('Para Rechazar');
    const res = await api('PATCH', `/api/admin/festivals/${id}/approve`, {
      token: admin.token,
      body: { status: 'rejected' },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('rejected');
    expect(await publicIds()).not.toContain(id);
    expect(await notificationsOf(user.user.id)).toContainEqual(
      expect.objectContaining({ type: 'festival', message: 'Tu festival "Para Rechazar" ha sido rechazado.' }),
    );
    expect((await auditOf('festival', id))[0].action).toBe('reject');
  });

  it('answers 409 for a festival that was already moderated, changing nothing', async () => {
    const id = await propose('Ya Moderado');
    await api('PATCH', `/api/admin/festivals/${id}/approve`, { token: admin.token, body: { status: 'approved' } });
    const before = (await notificationsOf(user.user.id)).length;
    const again = await api('PATCH', `/api/admin/festivals/${id}/approve`, {
      token: admin.token,
      body: { status: 'rejected' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'already_moderated' });
    expect(again.json.error).toContain('Este festival ya fue moderado (estado actual: aprobado)');
    const [row] = await db().select().from(festivalsTable).where(eq(festivalsTable.id, id));
    expect(row.status).toBe('approved');
    expect(await notificationsOf(user.user.id)).toHaveLength(before);
  });

  it('validates the status and the id, and answers 404 for an unknown festival', async () => {
    const id = await propose('Estado Malo');
    for (const body of [{ status: 'pending' }, { status: 'maybe' }, {}]) {
      const res = await api('PATCH', `/api/admin/festivals/${id}/approve`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("El estado debe ser 'approved' o 'rejected'.");
    }
    const malformed = await api('PATCH', `/api/admin/festivals/${id}/approve`, {
      token: admin.token,
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(
      (await api('PATCH', '/api/admin/festivals/abc/approve', { token: admin.token, body: { status: 'approved' } }))
        .status,
    ).toBe(400);
    const missing = await api('PATCH', '/api/admin/festivals/999999/approve', {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
  });
});

describe('POST /api/admin/festivals', () => {
  it('creates an approved festival with genres, image and coordinates set by hand', async () => {
    const res = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: form({ start_date: '01-09-2031', latitude: 43.26, longitude: -2.93, transportation: 'Metro línea 1' }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Festival Admin',
      status: 'approved',
      start_date: '2031-09-01',
      end_date: '2031-09-03',
      genres: ['Techno', 'Minimal'],
      image_url: 'https://cdn.example.com/cartel.jpg',
      website: 'https://admin.example.com/',
      latitude: 43.26,
      longitude: -2.93,
      hasValidCoordinates: true,
      geocoded_from: 'manual',
      transportation: 'Metro línea 1',
    });
    expect(await publicIds()).toContain(res.json.id);
    expect((await auditOf('festival', res.json.id))[0]).toMatchObject({ action: 'create', actorId: admin.user.id });
  });

  it('can create a pending festival when asked', async () => {
    const res = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: form({ name: 'Admin Pendiente', status: 'pending' }),
    });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('pending');
    expect(await publicIds()).not.toContain(res.json.id);
  });

  it.each([
    ['name', { name: '' }, 'El nombre del festival es requerido'],
    ['start date', { start_date: undefined }, 'La fecha de inicio es requerida'],
    ['description', { description: '   ' }, 'La descripción del festival es requerida'],
    ['location', { location: undefined }, 'La ubicación del festival es requerida'],
    [
      'date order',
      { start_date: '2031-09-03', end_date: '2031-09-01' },
      'La fecha de fin debe ser posterior a la fecha de inicio',
    ],
    ['date format', { start_date: '31-31-2031' }, 'Fecha no válida. Usa el formato DD-MM-AAAA.'],
    ['half coordinates', { latitude: 40 }, 'Indica latitud y longitud a la vez.'],
    ['latitude range', { latitude: 91, longitude: 0 }, 'La latitud debe estar entre -90 y 90.'],
  ])('answers 400 with the form message for a bad %s', async (_label, overrides, message) => {
    const res = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: form({ name: `Inválido ${message}`, ...overrides }),
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_input');
    expect(res.json.error).toBe(message);
  });

  it('answers 409 with its Spanish message for a duplicate pending or approved festival', async () => {
    await api('POST', '/api/admin/festivals', { token: admin.token, body: form({ name: 'Duplicado Admin' }) });
    const again = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: form({ name: 'duplicado admin', location: 'BILBAO, España' }),
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('Ya existe un festival pendiente o aprobado con ese nombre y localización.');
  });
});

describe('PUT /api/admin/festivals/:id', () => {
  it('updates the form fields and keeps what the form did not send (coordinates, genres)', async () => {
    const id = await createFestival(
      { name: 'Para Editar', latitude: 41.38, longitude: 2.17, geocodedFrom: 'Barcelona', geocodedAt: new Date() },
      ['House'],
    );
    const res = await api('PUT', `/api/admin/festivals/${id}`, {
      token: admin.token,
      body: {
        name: 'Editado',
        description: 'Nueva descripción',
        location: 'Barcelona, España',
        start_date: '2031-06-18',
        end_date: '2031-06-20',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: 'Editado',
      description: 'Nueva descripción',
      start_date: '2031-06-18',
      genres: ['House'],
      latitude: 41.38,
      longitude: 2.17,
      geocoded_from: 'Barcelona',
    });
    const publicView = await api('GET', `/api/festivals/${id}`);
    expect(publicView.json.name).toBe('Editado');
    expect((await auditOf('festival', id))[0]).toMatchObject({ action: 'update', actorId: admin.user.id });
  });

  it('replaces genres and image, marks new coordinates as manual and can clear them', async () => {
    const id = await createFestival({ name: 'Coordenadas' }, ['House']);
    const res = await api('PUT', `/api/admin/festivals/${id}`, {
      token: admin.token,
      body: form({
        name: 'Coordenadas',
        genres: 'Trance, Ambient',
        imageUrl: null,
        latitude: '37.39',
        longitude: '-5.98',
      }),
    });
    expect(res.json).toMatchObject({
      genres: ['Trance', 'Ambient'],
      image_url: null,
      latitude: 37.39,
      longitude: -5.98,
      geocoded_from: 'manual',
    });
    const cleared = await api('PUT', `/api/admin/festivals/${id}`, {
      token: admin.token,
      body: form({ name: 'Coordenadas', latitude: null, longitude: null }),
    });
    expect(cleared.json).toMatchObject({
      latitude: null,
      longitude: null,
      hasValidCoordinates: false,
      geocoded_from: null,
      geocoded_at: null,
    });
  });

  it('approving through the form notifies the proposer like the approve action', async () => {
    const id = await propose('Aprobada Por Formulario');
    const res = await api('PUT', `/api/admin/festivals/${id}`, {
      token: admin.token,
      body: {
        name: 'Aprobada Por Formulario',
        location: 'Sevilla, España',
        start_date: '2031-05-01',
        description: 'Propuesta',
        status: 'approved',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('approved');
    expect(await notificationsOf(user.user.id)).toContainEqual(
      expect.objectContaining({ type: 'festival', message: 'Tu festival "Aprobada Por Formulario" ha sido aprobado.' }),
    );
  });

  it('answers 404, 400 and 409 where due', async () => {
    expect((await api('PUT', '/api/admin/festivals/999999', { token: admin.token, body: form() })).status).toBe(404);
    const id = await createFestival({ name: 'Sin Nombre Luego' });
    const bad = await api('PUT', `/api/admin/festivals/${id}`, { token: admin.token, body: form({ name: '' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('El nombre del festival es requerido');
    await createFestival({ name: 'Ocupado', location: 'Bilbao, España' });
    const clash = await api('PUT', `/api/admin/festivals/${id}`, {
      token: admin.token,
      body: form({ name: 'Ocupado' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toBe('Ya existe un festival pendiente o aprobado con ese nombre y localización.');
  });
});

describe('DELETE /api/admin/festivals/:id', () => {
  it('deletes the festival with its comments and media, leaving nothing public behind', async () => {
    const id = await createFestival({ name: 'Para Borrar' });
    await addComment(id, user.user.id, 4);
    const media = await addMedia(id, user.user.id, { status: 'approved' });
    expect(await publicIds()).toContain(id);
    expect((await api('GET', `/api/media/festival/${id}`)).json.map((m: { id: number }) => m.id)).toEqual([media.id]);

    const res = await api('DELETE', `/api/admin/festivals/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Festival eliminado correctamente', id });
    expect(await publicIds()).not.toContain(id);
    expect((await api('GET', `/api/festivals/${id}`)).status).toBe(404);
    expect((await api('GET', `/api/media/festival/${id}`)).status).toBe(404);
    expect(await db().select().from(commentsTable).where(eq(commentsTable.festivalId, id))).toHaveLength(0);
    expect(await db().select().from(mediaTable).where(eq(mediaTable.id, media.id))).toHaveLength(0);
    expect((await auditOf('festival', id))[0]).toMatchObject({
      action: 'delete',
      actorId: admin.user.id,
      details: expect.objectContaining({ name: 'Para Borrar' }),
    });

    const again = await api('DELETE', `/api/admin/festivals/${id}`, { token: admin.token });
    expect(again.status).toBe(404);
  });

  it('is the same deletion as DELETE /api/festivals/:id (audited there too)', async () => {
    const id = await createFestival({ name: 'Borrado Desde Detalle' });
    const res = await api('DELETE', `/api/festivals/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await auditOf('festival', id))[0]).toMatchObject({ action: 'delete' });
  });
});
