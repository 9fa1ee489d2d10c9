import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { usersTable } from '#db/schema';
import { api, db, signIn, signInAdmin } from '../support/api';
import { testContext } from '../support/context';

describe('POST /api/users/auth/google', () => {
  it('verifies a Google ID token, creates the user and returns a session token', async () => {
    const credential = await testContext().jwks.mintIdToken({
      sub: 'g-1',
      email: 'Ana@Example.com',
      name: 'Ana López',
      picture: 'https://img/ana.png',
    });
    const res = await api('POST', '/api/users/auth/google', { body: { credential } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Ana López',
      email: 'Ana@Example.com',
      avatar_url: 'https://img/ana.png',
      role: 'user',
    });
    expect(typeof res.json.token).toBe('string');
    const rows = await db().select().from(usersTable).where(eq(usersTable.googleSub, 'g-1'));
    expect(rows).toHaveLength(1);

    const profile = await api('GET', '/api/users/profile', { token: res.json.token });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ id: rows[0].id, name: 'Ana López', role: 'user' });
  });

  it('signs the same person in twice without a second row, updating name and picture', async () => {
    const jwks = testContext().jwks;
    await api('POST', '/api/users/auth/google', {
      body: { credential: await jwks.mintIdToken({ sub: 'g-2', email: 'b@example.com', name: 'B' }) },
    });
    const again = await api('POST', '/api/users/auth/google', {
      body: { credential: await jwks.mintIdToken({ sub: 'g-2', email: 'b@example.com', name: 'Bea' }) },
    });
    expect(again.json.name).toBe('Bea');
    expect(await db().select().from(usersTable).where(eq(usersTable.googleSub, 'g-2'))).toHaveLength(1);
  });

  it('grants admin to emails in ADMIN_EMAILS', async () => {
    const admin = await signInAdmin();
    expect(admin.user.role).toBe('admin');
    const user = await signIn();
    expect(user.user.role).toBe('user');
  });

  it.each([
    ['an expired token', { expiresIn: -60 }, 'credential_expired'],
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, 'invalid_credential'],
    ['another issuer', { iss: 'https://evil.example.com' }, 'invalid_credential'],
    ['an unverified email', { email_verified: false }, 'email_not_verified'],
  ])('rejects %s with 401', async (_label, claims, code) => {
    const credential = await testContext().jwks.mintIdToken({ sub: 'g-x', email: 'x@example.com', ...claims });
    const res = await api('POST', '/api/users/auth/google', { body: { credential } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(code);
    expect(typeof res.json.error).toBe('string');
    expect(await db().select().from(usersTable).where(eq(usersTable.googleSub, 'g-x'))).toHaveLength(0);
  });

  it('rejects a token signed with a key Google does not publish', async () => {
    const jwks = testContext().jwks;
    const credential = await jwks.mintIdToken({ sub: 'g-forged', email: 'f@example.com' }, await jwks.otherKey());
    const res = await api('POST', '/api/users/auth/google', { body: { credential } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('invalid_credential');
  });

  it('accepts the manual fallback credential only when AUTH_DEV_LOGIN allows it', async () => {
    const res = await api('POST', '/api/users/auth/google', {
      body: { credential: `manual_login_token_${Date.now()}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Usuario Demo', email: 'demo@festivales.local', role: 'user' });
    const bad = await api('POST', '/api/users/auth/google', { body: { credential: 'manual_login_token_abc' } });
    expect(bad.status).toBe(401);
  });

  it.each([
    ['no body', undefined, 400],
    ['an empty credential', { credential: '' }, 400],
    ['a number', { credential: 42 }, 400],
    ['garbage', { credential: 'not-a-jwt' }, 401],
  ])('answers %s with a Spanish error', async (_label, body, status) => {
    const res = await api('POST', '/api/users/auth/google', { body });
    expect(res.status).toBe(status);
    expect(res.json.error).toMatch(/[a-záéíóúñ]/i);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await api('POST', '/api/users/auth/google', {
      body: '{"credential":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('malformed_body');
    const huge = await api('POST', '/api/users/auth/google', {
      body: JSON.stringify({ credential: 'x'.repeat(300 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe('too_large');
  });
});

describe('GET /api/users/profile', () => {
  it('needs a token', async () => {
    const res = await api('GET', '/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.json.error).toBeTruthy();
  });

  it('refuses forged, expired and unknown-user session tokens', async () => {
    const { token } = await signIn();
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await api('GET', '/api/users/profile', { token: forged })).status).toBe(401);

    const secret = new TextEncoder().encode('test-session-secret-with-enough-length-0123456789');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('festivales')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await api('GET', '/api/users/profile', { token: expired })).status).toBe(401);

    const ghost = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('999999')
      .setIssuer('festivales')
      .setExpirationTime('1h')
      .sign(secret);
    const res = await api('GET', '/api/users/profile', { token: ghost });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('invalid_token');
  });
});

describe('unknown API paths', () => {
  it('answer JSON 404', async () => {
    const res = await api('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      error: 'Ruta no encontrada.',
      code: 'route_not_found',
      requestId: res.headers.get('X-Request-Id'),
    });
  });
});
