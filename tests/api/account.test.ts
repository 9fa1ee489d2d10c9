import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  artistsTable,
  commentsTable,
  favoritesTable,
  notificationsTable,
  savedAlertsTable,
  usersTable,
} from '#db/schema';
import { api, db, signIn } from '../support/api';
import { addComment, createFestival } from '../support/fixtures';

async function userWithData() {
  const user = await signIn();
  const festivalId = await createFestival();
  await api('POST', `/api/favorites/${festivalId}`, { token: user.token });
  const [artist] = await db()
    .insert(artistsTable)
    .values({ name: `Cuenta ${Date.now()}`, slug: `cuenta-${Date.now()}` })
    .returning();
  await api('POST', `/api/follows/artists/${artist.id}`, { token: user.token });
  await api('POST', '/api/alerts', { token: user.token, body: { name: 'Techno', filters: { genre: 'Techno' } } });
  await api('PUT', '/api/users/preferences', { token: user.token, body: { digest: 'weekly' } });
  const comment = await addComment(festivalId, user.user.id, 5, 'Un festival increíble', 'approved');
  await db()
    .insert(notificationsTable)
    .values({ userId: user.user.id, type: 'festival', message: 'Tu festival ha sido aprobado.' });
  return { user, festivalId, artist, comment };
}

describe('GET /api/users/me/export', () => {
  it('downloads everything held about the caller, and only the caller', async () => {
    const { user, festivalId, artist } = await userWithData();
    const other = await signIn();
    const res = await api('GET', '/api/users/me/export', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="festivales-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.json.profile).toMatchObject({ id: user.user.id, email: user.user.email, name: user.user.name });
    expect(res.json.favorites.map((f: { festival_id: number }) => f.festival_id)).toEqual([festivalId]);
    expect(res.json.follows.map((f: { artist_id: number }) => f.artist_id)).toEqual([artist.id]);
    expect(res.json.alerts).toHaveLength(1);
    expect(res.json.preferences.digest).toBe('weekly');
    expect(res.json.comments[0].content).toBe('Un festival increíble');
    expect(res.json.notifications[0].message).toBe('Tu festival ha sido aprobado.');
    for (const key of ['votes', 'reports', 'proposals', 'uploads', 'contact_messages', 'push_devices', 'newsletter'])
      expect(res.json[key]).toEqual([]);

    const theirs = await api('GET', '/api/users/me/export', { token: other.token });
    expect(theirs.json.profile.id).toBe(other.user.id);
    expect(theirs.json.favorites).toEqual([]);
    expect((await api('GET', '/api/users/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('needs the typed confirmation, in Spanish', async () => {
    const user = await signIn();
    for (const body of [undefined, {}, { confirmation: 'eliminar' }]) {
      const res = await api('DELETE', '/api/users/me', { token: user.token, body });
      expect(res.status).toBe(400);
      if (body) expect(res.json.error).toMatch(/Escribe ELIMINAR para confirmar que quieres eliminar tu cuenta\./);
    }
    expect((await api('DELETE', '/api/users/me', { body: { confirmation: 'ELIMINAR' } })).status).toBe(401);
    expect((await api('GET', '/api/users/profile', { token: user.token })).status).toBe(200);
  });

  it("erases the caller's personal data, anonymises their comments and ends their sessions; nobody else's", async () => {
    const { user, festivalId, comment } = await userWithData();
    const bystander = await userWithData();
    const res = await api('DELETE', '/api/users/me', { token: user.token, body: { confirmation: 'ELIMINAR' } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Tu cuenta se ha eliminado. Tus comentarios quedan como "Usuario eliminado".');

    expect((await api('GET', '/api/users/profile', { token: user.token })).status).toBe(401);
    const [row] = await db().select().from(usersTable).where(eq(usersTable.id, user.user.id));
    expect(row).toMatchObject({
      name: 'Usuario eliminado',
      googleSub: null,
      avatarUrl: null,
      email: `eliminado-${user.user.id}@festivales.invalid`,
    });
    expect(await db().select().from(favoritesTable).where(eq(favoritesTable.userId, user.user.id))).toEqual([]);
    expect(await db().select().from(savedAlertsTable).where(eq(savedAlertsTable.userId, user.user.id))).toEqual([]);
    expect(await db().select().from(notificationsTable).where(eq(notificationsTable.userId, user.user.id))).toEqual([]);
    const [kept] = await db().select().from(commentsTable).where(eq(commentsTable.id, comment.id));
    expect(kept.content).toBe('Un festival increíble');
    const publicComments = await api('GET', `/api/festivals/${festivalId}/comments`);
    if (publicComments.status === 200) {
      const shown = (
        Array.isArray(publicComments.json)
          ? publicComments.json
          : (publicComments.json.comments ?? publicComments.json.items)
      ) as Array<Record<string, unknown>>;
      const mine = shown.find((c) => c.id === comment.id);
      if (mine) expect(JSON.stringify(mine)).not.toContain(user.user.email);
    }
    // The same Google account signing in again gets a new, empty account.
    const again = await signIn(user.user.email);
    expect(again.user.id).not.toBe(user.user.id);
    expect((await api('GET', '/api/follows', { token: again.token })).json.artists).toEqual([]);

    expect(
      await db().select().from(favoritesTable).where(eq(favoritesTable.userId, bystander.user.user.id)),
    ).toHaveLength(1);
    expect((await api('GET', '/api/users/profile', { token: bystander.user.token })).status).toBe(200);
  });
});
