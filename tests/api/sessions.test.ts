import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revokedSessionsTable, usersTable } from '#db/schema';
import { SESSION_MAX_AGE_SECONDS, signSession } from '../../functions/lib/auth';
import { api, db, signIn, type SignedIn } from '../support/api';

const HOUR = 3600 * 1000;
const profile = (token: string) => api('GET', '/api/users/profile', { token });
const signInAgain = (who: SignedIn) => signIn(who.user.email, who.user.name);

/** Signs in as if it were `hoursAgo` hours ago: the token's iat lies in the past. */
async function signInEarlier(hoursAgo: number, who?: SignedIn): Promise<SignedIn> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - hoursAgo * HOUR);
  try {
    return who ? await signInAgain(who) : await signIn();
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('last one day at most', async () => {
    const { token } = await signIn();
    const { iat, exp } = decodeJwt(token);
    expect(exp! - iat!).toBeLessThanOrEqual(24 * 3600);
  });

  it('from before session versions (no session id or version) are refused', async () => {
    const { user } = await signIn();
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('festivales')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(process.env.SESSION_SECRET));
    const res = await profile(legacy);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('invalid_token');
  });
});

describe("POST /api/users/logout ('Cerrar sesión')", () => {
  it('ends this session on the server at once and leaves the user’s other devices signed in', async () => {
    const phone = await signIn();
    const laptop = await signInAgain(phone);
    expect(laptop.user.id).toBe(phone.user.id);

    const res = await api('POST', '/api/users/logout', { token: phone.token });
    expect(res.status).toBe(204);

    const after = await profile(phone.token);
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({
      code: 'invalid_token',
      error: 'Tu sesión no es válida o ha caducado. Vuelve a iniciar sesión.',
    });
    // The revoked token no longer works anywhere else either.
    expect((await api('GET', '/api/favorites', { token: phone.token })).status).toBe(401);
    expect((await profile(laptop.token)).status).toBe(200);
    const rows = await db().select().from(revokedSessionsTable).where(eq(revokedSessionsTable.userId, phone.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].sessionId).toBe(decodeJwt(phone.token).sid);
  });

  it('needs a valid session', async () => {
    const res = await api('POST', '/api/users/logout');
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('Inicia sesión para continuar.');
    expect((await api('POST', '/api/users/logout', { token: 'not-a-token' })).status).toBe(401);
  });

  it('sweeps records of sessions that could no longer be used anyway', async () => {
    const old = await signIn();
    const stale = randomUUID();
    await db()
      .insert(revokedSessionsTable)
      .values({ sessionId: stale, userId: old.user.id, expiresAt: new Date(Date.now() - 60_000) });
    expect((await api('POST', '/api/users/logout', { token: old.token })).status).toBe(204);
    expect(
      await db().select().from(revokedSessionsTable).where(eq(revokedSessionsTable.sessionId, stale)),
    ).toHaveLength(0);
  });
});

describe("POST /api/users/logout-all ('Cerrar sesión en todos los dispositivos')", () => {
  it('ends every session of the user at once, and only theirs', async () => {
    const phone = await signIn();
    const laptop = await signInAgain(phone);
    const someoneElse = await signIn();
    const [before] = await db().select().from(usersTable).where(eq(usersTable.id, phone.user.id));

    const res = await api('POST', '/api/users/logout-all', { token: laptop.token });
    expect(res.status).toBe(204);

    expect((await profile(phone.token)).status).toBe(401);
    expect((await profile(laptop.token)).status).toBe(401);
    expect((await profile(someoneElse.token)).status).toBe(200);
    const [after] = await db().select().from(usersTable).where(eq(usersTable.id, phone.user.id));
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    // Signing in again starts a new, working session.
    expect((await profile((await signInAgain(phone)).token)).status).toBe(200);
  });

  it('needs a valid session', async () => {
    expect((await api('POST', '/api/users/logout-all')).status).toBe(401);
  });
});

describe('an admin who loses the role', () => {
  it('is signed out everywhere at once, however the role was changed', async () => {
    const person = await signIn();
    await db().update(usersTable).set({ role: 'admin' }).where(eq(usersTable.id, person.user.id));
    // Becoming admin ends nothing: the role is read from the database on every request.
    const promoted = await profile(person.token);
    expect(promoted.status).toBe(200);
    expect(promoted.json.role).toBe('admin');
    expect((await api('GET', '/api/admin/users', { token: person.token })).status).toBe(200);

    await db().execute(sql`update users set role = 'user' where id = ${person.user.id}`);

    expect((await profile(person.token)).status).toBe(401);
    expect((await api('GET', '/api/admin/users', { token: person.token })).status).toBe(401);
    const again = await signInAgain(person);
    expect(again.user.role).toBe('user');
  });

  it('other changes to the account end no session', async () => {
    const person = await signIn();
    await db().update(usersTable).set({ name: 'Nombre nuevo' }).where(eq(usersTable.id, person.user.id));
    expect((await profile(person.token)).status).toBe(200);
  });
});

describe('renewal while the user is active (the web checks the profile every 30 s)', () => {
  it('answers a fresh token for the same session once the current one is past half its life', async () => {
    const fresh = await signIn();
    expect((await profile(fresh.token)).json.token).toBeUndefined();

    const old = await signInEarlier(13, fresh);
    const res = await profile(old.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: fresh.user.id, name: fresh.user.name, role: 'user' });
    const renewed = decodeJwt(res.json.token);
    const previous = decodeJwt(old.token);
    expect(renewed.sid).toBe(previous.sid);
    expect(renewed.exp!).toBeGreaterThan(previous.exp! + 12 * 3600 - 60);
    expect((await profile(res.json.token)).json.token).toBeUndefined();

    // One session: ending it with the renewed token ends the older token too.
    expect((await api('POST', '/api/users/logout', { token: res.json.token })).status).toBe(204);
    expect((await profile(old.token)).status).toBe(401);
    expect((await profile(fresh.token)).status).toBe(200);
  });

  it('stops renewing a session that began more than its maximum age ago', async () => {
    const { user } = await signIn();
    const [row] = await db().select().from(usersTable).where(eq(usersTable.id, user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 13 * HOUR);
    const authTime = Math.floor(Date.now() / 1000) - SESSION_MAX_AGE_SECONDS;
    const token = await signSession(
      { id: user.id, sessionVersion: row.sessionVersion },
      { sessionId: randomUUID(), authTime },
    );
    vi.useRealTimers();
    const res = await profile(token);
    expect(res.status).toBe(200);
    expect(res.json.token).toBeUndefined();
  });
});
