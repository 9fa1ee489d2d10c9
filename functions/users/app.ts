import { z } from '#core/zod';
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
import { env } from '../lib/env';
import { unauthorized } from '../lib/errors';
import { signInUser } from '../lib/domain/users/users';
import { validate } from '../lib/validate';
import { feedTokenRoutes } from './feed-token';
import { preferenceRoutes } from './preferences';
import { accountRoutes } from './account';
import { profileResponse, signedInResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Cuentas');

/**
 * The fallback sign-in ('Iniciar sesión', credential manual_login_token_{timestamp}) when the Google script
 * cannot load: only where AUTH_DEV_LOGIN allows it.
 */
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

export const app = createApp('/api/users')
  .post(
    '/auth/google',
    doc({
      summary: 'Inicia sesión con un ID token de Google',
      responses: { 200: { description: 'La cuenta y su token de sesión', schema: signedInResponse } },
      errors: [401, 403, 409, 429],
    }),
    validate('json', googleAuthSchema),
    async (c) => {
      const { credential } = c.req.valid('json');
      let identity: GoogleIdentity;
      if (credential.startsWith('manual_login_token_')) {
        // Fails closed: AUTH_DEV_LOGIN is off in production (env() refuses to start if asked for it there).
        if (!env().AUTH_DEV_LOGIN || !MANUAL_CREDENTIAL.test(credential)) {
          throw unauthorized(
            'El inicio de sesión alternativo no está disponible en este servidor.',
            'dev_login_disabled',
          );
        }
        identity = DEMO_IDENTITY;
      } else {
        identity = await verifyGoogleIdToken(credential);
      }
      const { sessionVersion, ...user } = await signInUser(identity);
      return c.json({ ...user, token: await signSession({ id: user.id, sessionVersion }) });
    },
  )
  // The web checks the profile at load and every 30 s; past half its life the token comes back renewed.
  .get(
    '/profile',
    doc({
      summary: 'La cuenta con sesión (y un token renovado cuando toca)',
      access: 'user',
      responses: { 200: { description: 'La cuenta', schema: profileResponse } },
    }),
    requireAuth,
    async (c) => {
      const token = await renewedSessionToken(c);
      return c.json(token ? { ...currentUser(c), token } : currentUser(c));
    },
  )
  // 'Cerrar sesión': ends this device's session on the server too, not only in the browser.
  .post(
    '/logout',
    doc({ summary: 'Cierra esta sesión', access: 'user', responses: { 204: { description: 'Sesión cerrada' } } }),
    requireAuth,
    async (c) => {
      await endSession(currentSession(c));
      return c.body(null, 204);
    },
  )
  .post(
    '/logout-all',
    doc({
      summary: 'Cierra la sesión en todos los dispositivos',
      access: 'user',
      responses: { 204: { description: 'Sesiones cerradas' } },
    }),
    requireAuth,
    async (c) => {
      await endAllSessions(currentUser(c).id);
      return c.body(null, 204);
    },
  )
  .route('/', feedTokenRoutes)
  .route('/', preferenceRoutes)
  .route('/', accountRoutes);
