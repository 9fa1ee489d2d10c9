/**
 * Every route of follows, saved alerts, preferences, push devices, calendar feeds and the account:
 * another signed-in user never reads or changes the caller's data, bad input gets a Spanish 400
 * (never a 500), and the per-user limits hold. What the database holds is checked, not only the answer.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_FOLLOWS, MAX_SAVED_ALERTS } from '#core/alert-schemas';
import {
  artistFollowsTable,
  artistsTable,
  feedTokensTable,
  pushSubscriptionsTable,
  savedAlertsTable,
  userPreferencesTable,
} from '#db/schema';
import { unsubscribeToken } from '../../functions/lib/alert-unsubscribe';
import { MAX_PUSH_DEVICES } from '../../functions/lib/domain/alerts/push-subscriptions';
import { api, db, signIn } from '../support/api';

const alert = { name: 'Techno', filters: { genre: 'Techno' }, channels: { inApp: true, email: true, push: false } };
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const device = (n: number | string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${n}-${Date.now()}`, keys });

async function newArtists(count: number, tag = Date.now()) {
  return db()
    .insert(artistsTable)
    .values(Array.from({ length: count }, (_, i) => ({ name: `Límite ${tag} ${i}`, slug: `limite-${tag}-${i}` })))
    .returning({ id: artistsTable.id });
}

describe('every route needs a session', () => {
  it.each([
    ['GET', '/api/follows'],
    ['POST', '/api/follows/artists/1'],
    ['DELETE', '/api/follows/artists/1'],
    ['GET', '/api/alerts'],
    ['POST', '/api/alerts'],
    ['PUT', '/api/alerts/1'],
    ['DELETE', '/api/alerts/1'],
    ['GET', '/api/users/preferences'],
    ['PUT', '/api/users/preferences'],
    ['POST', '/api/users/feed-token'],
    ['POST', '/api/push/subscriptions'],
    ['DELETE', '/api/push/subscriptions'],
    ['GET', '/api/users/me/export'],
    ['DELETE', '/api/users/me'],
  ])('%s %s answers 401 in Spanish', async (method, path) => {
    const res = await api(method, path, { body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('Inicia sesión para continuar.');
  });
});

describe('follows', () => {
  it(`stop at ${MAX_FOLLOWS} artists per user; an artist already followed still answers 200; another user is not limited by it`, async () => {
    const fan = await signIn();
    const other = await signIn();
    const artists = await newArtists(MAX_FOLLOWS + 1);
    await db()
      .insert(artistFollowsTable)
      .values(artists.slice(0, MAX_FOLLOWS).map((a) => ({ userId: fan.user.id, artistId: a.id })));
    const over = await api('POST', `/api/follows/artists/${artists[MAX_FOLLOWS].id}`, { token: fan.token });
    expect(over.status).toBe(409);
    expect(over.json.error).toBe(`Ya sigues a ${MAX_FOLLOWS} artistas: deja de seguir alguno para seguir a otro.`);
    expect(await db().select().from(artistFollowsTable).where(eq(artistFollowsTable.userId, fan.user.id))).toHaveLength(
      MAX_FOLLOWS,
    );
    expect((await api('POST', `/api/follows/artists/${artists[0].id}`, { token: fan.token })).status).toBe(200);
    expect((await api('POST', `/api/follows/artists/${artists[MAX_FOLLOWS].id}`, { token: other.token })).status).toBe(
      201,
    );
    // One unfollowed makes room again.
    await api('DELETE', `/api/follows/artists/${artists[0].id}`, { token: fan.token });
    expect((await api('POST', `/api/follows/artists/${artists[MAX_FOLLOWS].id}`, { token: fan.token })).status).toBe(
      201,
    );
  });

  it('hold the limit when one user sends several follows at once', async () => {
    const fan = await signIn();
    const artists = await newArtists(MAX_FOLLOWS + 4);
    await db()
      .insert(artistFollowsTable)
      .values(artists.slice(0, MAX_FOLLOWS - 1).map((a) => ({ userId: fan.user.id, artistId: a.id })));
    const answers = await Promise.all(
      artists.slice(MAX_FOLLOWS - 1).map((a) => api('POST', `/api/follows/artists/${a.id}`, { token: fan.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await db().select().from(artistFollowsTable).where(eq(artistFollowsTable.userId, fan.user.id))).toHaveLength(
      MAX_FOLLOWS,
    );
  });

  it('refuse ids that are not ids with 400 in Spanish', async () => {
    const user = await signIn();
    for (const id of ['0', '-3', '1.5', '99999999999999999999', 'abc']) {
      for (const method of ['POST', 'DELETE']) {
        const res = await api(method, `/api/follows/artists/${id}`, { token: user.token });
        expect(res.status, `${method} ${id}`).toBe(400);
        expect(res.json.error).toMatch(/Identificador no válido/);
      }
    }
  });
});

describe('saved alerts', () => {
  it("another user's alert is neither listed, changed nor deleted; an unknown one is 404 and a bad id 400", async () => {
    const ana = await signIn();
    const bea = await signIn();
    const { id } = (await api('POST', '/api/alerts', { token: ana.token, body: alert })).json;
    expect((await api('GET', '/api/alerts', { token: bea.token })).json).toEqual([]);
    const put = await api('PUT', `/api/alerts/${id}`, {
      token: bea.token,
      body: { ...alert, channels: { inApp: false, email: false, push: false } },
    });
    // The same 404 as an alert that does not exist: ids tell nobody what exists.
    expect(put.status).toBe(404);
    expect(put.json).toMatchObject({ error: 'Alerta no encontrada.', code: 'alert_not_found' });
    expect((await api('DELETE', `/api/alerts/${id}`, { token: bea.token })).status).toBe(404);
    const [row] = await db().select().from(savedAlertsTable).where(eq(savedAlertsTable.id, id));
    expect(row).toMatchObject({ userId: ana.user.id, channels: alert.channels });

    const unknown = await api('PUT', '/api/alerts/99999999', { token: ana.token, body: alert });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('Alerta no encontrada.');
    for (const bad of ['abc', '0', '-1']) {
      expect((await api('PUT', `/api/alerts/${bad}`, { token: ana.token, body: alert })).status).toBe(400);
      expect((await api('DELETE', `/api/alerts/${bad}`, { token: ana.token })).status).toBe(400);
    }
  });

  it('refuse bad bodies on change too, and keep the alert as it was', async () => {
    const user = await signIn();
    const { id } = (await api('POST', '/api/alerts', { token: user.token, body: alert })).json;
    for (const bad of [
      {},
      { ...alert, name: 'x'.repeat(101) },
      { ...alert, filters: { radius: 5000 } },
      { ...alert, filters: { minRating: 'mucho' } },
      { ...alert, channels: { inApp: true } },
      [],
    ]) {
      const res = await api('PUT', `/api/alerts/${id}`, { token: user.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error).toMatch(/[áéíóúñ]|debe|obligatorio|Falta|no puede|Los canales/);
    }
    expect((await db().select().from(savedAlertsTable).where(eq(savedAlertsTable.id, id)))[0]).toMatchObject({
      name: 'Techno',
      filters: { genre: 'Techno' },
    });
  });

  it(`count per user: one user's ${MAX_SAVED_ALERTS} do not stop another`, async () => {
    const full = await signIn();
    const other = await signIn();
    await db()
      .insert(savedAlertsTable)
      .values(
        Array.from({ length: MAX_SAVED_ALERTS }, () => ({
          userId: full.user.id,
          name: alert.name,
          filters: alert.filters,
          channels: alert.channels,
        })),
      );
    expect((await api('POST', '/api/alerts', { token: full.token, body: alert })).status).toBe(409);
    expect((await api('POST', '/api/alerts', { token: other.token, body: alert })).status).toBe(201);
  });

  it('hold the limit when one user creates several at once', async () => {
    const user = await signIn();
    await db()
      .insert(savedAlertsTable)
      .values(
        Array.from({ length: MAX_SAVED_ALERTS - 1 }, () => ({
          userId: user.user.id,
          name: alert.name,
          filters: alert.filters,
          channels: alert.channels,
        })),
      );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/api/alerts', { token: user.token, body: alert })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await db().select().from(savedAlertsTable).where(eq(savedAlertsTable.userId, user.user.id))).toHaveLength(
      MAX_SAVED_ALERTS,
    );
  });
});

describe('preferences', () => {
  it("are the caller's own: one user's change leaves another's defaults", async () => {
    const ana = await signIn();
    const bea = await signIn();
    const saved = await api('PUT', '/api/users/preferences', {
      token: ana.token,
      body: { digest: 'weekly', channels: { artists: { inApp: true, email: false, push: false } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.digest).toBe('weekly');
    const beas = await api('GET', '/api/users/preferences', { token: bea.token });
    expect(beas.json.digest).toBe('immediate');
    expect(beas.json.channels.artists).toEqual({ inApp: true, email: true, push: true });
    expect(await db().select().from(userPreferencesTable).where(eq(userPreferencesTable.userId, bea.user.id))).toEqual(
      [],
    );
    // What a later change leaves out is kept.
    await api('PUT', '/api/users/preferences', {
      token: ana.token,
      body: { channels: { reminders: { inApp: true, email: true, push: false } } },
    });
    const anas = (await api('GET', '/api/users/preferences', { token: ana.token })).json;
    expect(anas.digest).toBe('weekly');
    expect(anas.channels.artists.email).toBe(false);
    expect(anas.channels.reminders.push).toBe(false);
  });

  it('refuse bad bodies with 400 in Spanish and change nothing', async () => {
    const user = await signIn();
    const cases: Array<[unknown, RegExp]> = [
      [{ digest: 'hourly' }, /El modo de resumen debe ser immediate, daily o weekly/],
      [{ channels: { weather: { inApp: true, email: true, push: true } } }, /Tipo de aviso desconocido/],
      [{ channels: { artists: { inApp: 'sí', email: true, push: true } } }, /inApp debe ser true o false/],
      [{ channels: { artists: true } }, /Los canales deben ser un objeto/],
      [{ userId: 1 }, /.+/],
      [[], /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', '/api/users/preferences', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    expect(await db().select().from(userPreferencesTable).where(eq(userPreferencesTable.userId, user.user.id))).toEqual(
      [],
    );
  });

  it("one-click unsubscribe: a token names one user; another user's id under it, or a token without a user, is refused", async () => {
    const ana = await signIn();
    const bea = await signIn();
    const [, scope, signature] = unsubscribeToken(ana.user.id, 'artists').split('.');
    const forged = await api('POST', `/api/users/email-unsubscribe?token=${bea.user.id}.${scope}.${signature}`);
    expect(forged.status).toBe(404);
    expect(forged.json.error).toBe('El enlace de baja no es válido.');
    const missing = await api('POST', '/api/users/email-unsubscribe');
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Falta el token del enlace.');
    expect(
      (await api('POST', `/api/users/email-unsubscribe?token=${unsubscribeToken(ana.user.id, 'artists')}`)).status,
    ).toBe(200);
    expect((await api('GET', '/api/users/preferences', { token: ana.token })).json.channels.artists.email).toBe(false);
    expect((await api('GET', '/api/users/preferences', { token: bea.token })).json.channels.artists.email).toBe(true);
    // The account is gone: its links stop too.
    const gone = await signIn();
    const token = unsubscribeToken(gone.user.id, 'all');
    await api('DELETE', '/api/users/me', { token: gone.token, body: { confirmation: 'ELIMINAR' } });
    expect((await api('POST', `/api/users/email-unsubscribe?token=${token}`)).status).toBe(404);
  });
});

describe('push devices', () => {
  it('refuse bad bodies in Spanish; an endpoint stays with the account that subscribed it', async () => {
    const ana = await signIn();
    const bea = await signIn();
    for (const [body, message] of [
      [{ endpoint: 'https://push.example.com/x'.padEnd(1100, 'x'), keys }, 'El endpoint es demasiado largo.'],
      [{ endpoint: 'http://push.example.com/x', keys }, 'El endpoint debe ser una URL https.'],
      [{ endpoint: 'https://push.example.com/x' }, 'Faltan las claves de la suscripción.'],
      [{ endpoint: 'https://push.example.com/x', keys: { ...keys, auth: '!' } }, 'La clave auth no es válida.'],
    ] as const) {
      const res = await api('POST', '/api/push/subscriptions', { token: ana.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    const missing = await api('DELETE', '/api/push/subscriptions', { token: ana.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch('Falta el endpoint de la suscripción.');

    // Another account sending the same endpoint neither takes it over nor learns more than a 404 tells.
    const shared = device('compartido');
    await api('POST', '/api/push/subscriptions', { token: ana.token, body: shared });
    expect((await api('POST', '/api/push/subscriptions', { token: bea.token, body: shared })).status).toBe(404);
    const rows = await db()
      .select()
      .from(pushSubscriptionsTable)
      .where(eq(pushSubscriptionsTable.endpoint, shared.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([ana.user.id]);
    expect(
      (await api('DELETE', '/api/push/subscriptions', { token: bea.token, body: { endpoint: shared.endpoint } }))
        .status,
    ).toBe(404);
    expect(
      (await api('DELETE', '/api/push/subscriptions', { token: ana.token, body: { endpoint: shared.endpoint } }))
        .status,
    ).toBe(200);
  });

  it(`keep at most ${MAX_PUSH_DEVICES} devices per account, dropping the oldest`, async () => {
    const user = await signIn();
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 2 }, (_, i) => device(`limite-${i}`));
    for (const d of devices)
      expect((await api('POST', '/api/push/subscriptions', { token: user.token, body: d })).status).toBe(201);
    const rows = await db()
      .select()
      .from(pushSubscriptionsTable)
      .where(eq(pushSubscriptionsTable.userId, user.user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });
});

describe('calendar feed tokens', () => {
  it("rotating one user's feed leaves another's working; a token is not a session", async () => {
    const ana = await signIn();
    const bea = await signIn();
    const anas = (await api('POST', '/api/users/feed-token', { token: ana.token })).json;
    const beas = (await api('POST', '/api/users/feed-token', { token: bea.token })).json;
    expect(anas.token).not.toBe(beas.token);
    await api('POST', '/api/users/feed-token', { token: bea.token });
    expect((await api('GET', new URL(anas.url).pathname)).status).toBe(200);
    expect((await api('GET', new URL(beas.url).pathname)).status).toBe(404);
    expect(await db().select().from(feedTokensTable).where(eq(feedTokensTable.userId, ana.user.id))).toEqual([
      expect.objectContaining({ token: anas.token }),
    ]);
    // The feed's token opens the feed and nothing else.
    expect((await api('GET', '/api/users/preferences', { token: anas.token })).status).toBe(401);
    for (const file of [
      `${anas.token}`,
      `${anas.token}.ics.ics`,
      `${anas.token.toUpperCase()}x.ics`,
      '..%2F..%2Fetc.ics',
    ]) {
      expect((await api('GET', `/api/feeds/favorites/${file}`)).status, file).toBe(404);
    }
  });
});

describe('the account', () => {
  it('an export holds only the caller; a deletion refuses a wrong confirmation in Spanish and deletes nobody else', async () => {
    const ana = await signIn();
    const bea = await signIn();
    const [artist] = await newArtists(1);
    await api('POST', `/api/follows/artists/${artist.id}`, { token: bea.token });
    await api('POST', '/api/alerts', { token: bea.token, body: alert });
    const exported = (await api('GET', '/api/users/me/export', { token: ana.token })).json;
    expect(exported.profile.email).toBe(ana.user.email);
    expect(JSON.stringify(exported)).not.toContain(bea.user.email);
    expect(exported.follows ?? exported.followed_artists ?? []).toEqual([]);
    expect(exported.alerts ?? exported.saved_alerts ?? []).toEqual([]);

    for (const body of [{}, { confirmation: 'eliminar' }, { confirmation: 'SI' }]) {
      const res = await api('DELETE', '/api/users/me', { token: ana.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Escribe ELIMINAR para confirmar que quieres eliminar tu cuenta.');
    }
    expect((await api('GET', '/api/users/preferences', { token: ana.token })).status).toBe(200);
    expect(
      (await api('DELETE', '/api/users/me', { token: ana.token, body: { confirmation: 'ELIMINAR' } })).status,
    ).toBe(200);
    expect(
      (await api('GET', '/api/follows', { token: bea.token })).json.artists.map((a: { id: number }) => a.id),
    ).toEqual([artist.id]);
    expect((await api('GET', '/api/alerts', { token: bea.token })).json).toHaveLength(1);
  });
});
