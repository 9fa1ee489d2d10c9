import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentsTable } from '#db/schema';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { addComment, addContactMessage, createFestival } from '../support/fixtures';

let user: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  user = await signIn('ana@festivales.test', 'Ana Comentarista');
  other = await signIn('zoe@festivales.test', 'Zoe');
  admin = await signInAdmin();
});

describe('GET /api/admin/comments/pending', () => {
  it('lists pending comments newest first with their author and festival', async () => {
    const festival = await createFestival({ name: 'Comentado' });
    const first = await addComment(festival, user.user.id, 4, 'Primero');
    const second = await addComment(festival, other.user.id, 2, 'Segundo');
    await db()
      .update(commentsTable)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(commentsTable.id, first.id));
    const approved = await addComment(festival, other.user.id, 5, 'Ya revisado');
    await db().update(commentsTable).set({ status: 'approved' }).where(eq(commentsTable.id, approved.id));

    const res = await api('GET', '/api/admin/comments/pending', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.json.map((c: { id: number }) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(approved.id);
    expect(res.json.find((c: { id: number }) => c.id === first.id)).toEqual({
      id: first.id,
      festival_id: festival,
      content: 'Primero',
      rating: 4,
      status: 'pending',
      edition_year: null,
      created_at: '2020-01-01T00:00:00.000Z',
      User: { id: user.user.id, name: 'Ana Comentarista', avatar_url: null },
      Festival: { id: festival, name: 'Comentado' },
    });
    // The same comment as its author sees it in the festival's list (the only public reader of a pending one), plus the festival.
    const listed = await api('GET', `/api/comments/festival/${festival}`, { token: other.token });
    expect(res.json.find((c: { id: number }) => c.id === second.id)).toEqual({
      ...listed.json.find((c: { id: number }) => c.id === second.id),
      Festival: { id: festival, name: 'Comentado' },
    });
  });
});

describe('PUT /api/admin/comments/:id/approve', () => {
  it('marks the comment reviewed by the admin and leaves the queue', async () => {
    const festival = await createFestival();
    const comment = await addComment(festival, user.user.id, 3);
    const res = await api('PUT', `/api/admin/comments/${comment.id}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: comment.id, status: 'approved' });
    const [row] = await db().select().from(commentsTable).where(eq(commentsTable.id, comment.id));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.user.id });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    const queue = await api('GET', '/api/admin/comments/pending', { token: admin.token });
    expect(queue.json.map((c: { id: number }) => c.id)).not.toContain(comment.id);
    const audit = await api('GET', `/api/admin/audit?entity=comment&entity_id=${comment.id}`, { token: admin.token });
    expect(audit.json).toEqual([
      expect.objectContaining({ action: 'approve', actor: { id: admin.user.id, name: 'Admin de Prueba' } }),
    ]);

    const again = await api('PUT', `/api/admin/comments/${comment.id}/approve`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('Este comentario ya fue aprobado.');
    expect((await api('PUT', '/api/admin/comments/999999/approve', { token: admin.token })).status).toBe(404);
  });
});

describe('PUT /api/admin/comments/:id/reject', () => {
  it('deletes the comment, which never counted in the rating nor showed in the public list', async () => {
    const festival = await createFestival({ name: 'Valorado' });
    await addComment(festival, user.user.id, 5, 'Muy bueno', 'approved');
    const bad = await addComment(festival, other.user.id, 1, 'Spam spam');
    const before = await api('GET', `/api/festivals/${festival}`);
    expect(before.json).toMatchObject({ averageRating: 5, ratingsCount: 1 });
    expect(
      (await api('GET', `/api/comments/festival/${festival}`)).json.map((c: { id: number }) => c.id),
    ).not.toContain(bad.id);

    const res = await api('PUT', `/api/admin/comments/${bad.id}/reject`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Comentario rechazado y eliminado', id: bad.id });
    expect(await db().select().from(commentsTable).where(eq(commentsTable.id, bad.id))).toHaveLength(0);
    const after = await api('GET', `/api/festivals/${festival}`);
    expect(after.json).toMatchObject({ averageRating: 5, ratingsCount: 1 });
    const listed = (await api('GET', '/api/festivals')).json.find((f: { id: number }) => f.id === festival);
    expect(listed).toMatchObject({ averageRating: 5, ratingsCount: 1 });

    const audit = await api('GET', `/api/admin/audit?entity=comment&entity_id=${bad.id}`, { token: admin.token });
    expect(audit.json[0]).toMatchObject({
      action: 'reject',
      details: expect.objectContaining({ content: 'Spam spam', rating: 1, user_id: other.user.id }),
    });
    const again = await api('PUT', `/api/admin/comments/${bad.id}/reject`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('Comentario no encontrado');
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with id, name, email and role, and searches by name or email', async () => {
    const res = await api('GET', '/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toContainEqual({
      id: user.user.id,
      name: 'Ana Comentarista',
      email: 'ana@festivales.test',
      role: 'user',
      avatar_url: null,
    });
    expect(res.json).toContainEqual(expect.objectContaining({ id: admin.user.id, role: 'admin' }));
    const names = res.json.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const search = await api('GET', '/api/admin/users?search=ZOE', { token: admin.token });
    expect(search.json.map((u: { id: number }) => u.id)).toEqual([other.user.id]);
    const wildcard = await api('GET', '/api/admin/users?search=%25', { token: admin.token });
    expect(wildcard.json).toEqual([]);
  });
});

describe('contact messages', () => {
  it('lists messages newest first and marks one as read', async () => {
    const old = await addContactMessage({ subject: 'Antiguo', createdAt: new Date('2020-01-01T00:00:00Z') });
    const recent = await addContactMessage({ subject: 'Reciente', category: null });
    const res = await api('GET', '/api/admin/contact-messages', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.json.map((m: { id: number }) => m.id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(old.id));
    expect(res.json.find((m: { id: number }) => m.id === old.id)).toMatchObject({
      subject: 'Antiguo',
      email: 'lucia@example.com',
      category: 'general',
      read: false,
      read_at: null,
      created_at: '2020-01-01T00:00:00.000Z',
    });

    const read = await api('PATCH', `/api/admin/contact-messages/${old.id}/read`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: old.id, read: true });
    const again = await api('PATCH', `/api/admin/contact-messages/${old.id}/read`, { token: admin.token });
    expect(again.json.read_at).toBe(read.json.read_at);
    expect((await api('PATCH', '/api/admin/contact-messages/999999/read', { token: admin.token })).status).toBe(404);
    expect((await api('PATCH', '/api/admin/contact-messages/0/read', { token: admin.token })).status).toBe(400);
  });
});

describe('GET /api/admin/audit', () => {
  it('returns the newest entries first, limited, and validates its filters', async () => {
    const festival = await createFestival();
    const a = await addComment(festival, user.user.id, 3);
    const b = await addComment(festival, user.user.id, 4);
    await api('PUT', `/api/admin/comments/${a.id}/approve`, { token: admin.token });
    await api('PUT', `/api/admin/comments/${b.id}/reject`, { token: admin.token });
    const res = await api('GET', '/api/admin/audit?limit=2', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json[0]).toMatchObject({ action: 'reject', entity: 'comment', entity_id: b.id });
    expect(res.json[1]).toMatchObject({ action: 'approve', entity: 'comment', entity_id: a.id });
    const bad = await api('GET', '/api/admin/audit?entity=planet', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Entidad no válida.');
    expect((await api('GET', '/api/admin/audit?limit=501', { token: admin.token })).json.error).toBe(
      'limit debe ser un número entre 1 y 500.',
    );
  });
});
