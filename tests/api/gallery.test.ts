import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable, mediaReportsTable, mediaTable, mediaVotesTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addMedia, addVote, createFestival } from '../support/fixtures';
import { within } from '../support/within';

const defaults = { vote: rateLimits.vote.limit, report: rateLimits.report.limit };
let address = 0;
const from = () => ({ 'X-Forwarded-For': `192.0.2.${++address}` });

let ana: SignedIn;
let bruno: SignedIn;
let carla: SignedIn;

beforeAll(async () => {
  ana = await signIn(undefined, 'Ana');
  bruno = await signIn(undefined, 'Bruno');
  carla = await signIn(undefined, 'Carla');
});

afterEach(() => {
  rateLimits.vote.limit = defaults.vote;
  rateLimits.report.limit = defaults.report;
});

const votesOf = (mediaId: number) => db().select().from(mediaVotesTable).where(eq(mediaVotesTable.mediaId, mediaId));

describe('GET /api/media/festival/:id', () => {
  it('lists approved, visible media newest first with rating, votesCount, userRating and User', async () => {
    const id = await createFestival();
    const older = await addMedia(id, ana.user.id, {
      caption: 'Escenario',
      comment: 'Qué noche',
      uploadedAt: new Date('2030-01-01T10:00:00Z'),
    });
    const newer = await addMedia(id, null, { type: 'video', uploadedAt: new Date('2030-01-02T10:00:00Z') });
    await addMedia(id, ana.user.id, { status: 'pending' });
    await addMedia(id, ana.user.id, { status: 'rejected' });
    await addMedia(id, ana.user.id, { hiddenAt: new Date() });
    await addVote(older.id, ana.user.id, 5);
    await addVote(older.id, bruno.user.id, 4);
    await addVote(older.id, carla.user.id, 4);

    const res = await api('GET', `/api/media/festival/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.json.map((m: { id: number }) => m.id)).toEqual([newer.id, older.id]);
    expect(res.json[1]).toEqual({
      id: older.id,
      festival_id: id,
      user_id: ana.user.id,
      type: 'image',
      url: older.url,
      caption: 'Escenario',
      comment: 'Qué noche',
      status: 'approved',
      uploaded_at: '2030-01-01T10:00:00.000Z',
      rating: 4.33,
      votesCount: 3,
      userRating: null,
      User: { id: ana.user.id, name: 'Ana', avatar_url: null },
      // An external URL: no stored copies.
      image: null,
    });
    expect(res.json[0]).toMatchObject({ type: 'video', rating: 0, votesCount: 0, userRating: null, User: null });
  });

  it("fills userRating with the caller's own vote when a Bearer token is sent", async () => {
    const id = await createFestival();
    const item = await addMedia(id, ana.user.id);
    await addVote(item.id, bruno.user.id, 2);
    const asBruno = await api('GET', `/api/media/festival/${id}`, { token: bruno.token });
    expect(asBruno.json[0]).toMatchObject({ userRating: 2, rating: 2, votesCount: 1 });
    const asCarla = await api('GET', `/api/media/festival/${id}`, { token: carla.token });
    expect(asCarla.json[0].userRating).toBeNull();
  });

  it('keeps text that looks like the userRating field intact when filling in the caller’s vote', async () => {
    const id = await createFestival();
    const tricky = '"userRating":null, "userRating":null';
    const item = await addMedia(id, ana.user.id, { caption: tricky, comment: tricky });
    await addVote(item.id, bruno.user.id, 4);
    const res = await api('GET', `/api/media/festival/${id}`, { token: bruno.token });
    expect(res.json[0]).toMatchObject({ caption: tricky, comment: tricky, userRating: 4 });
  });

  it('shows a change made elsewhere (another instance, an admin, SQL) within the freshness bound', async () => {
    const id = await createFestival();
    const item = await addMedia(id, ana.user.id);
    const other = await addMedia(id, ana.user.id);
    const gallery = () => api('GET', `/api/media/festival/${id}`);
    expect((await gallery()).json).toHaveLength(2);
    await db().update(mediaTable).set({ hiddenAt: new Date() }).where(eq(mediaTable.id, other.id));
    await db().insert(mediaVotesTable).values({ mediaId: item.id, userId: carla.user.id, rating: 1 });
    const after = await within(gallery, (res) => res.json.length === 1 && res.json[0].votesCount === 1);
    expect(after.json.map((m: { id: number }) => m.id)).toEqual([item.id]);
    expect(after.json[0]).toMatchObject({ rating: 1, votesCount: 1 });
    expect(after.headers.get('x-total-count')).toBe('1');
    await db().delete(mediaVotesTable).where(eq(mediaVotesTable.mediaId, item.id));
    await within(gallery, (res) => res.json[0]?.votesCount === 0 && res.json[0]?.rating === 0);
    await db().update(festivalsTable).set({ status: 'rejected' }).where(eq(festivalsTable.id, id));
    await within(gallery, (res) => res.status === 404);
  });

  it('pages with limit and offset', async () => {
    const id = await createFestival();
    const items = [];
    for (let day = 1; day <= 4; day++)
      items.push(await addMedia(id, ana.user.id, { uploadedAt: new Date(`2030-02-0${day}T00:00:00Z`) }));
    const page = await api('GET', `/api/media/festival/${id}?limit=2&offset=1`);
    expect(page.json.map((m: { id: number }) => m.id)).toEqual([items[2].id, items[1].id]);
    expect(page.headers.get('x-total-count')).toBe('4');
  });

  it('answers 404 for an unknown festival and for a pending one the caller cannot see', async () => {
    const missing = await api('GET', '/api/media/festival/999999');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
    const pending = await createFestival({ status: 'pending', proposedBy: ana.user.id });
    expect((await api('GET', `/api/media/festival/${pending}`)).status).toBe(404);
    expect((await api('GET', `/api/media/festival/${pending}`, { token: ana.token })).status).toBe(200);
    expect((await api('GET', '/api/media/festival/0')).status).toBe(400);
  });
});

describe('POST /api/gallery/:id/rate', () => {
  it('records one vote per user; voting again replaces it; the aggregates follow', async () => {
    const id = await createFestival();
    const item = await addMedia(id, ana.user.id);
    const first = await api('POST', `/api/gallery/${item.id}/rate`, { token: bruno.token, body: { rating: 5 } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      message: 'Voto: 5/5 estrellas',
      media_id: item.id,
      rating: 5,
      votesCount: 1,
      userRating: 5,
    });
    const other = await api('POST', `/api/gallery/${item.id}/rate`, { token: carla.token, body: { rating: 2 } });
    expect(other.json).toMatchObject({ rating: 3.5, votesCount: 2 });
    const again = await api('POST', `/api/gallery/${item.id}/rate`, { token: bruno.token, body: { rating: '1' } });
    expect(again.json).toMatchObject({ rating: 1.5, votesCount: 2, userRating: 1 });

    const rows = await votesOf(item.id);
    expect(rows.map((v) => [v.userId, v.rating]).sort()).toEqual(
      [
        [bruno.user.id, 1],
        [carla.user.id, 2],
      ].sort(),
    );
    const list = await api('GET', `/api/media/festival/${id}`, { token: bruno.token });
    expect(list.json[0]).toMatchObject({ rating: 1.5, votesCount: 2, userRating: 1 });
  });

  it.each([[{}], [{ rating: 0 }], [{ rating: 6 }], [{ rating: 3.5 }], [{ rating: 'muy bien' }]])(
    'rejects %o with a Spanish 400',
    async (body) => {
      const item = await addMedia(await createFestival(), ana.user.id);
      const res = await api('POST', `/api/gallery/${item.id}/rate`, { token: bruno.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(
        /^(La puntuación debe ser un número entero entre 1 y 5\.|Debes seleccionar una puntuación)$/,
      );
      expect(await votesOf(item.id)).toHaveLength(0);
    },
  );

  it('needs a signed-in user', async () => {
    const item = await addMedia(await createFestival(), ana.user.id);
    const res = await api('POST', `/api/gallery/${item.id}/rate`, { body: { rating: 4 } });
    expect(res.status).toBe(401);
    expect(await votesOf(item.id)).toHaveLength(0);
  });

  it('answers 404 for unknown, pending and hidden items', async () => {
    const id = await createFestival();
    const pending = await addMedia(id, ana.user.id, { status: 'pending' });
    const hidden = await addMedia(id, ana.user.id, { hiddenAt: new Date() });
    for (const mediaId of [999999, pending.id, hidden.id]) {
      const res = await api('POST', `/api/gallery/${mediaId}/rate`, { token: bruno.token, body: { rating: 4 } });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Contenido no encontrado.');
    }
    expect(await votesOf(pending.id)).toHaveLength(0);
  });

  it('answers 429 past the per-user limit', async () => {
    rateLimits.vote.limit = 3;
    const voter = await signIn();
    const item = await addMedia(await createFestival(), ana.user.id);
    for (const rating of [1, 2, 3]) {
      expect((await api('POST', `/api/gallery/${item.id}/rate`, { token: voter.token, body: { rating } })).status).toBe(
        200,
      );
    }
    const blocked = await api('POST', `/api/gallery/${item.id}/rate`, { token: voter.token, body: { rating: 5 } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe(
      'Has enviado demasiados votos en poco tiempo. Espera un momento e inténtalo de nuevo.',
    );
    const [vote] = await db()
      .select()
      .from(mediaVotesTable)
      .where(and(eq(mediaVotesTable.mediaId, item.id), eq(mediaVotesTable.userId, voter.user.id)));
    expect(vote.rating).toBe(3);
  });
});

describe('POST /api/media/:id/report', () => {
  const reportsOf = (mediaId: number) =>
    db().select().from(mediaReportsTable).where(eq(mediaReportsTable.mediaId, mediaId)).orderBy(mediaReportsTable.id);

  it('takes anonymous reports and records the reporter when a token is sent', async () => {
    const item = await addMedia(await createFestival(), ana.user.id);
    const anonymous = await api('POST', `/api/media/${item.id}/report`, {
      body: { reason: 'Spam/publicidad' },
      headers: from(),
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.json).toEqual({ message: 'Reporte enviado. Gracias por avisarnos.', id: expect.any(Number) });
    const signed = await api('POST', `/api/media/${item.id}/report`, {
      token: bruno.token,
      body: { reason: 'Copyright', details: '  Es mi foto  ' },
    });
    expect(signed.status).toBe(201);
    const rows = await reportsOf(item.id);
    expect(rows.map((r) => ({ userId: r.userId, reason: r.reason, details: r.details }))).toEqual([
      { userId: null, reason: 'Spam/publicidad', details: null },
      { userId: bruno.user.id, reason: 'Copyright', details: 'Es mi foto' },
    ]);
  });

  it.each(['Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro'])(
    'accepts the reason %s',
    async (reason) => {
      const item = await addMedia(await createFestival(), ana.user.id);
      expect(
        (await api('POST', `/api/media/${item.id}/report`, { body: { reason, details: '' }, headers: from() })).status,
      ).toBe(201);
    },
  );

  it.each([
    [{}, 'Selecciona un motivo válido: Violencia, Contenido sexual, Spam/publicidad, Copyright, Otro.'],
    [
      { reason: 'Aburrido' },
      'Selecciona un motivo válido: Violencia, Contenido sexual, Spam/publicidad, Copyright, Otro.',
    ],
    [{ reason: 'Otro', details: 'x'.repeat(1001) }, 'Los detalles no pueden superar los 1000 caracteres.'],
    [{ reason: 'Otro', details: 7 }, 'Los detalles deben ser un texto.'],
  ])('rejects %o with a Spanish 400 and stores nothing', async (body, message) => {
    const item = await addMedia(await createFestival(), ana.user.id);
    const res = await api('POST', `/api/media/${item.id}/report`, { body, headers: from() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(await reportsOf(item.id)).toHaveLength(0);
  });

  it('answers 404 for unknown and hidden items', async () => {
    const hidden = await addMedia(await createFestival(), ana.user.id, { hiddenAt: new Date() });
    for (const mediaId of [999999, hidden.id]) {
      const res = await api('POST', `/api/media/${mediaId}/report`, { body: { reason: 'Otro' }, headers: from() });
      expect(res.status).toBe(404);
    }
  });

  it('answers 429 past the per-address limit for anonymous reporters', async () => {
    rateLimits.report.limit = 2;
    const item = await addMedia(await createFestival(), ana.user.id);
    const headers = from();
    await api('POST', `/api/media/${item.id}/report`, { body: { reason: 'Otro' }, headers });
    await api('POST', `/api/media/${item.id}/report`, { body: { reason: 'Otro' }, headers });
    const blocked = await api('POST', `/api/media/${item.id}/report`, { body: { reason: 'Otro' }, headers });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe('Has enviado demasiados reportes. Inténtalo de nuevo más tarde.');
    expect(await reportsOf(item.id)).toHaveLength(2);
  });
});

describe('admins', () => {
  it('see the same public gallery (hidden items stay out)', async () => {
    const admin = await signInAdmin();
    const id = await createFestival();
    await addMedia(id, ana.user.id, { hiddenAt: new Date() });
    expect((await api('GET', `/api/media/festival/${id}`, { token: admin.token })).json).toEqual([]);
  });
});
