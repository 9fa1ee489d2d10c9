import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable, commentsTable, festivalEditionsTable, mediaTable, uploadsTable, usersTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, createFestival, imageBytes } from '../support/fixtures';
import { within } from '../support/within';

const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-comments-'));
const defaultLimit = rateLimits.comment.limit;

let ana: SignedIn;
let bruno: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  resetEnv({ DATA_DIR: dataDir });
  ana = await signIn(undefined, 'Ana Autora');
  bruno = await signIn(undefined, 'Bruno');
  admin = await signInAdmin();
  await db().update(usersTable).set({ avatarUrl: 'https://example.com/ana.png' }).where(eq(usersTable.id, ana.user.id));
});

afterEach(() => {
  rateLimits.comment.limit = defaultLimit;
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const festivalAggregates = async (id: number) => {
  const res = await api('GET', `/api/festivals/${id}`);
  return { averageRating: res.json.averageRating, ratingsCount: res.json.ratingsCount };
};

const commentsOf = (festivalId: number) =>
  db().select().from(commentsTable).where(eq(commentsTable.festivalId, festivalId));

function form(
  fields: Record<string, string>,
  files: { bytes: Uint8Array; type: string; name: string }[] = [],
): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) body.append('images[]', new File([file.bytes as BlobPart], file.name, { type: file.type }));
  return body;
}

