import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable, mediaReportsTable, mediaTable, mediaVotesTable, notificationsTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addMedia, addReport, createFestival } from '../support/fixtures';

let user: SignedIn;
let admin: SignedIn;
let festivalId: number;

beforeAll(async () => {
  user = await signIn(undefined, 'Marta Subidora');
  admin = await signInAdmin();
  festivalId = await createFestival({ name: 'Festival Galería' });
});

const notificationsOf = (userId: number) =>
  db().select().from(notificationsTable).where(eq(notificationsTable.userId, userId));
const auditOf = (entity: string, entityId: number) =>
  db()
    .select()
    .from(auditLogTable)
    .where(and(eq(auditLogTable.entity, entity), eq(auditLogTable.entityId, entityId)));
/** What the public gallery may show: approved and not hidden (decision 004). */
const publicMedia = (id: number) =>
  db()
    .select()
    .from(mediaTable)
    .where(and(eq(mediaTable.id, id), eq(mediaTable.status, 'approved'), isNull(mediaTable.hiddenAt)));

describe('GET /api/admin/pending-media and /api/admin/media', () => {
  it('lists pending media newest first with uploader, festival and vote aggregates', async () => {
    const older = await addMedia(festivalId, user.user.id, {
      status: 'pending',
      uploadedAt: new Date('2030-01-01T10:00:00Z'),
      caption: 'Antigua',
    });
    const newer = await addMedia(festivalId, user.user.id, {
      status: 'pending',
      uploadedAt: new Date('2030-01-02T10:00:00Z'),
    });
    const approved = await addMedia(festivalId, null, { status: 'approved', type: 'video' });
    const voter = await signIn();
    await db()
      .insert(mediaVotesTable)
      .values([
        { mediaId: older.id, userId: voter.user.id, rating: 5 },
        { mediaId: older.id, userId: user.user.id, rating: 2 },
      ]);

    const pending = await api('GET', '/api/admin/pending-media', { token: admin.token });
    expect(pending.status).toBe(200);
    const ids = pending.json.map((m: { id: number }) => m.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(approved.id);
    expect(pending.json.find((m: { id: number }) => m.id === older.id)).toMatchObject({
      festival_id: festivalId,
      user_id: user.user.id,
      type: 'image',
      caption: 'Antigua',
      status: 'pending',
      rating: 3.5,
      votesCount: 2,
      userRating: null,
      hidden_at: null,
      file_url: null,
      uploaded_at: '2030-01-01T10:00:00.000Z',
      User: { id: user.user.id, name: 'Marta Subidora', avatar_url: null },
      Festival: { id: festivalId, name: 'Festival Galería' },
    });

    const all = await api('GET', '/api/admin/media', { token: admin.token });
    const anonymous = all.json.find((m: { id: number }) => m.id === approved.id);
    expect(anonymous).toMatchObject({ type: 'video', status: 'approved', User: null, rating: 0, votesCount: 0 });
    expect(all.json.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([older.id, newer.id]));

    // An approved item reads as in the public gallery, plus the admin's fields.
    await db().insert(mediaVotesTable).values({ mediaId: approved.id, userId: voter.user.id, rating: 4 });
    const gallery = await api('GET', `/api/media/festival/${festivalId}`);
    const admins = await api('GET', '/api/admin/media', { token: admin.token });
    // The gallery's copies of a photo (image) are for the public pages; the admin list shows the original.
    const { image, ...publicItem } = gallery.json.find((m: { id: number }) => m.id === approved.id);
    expect(image).toBeNull();
    expect(admins.json.find((m: { id: number }) => m.id === approved.id)).toEqual({
      ...publicItem,
      hidden_at: null,
      file_url: null,
      reviewed_at: null,
      Festival: { id: festivalId, name: 'Festival Galería' },
    });
    const onlyApproved = await api('GET', '/api/admin/media?status=approved', { token: admin.token });
    expect(onlyApproved.json.every((m: { status: string }) => m.status === 'approved')).toBe(true);
    const bad = await api('GET', '/api/admin/media?status=hidden', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Estado no válido.');
  });
});

describe('PATCH /api/admin/media/:id/approve', () => {
  it('approves pending media and notifies the uploader in Spanish', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'pending' });
    const res = await api('PATCH', `/api/admin/media/${media.id}/approve`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: media.id, status: 'approved' });
    expect(res.json.reviewed_at).not.toBeNull();
    expect(await publicMedia(media.id)).toHaveLength(1);
    expect(await notificationsOf(user.user.id)).toContainEqual(
      expect.objectContaining({ type: 'media', message: 'Tu foto del festival "Festival Galería" ha sido aprobada.' }),
    );
    expect((await auditOf('media', media.id))[0]).toMatchObject({ action: 'approve', actorId: admin.user.id });
  });

  it('rejects pending media (a video here) and tells the uploader', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'pending', type: 'video' });
    const res = await api('PATCH', `/api/admin/media/${media.id}/approve`, {
      token: admin.token,
      body: { status: 'rejected' },
    });
    expect(res.json.status).toBe('rejected');
    expect(await publicMedia(media.id)).toHaveLength(0);
    expect(await notificationsOf(user.user.id)).toContainEqual(
      expect.objectContaining({
        type: 'media',
        message: 'Tu vídeo del festival "Festival Galería" ha sido rechazado.',
      }),
    );
  });

  it('answers 409 for media already moderated, 404 for unknown media and 400 for a bad status', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'rejected' });
    const again = await api('PATCH', `/api/admin/media/${media.id}/approve`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain('Este contenido ya fue moderado (estado actual: rechazado)');
    expect(
      (await api('PATCH', '/api/admin/media/999999/approve', { token: admin.token, body: { status: 'approved' } }))
        .status,
    ).toBe(404);
    const bad = await api('PATCH', `/api/admin/media/${media.id}/approve`, {
      token: admin.token,
      body: { status: 'ok' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("El estado debe ser 'approved' o 'rejected'.");
  });
});

