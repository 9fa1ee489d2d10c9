import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from '#core/zod';
import { usersTable } from '#db/schema';
import { createApp } from '../lib/app';
import {
  currentSession,
  currentUser,
  endAllSessions,
  endSession,
  renewedSessionToken,
  requireAuth,
  signSession,
  verifyGoogleIdToken,
  type GoogleIdentity,
} from '../lib/auth';
import type { AuthUser } from '../lib/app-env';
import { db } from '../lib/db';
import { env } from '../lib/env';
import { conflict, pgErrorCode, unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';
import { feedTokenRoutes } from './feed-token';
import { preferenceRoutes } from './preferences';
import { accountRoutes } from './account';
import { profileResponse, signedInResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Cuentas');

/** The fallback sign-in ('Iniciar sesión', credential manual_login_token_{timestamp}) when the Google script cannot load: only where AUTH_DEV_LOGIN allows it. */
const MANUAL_CREDENTIAL = /^manual_login_token_\d{1,16}$/;
const DEMO_IDENTITY: GoogleIdentity = {
  sub: 'local-demo',
  email: 'demo@festivales.local',
  // A development-only account on the developer's own machine: ADMIN_EMAILS may name it.
  emailVerified: true,
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

const emailInUse = (email: string) =>
  conflict(
    `Ya existe una cuenta de Festivales con el correo ${email}, vinculada a otra cuenta de Google. Inicia sesión con esa cuenta de Google o escríbenos desde la página de contacto.`,
    'email_in_use',
  );

const userColumns = {
  id: usersTable.id,
  name: usersTable.name,
  email: usersTable.email,
  avatar_url: usersTable.avatarUrl,
  role: usersTable.role,
  sessionVersion: usersTable.sessionVersion,
};

type SignedInUser = AuthUser & { sessionVersion: number };

/**
 * Accounts are linked by Google's `sub` only. An email alone never reaches an existing account:
 * a new `sub` whose email another account holds is refused (decision 017), so nobody takes over an
 * account by getting a Google identity with the same address.
 */
async function signInUser(identity: GoogleIdentity, attempt = 1): Promise<SignedInUser> {
  const database = await db();
  const email = identity.email.toLowerCase();
  const isAdmin = identity.emailVerified && env().ADMIN_EMAILS.includes(email);
  try {
    const signedIn = await database.transaction(async (tx): Promise<SignedInUser | null> => {
      const [linked] = await tx.select({ id: usersTable.id, email: usersTable.email, role: usersTable.role }).from(usersTable).where(eq(usersTable.googleSub, identity.sub)).limit(1);
      if (linked) {
        // Google lets people change their address: follow it unless another account holds the new one.
        const [holder] =
          linked.email.toLowerCase() === email
            ? []
            : await tx.select({ id: usersTable.id }).from(usersTable).where(and(sql`lower(${usersTable.email}) = ${email}`, ne(usersTable.id, linked.id))).limit(1);
        const [user] = await tx
          .update(usersTable)
          // ADMIN_EMAILS only grants: an admin named in the database keeps the role.
          .set({ email: holder ? linked.email : identity.email, name: identity.name, avatarUrl: identity.picture, role: isAdmin ? 'admin' : linked.role, updatedAt: new Date() })
          .where(eq(usersTable.id, linked.id))
          .returning(userColumns);
        return user;
      }
      const [holder] = await tx.select({ googleSub: usersTable.googleSub }).from(usersTable).where(sql`lower(${usersTable.email}) = ${email}`).limit(1);
      // A concurrent first sign-in of this same identity committed between the two reads above.
      if (holder?.googleSub === identity.sub) return null;
      if (holder) throw emailInUse(identity.email);
      const [user] = await tx
        .insert(usersTable)
        .values({ googleSub: identity.sub, email: identity.email, name: identity.name, avatarUrl: identity.picture, role: isAdmin ? 'admin' : 'user' })
        .returning(userColumns);
      return user;
    });
    if (signedIn) return signedIn;
    if (attempt < 3) return signInUser(identity, attempt + 1);
    throw emailInUse(identity.email);
  } catch (error) {
    // Two first sign-ins at once: the second meets the unique keys instead of the checks above.
    if (pgErrorCode(error) === '23505') {
      const [again] = await database.select(userColumns).from(usersTable).where(eq(usersTable.googleSub, identity.sub)).limit(1);
      if (again) return again;
      throw emailInUse(identity.email);
    }
    throw error;
  }
}

export const app = createApp('/api/users')
  .post('/auth/google', doc({ summary: 'Inicia sesión con un ID token de Google', responses: { 200: { description: 'La cuenta y su token de sesión', schema: signedInResponse } }, errors: [401, 403, 409, 429] }), validate('json', googleAuthSchema), async (c) => {
    const { credential } = c.req.valid('json');
    let identity: GoogleIdentity;
    if (credential.startsWith('manual_login_token_')) {
      // Fails closed: AUTH_DEV_LOGIN is off in production (env() refuses to start if asked for it there).
      if (!env().AUTH_DEV_LOGIN || !MANUAL_CREDENTIAL.test(credential)) {
        throw unauthorized('El inicio de sesión alternativo no está disponible en este servidor.', 'dev_login_disabled');
      }
      identity = DEMO_IDENTITY;
    } else {
      identity = await verifyGoogleIdToken(credential);
    }
    const { sessionVersion, ...user } = await signInUser(identity);
    return c.json({ ...user, token: await signSession({ id: user.id, sessionVersion }) });
  })
  // The web checks the profile at load and every 30 s; past half its life the token comes back renewed.
  .get('/profile', doc({ summary: 'La cuenta con sesión (y un token renovado cuando toca)', access: 'user', responses: { 200: { description: 'La cuenta', schema: profileResponse } } }), requireAuth, async (c) => {
    const token = await renewedSessionToken(c);
    return c.json(token ? { ...currentUser(c), token } : currentUser(c));
  })
  // 'Cerrar sesión': ends this device's session on the server too, not only in the browser.
  .post('/logout', doc({ summary: 'Cierra esta sesión', access: 'user', responses: { 204: { description: 'Sesión cerrada' } } }), requireAuth, async (c) => {
    await endSession(currentSession(c));
    return c.body(null, 204);
  })
  .post('/logout-all', doc({ summary: 'Cierra la sesión en todos los dispositivos', access: 'user', responses: { 204: { description: 'Sesiones cerradas' } } }), requireAuth, async (c) => {
    await endAllSessions(currentUser(c).id);
    return c.body(null, 204);
  })
  .route('/', feedTokenRoutes)
  .route('/', preferenceRoutes)
  .route('/', accountRoutes);