describe('GET /api/comments/festival/:id', () => {
  it('lists approved comments newest first with their author as User {id, name, avatar_url}', async () => {
    const id = await createFestival();
    await addComment(id, bruno.user.id, 2, 'Primero', 'approved');
    await addComment(id, ana.user.id, 5, 'Segundo', 'approved');
    await addComment(id, bruno.user.id, 1, 'Sin moderar');
    const res = await api('GET', `/api/comments/festival/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.json.map((c: { content: string }) => c.content)).toEqual(['Segundo', 'Primero']);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      festival_id: id,
      content: 'Segundo',
      rating: 5,
      status: 'approved',
      edition_year: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      User: { id: ana.user.id, name: 'Ana Autora', avatar_url: 'https://example.com/ana.png' },
    });
  });

  it('shows a change made elsewhere (another instance, an admin, SQL) within the freshness bound', async () => {
    const id = await createFestival();
    const first = await addComment(id, bruno.user.id, 2, 'Primero');
    const list = () => api('GET', `/api/comments/festival/${id}`);
    const contents = (res: { json: { content: string }[] }) => res.json.map((c) => c.content);
    expect((await list()).json).toHaveLength(0);
    await db().update(commentsTable).set({ status: 'approved' }).where(eq(commentsTable.id, first.id));
    await within(list, (res) => res.json[0]?.status === 'approved');
    await db()
      .insert(commentsTable)
      .values({ festivalId: id, userId: ana.user.id, rating: 5, content: 'Segundo', status: 'approved' });
    const both = await within(list, (res) => res.json.length === 2);
    expect(contents(both)).toEqual(['Segundo', 'Primero']);
    expect(both.headers.get('x-total-count')).toBe('2');
    await db().delete(commentsTable).where(eq(commentsTable.id, first.id));
    await within(list, (res) => contents(res).join() === 'Segundo');
  });

  it('shows a change made through this process on the next read', async () => {
    const id = await createFestival();
    const pending = await addComment(id, bruno.user.id, 4, 'Por moderar');
    expect((await api('GET', `/api/comments/festival/${id}`)).json).toHaveLength(0);
    expect((await api('PUT', `/api/admin/comments/${pending.id}/approve`, { token: admin.token })).status).toBe(200);
    expect((await api('GET', `/api/comments/festival/${id}`)).json.map((c: { id: number }) => c.id)).toEqual([
      pending.id,
    ]);
    expect((await api('DELETE', `/api/comments/${pending.id}`, { token: bruno.token })).status).toBe(200);
    expect((await api('GET', `/api/comments/festival/${id}`)).json).toHaveLength(0);
  });

  it('pages with limit and offset and keeps the total in X-Total-Count', async () => {
    const id = await createFestival();
    for (let i = 1; i <= 5; i++) await addComment(id, bruno.user.id, 3, `Comentario ${i}`, 'approved');
    const page = await api('GET', `/api/comments/festival/${id}?limit=2&offset=1`);
    expect(page.json.map((c: { content: string }) => c.content)).toEqual(['Comentario 4', 'Comentario 3']);
    expect(page.headers.get('x-total-count')).toBe('5');
    const bad = await api('GET', `/api/comments/festival/${id}?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('limit debe ser un número entre 1 y 500.');
  });

  it('answers 404 for an unknown festival and for a pending one the caller cannot see', async () => {
    const missing = await api('GET', '/api/comments/festival/999999');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
    const pending = await createFestival({ status: 'pending', proposedBy: ana.user.id });
    expect((await api('GET', `/api/comments/festival/${pending}`)).status).toBe(404);
    expect((await api('GET', `/api/comments/festival/${pending}`, { token: bruno.token })).status).toBe(404);
    expect((await api('GET', `/api/comments/festival/${pending}`, { token: ana.token })).status).toBe(200);
    expect((await api('GET', `/api/comments/festival/${pending}`, { token: admin.token })).status).toBe(200);
  });
});

describe('comments about an edition (edition_year)', () => {
  it('stores the year when posted, lists one year with ?year= and rejects a year the festival has no edition in', async () => {
    // A user of its own: this test posts several comments, and the per-user limit is shared.
    const carla = await signIn(undefined, 'Carla');
    const id = await createFestival();
    await db()
      .insert(festivalEditionsTable)
      .values({ festivalId: id, year: 2019, startDate: '2019-07-12', endDate: '2019-07-14' });
    const posted = await api('POST', '/api/comments', {
      token: carla.token,
      body: { festival_id: id, content: 'El cierre de 2019', rating: 5, edition_year: 2019 },
    });
    expect(posted.status).toBe(201);
    expect(posted.json.edition_year).toBe(2019);
    const [row] = await db().select().from(commentsTable).where(eq(commentsTable.id, posted.json.id));
    expect(row.editionYear).toBe(2019);
    const plain = await api('POST', '/api/comments', {
      token: carla.token,
      body: { festival_id: id, content: 'Sin año', rating: 3 },
    });
    expect(plain.status).toBe(201);
    expect(
      (await db().select().from(commentsTable).where(eq(commentsTable.id, plain.json.id)))[0].editionYear,
    ).toBeNull();
    for (const commentId of [posted.json.id, plain.json.id]) {
      expect((await api('PUT', `/api/admin/comments/${commentId}/approve`, { token: admin.token })).status).toBe(200);
    }

    const of2019 = await api('GET', `/api/comments/festival/${id}?year=2019`);
    expect(of2019.status).toBe(200);
    expect(of2019.json.map((c: { content: string }) => c.content)).toEqual(['El cierre de 2019']);
    expect(of2019.json[0].edition_year).toBe(2019);
    expect(of2019.headers.get('x-total-count')).toBe('1');
    expect((await api('GET', `/api/comments/festival/${id}?year=2018`)).json).toEqual([]);
    // Every answer says which edition a comment is about (null: none), the admin queue's too.
    expect(
      (await api('GET', `/api/comments/festival/${id}`)).json.map(
        (c: { content: string; edition_year: number | null }) => [c.content, c.edition_year],
      ),
    ).toEqual([
      ['Sin año', null],
      ['El cierre de 2019', 2019],
    ]);

    const noEdition = await api('POST', '/api/comments', {
      token: carla.token,
      body: { festival_id: id, content: 'Otro año', rating: 4, edition_year: 2015 },
    });
    expect(noEdition.status).toBe(400);
    expect(noEdition.json.error).toBe('Este festival no tiene edición en 2015.');
    const badYear = await api('POST', '/api/comments', {
      token: carla.token,
      body: { festival_id: id, content: 'Año raro', rating: 4, edition_year: 'ayer' },
    });
    expect(badYear.status).toBe(400);
    expect(JSON.stringify(badYear.json)).toContain('El año de la edición debe estar entre 1950 y 2100.');
    expect((await api('GET', `/api/comments/festival/${id}?year=20x`)).status).toBe(400);
    expect(await commentsOf(id)).toHaveLength(2);
  });
});

describe('POST /api/comments', () => {
  it('stores a pending comment that counts in the festival rating once an admin approves it', async () => {
    const id = await createFestival();
    await addComment(id, bruno.user.id, 2, 'Muy bueno', 'approved');
    expect(await festivalAggregates(id)).toEqual({ averageRating: 2, ratingsCount: 1 });

    const res = await api('POST', '/api/comments', {
      token: ana.token,
      body: { festival_id: id, content: '  ¡Increíble!  ', rating: 5 },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      festival_id: id,
      content: '¡Increíble!',
      rating: 5,
      status: 'pending',
      User: { id: ana.user.id, name: 'Ana Autora' },
    });
    const [row] = await db().select().from(commentsTable).where(eq(commentsTable.id, res.json.id));
    expect(row).toMatchObject({ userId: ana.user.id, content: '¡Increíble!', rating: 5, status: 'pending' });
    expect(await festivalAggregates(id)).toEqual({ averageRating: 2, ratingsCount: 1 });
    expect((await api('GET', `/api/comments/festival/${id}`)).json.map((c: { id: number }) => c.id)).not.toContain(
      res.json.id,
    );

    expect((await api('PUT', `/api/admin/comments/${res.json.id}/approve`, { token: admin.token })).status).toBe(200);
    expect(await festivalAggregates(id)).toEqual({ averageRating: 3.5, ratingsCount: 2 });
    const list = await api('GET', `/api/comments/festival/${id}`);
    expect(list.json[0]).toMatchObject({ id: res.json.id, status: 'approved' });
    const catalogue = (await api('GET', '/api/festivals')).json.find((f: { id: number }) => f.id === id);
    expect(catalogue).toMatchObject({ averageRating: 3.5, ratingsCount: 2 });
  });

  it('accepts the rating as text (forms) and exactly 300 characters', async () => {
    const id = await createFestival();
    const res = await api('POST', '/api/comments', {
      token: ana.token,
      body: { festival_id: String(id), content: 'x'.repeat(300), rating: '4' },
    });
    expect(res.status).toBe(201);
    expect(res.json.rating).toBe(4);
  });

  it.each([
    [{ content: '' }, 'El comentario no puede estar vacío.'],
    [{ content: '    ' }, 'El comentario no puede estar vacío.'],
    [{ content: undefined }, 'El comentario no puede estar vacío.'],
    [{ content: 'x'.repeat(301) }, 'El comentario no puede superar los 300 caracteres.'],
    [{ rating: undefined }, 'Debes seleccionar una puntuación'],
    [{ rating: 0 }, 'Debes seleccionar una puntuación'],
    [{ rating: '' }, 'Debes seleccionar una puntuación'],
    [{ rating: 6 }, 'La puntuación debe ser un número entero entre 1 y 5.'],
    [{ rating: 2.5 }, 'La puntuación debe ser un número entero entre 1 y 5.'],
    [{ rating: 'cinco' }, 'La puntuación debe ser un número entero entre 1 y 5.'],
    [{ festival_id: undefined }, 'Selecciona un festival válido.'],
    [{ festival_id: 'abc' }, 'Selecciona un festival válido.'],
  ])('rejects %o with its Spanish message and stores nothing', async (overrides, message) => {
    const id = await createFestival();
    const res = await api('POST', '/api/comments', {
      token: ana.token,
      body: { festival_id: id, content: 'Bien', rating: 4, ...overrides },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(await commentsOf(id)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const id = await createFestival();
    const res = await api('POST', '/api/comments', { body: { festival_id: id, content: 'Anónimo', rating: 3 } });
    expect(res.status).toBe(401);
    expect(await commentsOf(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown festival and for a pending one, even the proposer’s', async () => {
    const missing = await api('POST', '/api/comments', {
      token: ana.token,
      body: { festival_id: 999999, content: 'Hola', rating: 3 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
    const pending = await createFestival({ status: 'pending', proposedBy: ana.user.id });
    expect(
      (
        await api('POST', '/api/comments', {
          token: ana.token,
          body: { festival_id: pending, content: 'Hola', rating: 3 },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 429 in Spanish past the per-user limit; other users are not affected', async () => {
    rateLimits.comment.limit = 2;
    const id = await createFestival();
    const user = await signIn();
    for (const n of [1, 2]) {
      expect(
        (
          await api('POST', '/api/comments', {
            token: user.token,
            body: { festival_id: id, content: `Vale ${n}`, rating: 3 },
          })
        ).status,
      ).toBe(201);
    }
    const blocked = await api('POST', '/api/comments', {
      token: user.token,
      body: { festival_id: id, content: 'Otra', rating: 3 },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe(
      'Has publicado demasiados comentarios en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
    );
    expect(await commentsOf(id)).toHaveLength(2);
    expect(
      (
        await api('POST', '/api/comments', {
          token: bruno.token,
          body: { festival_id: id, content: 'Yo sí', rating: 3 },
        })
      ).status,
    ).toBe(201);
  });
});

describe('DELETE /api/comments/:id', () => {
  it('lets the author delete and updates the aggregates', async () => {
    const id = await createFestival();
    await addComment(id, bruno.user.id, 1, 'Muy bueno', 'approved');
    const mine = await addComment(id, ana.user.id, 5, 'Muy bueno', 'approved');
    expect(await festivalAggregates(id)).toEqual({ averageRating: 3, ratingsCount: 2 });
    const res = await api('DELETE', `/api/comments/${mine.id}`, { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Comentario borrado', id: mine.id });
    expect(await commentsOf(id)).toHaveLength(1);
    expect(await festivalAggregates(id)).toEqual({ averageRating: 1, ratingsCount: 1 });
  });

  it('answers 403 to another user and keeps the comment', async () => {
    const id = await createFestival();
    const anas = await addComment(id, ana.user.id, 4);
    const res = await api('DELETE', `/api/comments/${anas.id}`, { token: bruno.token });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('Solo puedes borrar tus propios comentarios.');
    expect(await commentsOf(id)).toHaveLength(1);
  });

  it('lets an admin delete anyone’s comment and records it in the audit log', async () => {
    const id = await createFestival();
    const anas = await addComment(id, ana.user.id, 4, 'Moderado');
    const res = await api('DELETE', `/api/comments/${anas.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await commentsOf(id)).toHaveLength(0);
    const [entry] = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity, 'comment'), eq(auditLogTable.entityId, anas.id)));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      action: 'delete',
      details: expect.objectContaining({ content: 'Moderado', user_id: ana.user.id }),
    });
  });

  it('answers 404 for an unknown comment, 400 for a malformed id and 401 without a token', async () => {
    const missing = await api('DELETE', '/api/comments/999999', { token: ana.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Comentario no encontrado.');
    expect((await api('DELETE', '/api/comments/abc', { token: ana.token })).status).toBe(400);
    expect((await api('DELETE', '/api/comments/1')).status).toBe(401);
  });
});

describe('POST /api/comments/with-media', () => {
  it('stores the comment and its images as pending media of the festival, kept out of the gallery', async () => {
    const id = await createFestival();
    const body = form({ festival_id: String(id), content: 'Con fotos', rating: '5' }, [
      { bytes: imageBytes('png', 4096), type: 'image/png', name: 'escenario.png' },
      { bytes: imageBytes('jpeg', 2048), type: 'image/jpeg', name: 'publico.jpg' },
    ]);
    const res = await api('POST', '/api/comments/with-media', { token: ana.token, body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      content: 'Con fotos',
      rating: 5,
      status: 'pending',
      media: [{ status: 'pending' }, { status: 'pending' }],
    });
    const media = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, id));
    expect(media).toHaveLength(2);
    for (const item of media) {
      expect(item).toMatchObject({
        userId: ana.user.id,
        commentId: res.json.id,
        status: 'pending',
        comment: 'Con fotos',
        type: 'image',
      });
      expect(item.url).toBe(`/uploads/${item.storageKey}`);
      expect(item.storageKey).toMatch(new RegExp(`^users/${ana.user.id}/gallery/[0-9a-f-]{36}\\.(png|jpg)$`));
      expect(existsSync(path.join(dataDir, 'uploads', item.storageKey!))).toBe(true);
    }
    const uploads = await db().select().from(uploadsTable).where(eq(uploadsTable.festivalId, id));
    expect(uploads.map((u) => u.status)).toEqual(['confirmed', 'confirmed']);
    expect(await festivalAggregates(id)).toEqual({ averageRating: 0, ratingsCount: 0 });
    expect((await api('GET', `/api/media/festival/${id}`)).json).toEqual([]);
  });

  it('works without images', async () => {
    const id = await createFestival();
    const res = await api('POST', '/api/comments/with-media', {
      token: ana.token,
      body: form({ festival_id: String(id), content: 'Solo texto', rating: '3' }),
    });
    expect(res.status).toBe(201);
    expect(res.json.media).toEqual([]);
  });

  it.each([
    [
      'a non-image',
      [{ bytes: imageBytes('text', 4096), type: 'image/png', name: 'falso.png' }],
      400,
      'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP',
    ],
    [
      'an image under 1 KB',
      [{ bytes: imageBytes('png', 500), type: 'image/png', name: 'mini.png' }],
      400,
      'El archivo es demasiado pequeño. Mínimo 1KB',
    ],
    [
      'an image over 5 MB',
      [{ bytes: imageBytes('png', 5 * 1024 * 1024 + 1), type: 'image/png', name: 'enorme.png' }],
      413,
      'El archivo es demasiado grande (5.00 MB). Máximo permitido: 5MB',
    ],
    [
      'six images',
      Array.from({ length: 6 }, () => ({ bytes: imageBytes('gif', 2048), type: 'image/gif', name: 'a.gif' })),
      400,
      'Máximo 5 imágenes permitidas',
    ],
  ])('refuses %s and stores neither the comment nor any file', async (_label, files, status, message) => {
    const id = await createFestival();
    const res = await api('POST', '/api/comments/with-media', {
      token: ana.token,
      body: form({ festival_id: String(id), content: 'Rechazado', rating: '4' }, files),
    });
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(message);
    expect(await commentsOf(id)).toHaveLength(0);
    expect(await db().select().from(mediaTable).where(eq(mediaTable.festivalId, id))).toHaveLength(0);
  });

  it('validates the text fields like the JSON route and needs a signed-in user', async () => {
    const id = await createFestival();
    const empty = await api('POST', '/api/comments/with-media', {
      token: ana.token,
      body: form({ festival_id: String(id), content: ' ', rating: '4' }),
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe('El comentario no puede estar vacío.');
    const noRating = await api('POST', '/api/comments/with-media', {
      token: ana.token,
      body: form({ festival_id: String(id), content: 'Hola' }),
    });
    expect(noRating.json.error).toBe('Debes seleccionar una puntuación');
    const anonymous = await api('POST', '/api/comments/with-media', {
      body: form({ festival_id: String(id), content: 'Hola', rating: '4' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await commentsOf(id)).toHaveLength(0);
  });
});