describe('GET /api/admin/media/:id/hide', () => {
  it('takes approved media out of the public gallery, keeps its reports and audits it', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'approved' });
    const report = await addReport(media.id, null, 'Violencia');
    expect(await publicMedia(media.id)).toHaveLength(1);
    const shown = await api('GET', `/api/media/festival/${festivalId}`);
    expect(shown.json.map((m: { id: number }) => m.id)).toContain(media.id);
    const res = await api('GET', `/api/admin/media/${media.id}/hide`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: 'Contenido ocultado', id: media.id });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await publicMedia(media.id)).toHaveLength(0);
    const gallery = await api('GET', `/api/media/festival/${festivalId}`);
    expect(gallery.status).toBe(200);
    expect(gallery.json.map((m: { id: number }) => m.id)).not.toContain(media.id);
    expect(await db().select().from(mediaReportsTable).where(eq(mediaReportsTable.id, report.id))).toHaveLength(1);
    expect((await auditOf('media', media.id))[0]).toMatchObject({ action: 'hide' });

    const twice = await api('GET', `/api/admin/media/${media.id}/hide`, { token: admin.token });
    expect(twice.json.hidden_at).toBe(res.json.hidden_at);
    expect((await api('GET', '/api/admin/media/999999/hide', { token: admin.token })).status).toBe(404);
  });
});

