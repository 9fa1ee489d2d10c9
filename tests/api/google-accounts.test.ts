import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usersTable } from '#db/schema';
import type { GoogleIdTokenClaims } from '../support/jwks-server';
import { api, db } from '../support/api';
import { TEST_ADMIN_EMAIL, testContext } from '../support/context';

const googleSignIn = async (claims: GoogleIdTokenClaims) =>
  api('POST', '/api/users/auth/google', { body: { credential: await testContext().jwks.mintIdToken(claims) } });

const byEmail = (email: string) =>
  db()
    .select()
    .from(usersTable)
    .where(sql`lower(${usersTable.email}) = ${email.toLowerCase()}`);
const bySub = (sub: string) => db().select().from(usersTable).where(eq(usersTable.googleSub, sub));

describe('Google ID tokens need email_verified: true', () => {
  it.each([
    ['missing', null],
    ['the string "true"', 'true'],
    ['false', false],
  ] as const)('refuses the claim %s and creates nobody', async (label, verified) => {
    const sub = `g-unverified-${label.replace(/\W/g, '')}`;
    const res = await googleSignIn({ sub, email: `${sub}@example.com`, email_verified: verified });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('email_not_verified');
    expect(res.json.error).toBe('La cuenta de Google no tiene un correo verificado.');
    expect(await bySub(sub)).toHaveLength(0);
  });

  it('never lets an unverified ADMIN_EMAILS address in, let alone as admin', async () => {
    const res = await googleSignIn({ sub: 'g-fake-admin', email: TEST_ADMIN_EMAIL, email_verified: null });
    expect(res.status).toBe(401);
    expect(await bySub('g-fake-admin')).toHaveLength(0);
  });
});

describe('accounts are linked by Google sub, never by email alone', () => {
  it('refuses a new Google identity whose email an existing account holds, leaving that account untouched', async () => {
    const first = await googleSignIn({ sub: 'g-owner', email: 'owner@example.com', name: 'Dueña' });
    expect(first.status).toBe(200);
    const [before] = await byEmail('owner@example.com');

    const intruder = await googleSignIn({
      sub: 'g-intruder',
      email: 'OWNER@example.com',
      name: 'Intrusa',
      picture: 'https://img/x.png',
    });
    expect(intruder.status).toBe(409);
    expect(intruder.json.code).toBe('email_in_use');
    expect(intruder.json.error).toMatch(/^Ya existe una cuenta de Festivales con el correo OWNER@example\.com/);
    expect(intruder.json.token).toBeUndefined();

    const [after] = await byEmail('owner@example.com');
    expect(after).toMatchObject({ id: before.id, googleSub: 'g-owner', name: 'Dueña', avatarUrl: null, role: 'user' });
    expect(await bySub('g-intruder')).toHaveLength(0);
  });

  it('refuses to take over an account that has no Google identity yet, even an admin one', async () => {
    const [row] = await db()
      .insert(usersTable)
      .values({ email: 'manual@example.com', name: 'Cuenta manual', role: 'admin' })
      .returning();
    const res = await googleSignIn({ sub: 'g-claims-manual', email: 'manual@example.com' });
    expect(res.status).toBe(409);
    const [after] = await db().select().from(usersTable).where(eq(usersTable.id, row.id));
    expect(after.googleSub).toBeNull();
  });

  it('follows an email change of the same Google identity, unless another account holds the new address', async () => {
    await googleSignIn({ sub: 'g-mover', email: 'mover-old@example.com' });
    const moved = await googleSignIn({ sub: 'g-mover', email: 'mover-new@example.com' });
    expect(moved.status).toBe(200);
    expect(moved.json.email).toBe('mover-new@example.com');

    await googleSignIn({ sub: 'g-holder', email: 'taken@example.com' });
    const clash = await googleSignIn({ sub: 'g-mover', email: 'taken@example.com', name: 'Mover Renombrada' });
    expect(clash.status).toBe(200);
    expect(clash.json).toMatchObject({ email: 'mover-new@example.com', name: 'Mover Renombrada' });
    const [holder] = await bySub('g-holder');
    expect(holder.email).toBe('taken@example.com');
  });

  it('signs the same Google identity in concurrently into one account', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => googleSignIn({ sub: 'g-racer', email: 'racer@example.com' })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(await bySub('g-racer')).toHaveLength(1);
  });
});
