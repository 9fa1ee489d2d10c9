import { eq, or, sql } from 'drizzle-orm';
import { z } from '../../core/zod';
import { usersTable } from '../../db/schema';
import { createApp } from '../lib/app';
import { currentUser, requireAuth, signSession, verifyGoogleIdToken, type AuthUser, type GoogleIdentity } from '../lib/auth';
import { db } from '../lib/db';
import { env } from '../lib/env';
import { unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';

/** The spec's fallback sign-in (§4) when the Google script cannot load: only where AUTH_DEV_LOGIN allows it. */
const MANUAL_CREDENTIAL = /^manual_login_token_\d{1,16}$/;
const DEMO_IDENTITY: GoogleIdentity = {
  sub: 'local-demo',
  email: 'demo@festivales.local',
  name: 'Usuario Demo',
  picture: null,
};

const googleAuthSchema = z.object({
  credential: z
    .string({ error: 'Falta la credencial de inicio de sesión.' })
    .trim()
    .min(1, { error: 'Falta la credencial de inicio de sesión.' })
    .max(8192, { error: 'La credencial no es válida.' }),
});

async function upsertUser(identity: GoogleIdentity): Promise<AuthUser> {
  const database = await db();
  const isAdmin = env().ADMIN_EMAILS.includes(identity.email.toLowerCase());
  return database.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: usersTable.id, role: usersTable.role })
      .from(usersTable)
      .where(or(eq(usersTable.googleSub, identity.sub), sql`lower(${usersTable.email}) = ${identity.email.toLowerCase()}`))
      .limit(1);
    const values = {
      googleSub: identity.sub,
      email: identity.email,
      name: identity.name,
      avatarUrl: identity.picture,
      updatedAt: new Date(),
    };
    const returning = {
      id: usersTable.id,
      name: usersTable.name,
      email: usersTable.email,
      avatar_url: usersTable.avatarUrl,
      role: usersTable.role,
    };
    if (existing) {
      const [user] = await tx
        .update(usersTable)
        // ADMIN_EMAILS only grants: an admin named in the database keeps the role.
        .set({ ...values, role: isAdmin ? 'admin' : existing.role })
        .where(eq(usersTable.id, existing.id))
        .returning(returning);
      return user;
    }
    const [user] = await tx
      .insert(usersTable)
      .values({ ...values, role: isAdmin ? 'admin' : 'user' })
      .returning(returning);
    return user;
  });
}

export const app = createApp('/api/users')
  .post('/auth/google', validate('json', googleAuthSchema), async (c) => {
    const { credential } = c.req.valid('json');
    let identity: GoogleIdentity;
    if (credential.startsWith('manual_login_token_')) {
      if (!env().AUTH_DEV_LOGIN || !MANUAL_CREDENTIAL.test(credential)) {
        throw unauthorized('El inicio de sesión alternativo no está disponible en este servidor.', 'dev_login_disabled');
      }
      identity = DEMO_IDENTITY;
    } else {
      identity = await verifyGoogleIdToken(credential);
    }
    const user = await upsertUser(identity);
    return c.json({ ...user, token: await signSession(user) });
  })
  .get('/profile', requireAuth, (c) => c.json(currentUser(c)));