describe('POST, PUT and DELETE /api/admin/media', () => {
  it('creates media for a festival and user, pending image by default', async () => {
    const res = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: 'https://cdn.example.com/nueva.jpg', festival_id: String(festivalId), user_id: user.user.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      url: 'https://cdn.example.com/nueva.jpg',
      type: 'image',
      status: 'pending',
      festival_id: festivalId,
      user_id: user.user.id,
    });
    expect((await auditOf('media', res.json.id))[0]).toMatchObject({ action: 'create' });
  });

  it.each([
    [{ url: '' }, 'Debe subir una imagen o proporcionar una URL'],
    [{ url: undefined }, 'Debe subir una imagen o proporcionar una URL'],
    [{ url: 'javascript:alert(1)' }, 'La URL no es válida: usa una dirección http(s) o una imagen subida.'],
    [{ festival_id: '' }, 'Debe seleccionar un festival'],
    [{ festival_id: undefined }, 'Debe seleccionar un festival'],
    [{ user_id: null }, 'Debe seleccionar un usuario'],
    [{ type: 'audio' }, "El tipo debe ser 'image' o 'video'."],
    [{ status: 'hidden' }, 'Estado no válido.'],
  ])('answers 400 in Spanish for %o', async (overrides, message) => {
    const body = { url: 'https://cdn.example.com/x.jpg', festival_id: festivalId, user_id: user.user.id, ...overrides };
    const res = await api('POST', '/api/admin/media', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('answers 404 naming what is missing when the festival or the user does not exist', async () => {
    const noFestival = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: '/uploads/a.jpg', festival_id: 999999, user_id: user.user.id },
    });
    expect(noFestival.status).toBe(404);
    expect(noFestival.json.error).toBe('Festival no encontrado');
    const noUser = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: '/uploads/a.jpg', festival_id: festivalId, user_id: 999999 },
    });
    expect(noUser.status).toBe(404);
    expect(noUser.json.error).toBe('Usuario no encontrado');
  });

  it('updates media; moving it out of pending notifies the uploader', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'pending' });
    const res = await api('PUT', `/api/admin/media/${media.id}`, {
      token: admin.token,
      body: {
        url: 'https://cdn.example.com/editada.png',
        festival_id: festivalId,
        user_id: user.user.id,
        status: 'approved',
        caption: 'Escenario principal',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      url: 'https://cdn.example.com/editada.png',
      status: 'approved',
      caption: 'Escenario principal',
    });
    expect(await notificationsOf(user.user.id)).toContainEqual(
      expect.objectContaining({ type: 'media', message: 'Tu foto del festival "Festival Galería" ha sido aprobada.' }),
    );
    expect((await auditOf('media', media.id))[0]).toMatchObject({ action: 'update' });
    expect(
      (
        await api('PUT', '/api/admin/media/999999', {
          token: admin.token,
          body: { url: '/uploads/x.jpg', festival_id: festivalId, user_id: user.user.id },
        })
      ).status,
    ).toBe(404);
  });

  it('deletes media with its votes and reports, leaving nothing public', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'approved' });
    await addReport(media.id, user.user.id);
    expect((await api('GET', `/api/media/festival/${festivalId}`)).json.map((m: { id: number }) => m.id)).toContain(
      media.id,
    );
    const res = await api('DELETE', `/api/admin/media/${media.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Contenido eliminado correctamente', id: media.id });
    expect(await db().select().from(mediaTable).where(eq(mediaTable.id, media.id))).toHaveLength(0);
    expect(await db().select().from(mediaReportsTable).where(eq(mediaReportsTable.mediaId, media.id))).toHaveLength(0);
    const gallery = await api('GET', `/api/media/festival/${festivalId}`);
    expect(gallery.status).toBe(200);
    expect(gallery.json.map((m: { id: number }) => m.id)).not.toContain(media.id);
    expect((await auditOf('media', media.id))[0]).toMatchObject({ action: 'delete' });
    expect((await api('DELETE', `/api/admin/media/${media.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('media reports', () => {
  it('lists reports newest first with the media and the reporter, anonymous ones with a null user', async () => {
    const media = await addMedia(festivalId, user.user.id, {
      status: 'approved',
      url: 'https://cdn.example.com/denunciada.jpg',
    });
    const named = await addReport(media.id, user.user.id, 'Copyright', 'Es mía');
    const anonymous = await addReport(media.id, null, 'Otro');
    const res = await api('GET', '/api/admin/media-reports', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.json.map((r: { id: number }) => r.id);
    expect(ids.indexOf(anonymous.id)).toBeLessThan(ids.indexOf(named.id));
    expect(res.json.find((r: { id: number }) => r.id === named.id)).toEqual({
      id: named.id,
      media_id: media.id,
      reason: 'Copyright',
      details: 'Es mía',
      created_at: expect.any(String),
      Media: { type: 'image', url: 'https://cdn.example.com/denunciada.jpg' },
      User: { name: 'Marta Subidora', avatar_url: null },
    });
    expect(res.json.find((r: { id: number }) => r.id === anonymous.id)).toMatchObject({ details: null, User: null });
  });

  it('DELETE removes only the report: the media stays, visible as before', async () => {
    const media = await addMedia(festivalId, user.user.id, { status: 'approved' });
    const report = await addReport(media.id, null);
    const res = await api('DELETE', `/api/admin/media-reports/${report.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Reporte descartado', id: report.id });
    expect(await db().select().from(mediaReportsTable).where(eq(mediaReportsTable.id, report.id))).toHaveLength(0);
    expect(await publicMedia(media.id)).toHaveLength(1);
    expect((await api('GET', `/api/media/festival/${festivalId}`)).json.map((m: { id: number }) => m.id)).toContain(
      media.id,
    );
    expect((await auditOf('media_report', report.id))[0]).toMatchObject({
      action: 'dismiss',
      details: expect.objectContaining({ media_id: media.id }),
    });
    const again = await api('DELETE', `/api/admin/media-reports/${report.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('Reporte no encontrado');
  });
});
