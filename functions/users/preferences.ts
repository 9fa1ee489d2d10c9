import { Hono } from 'hono';
import { preferencesInputSchema, preferencesResponse, unsubscribeQuerySchema } from '#core/alert-schemas';
import { newsletterResponse } from '#core/response-schemas';
import { readUnsubscribeToken } from '../lib/alert-unsubscribe';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimit } from '../lib/rate-limit';
import { db } from '../lib/db';
import { preferencesOf, savePreferences, stopEmailsOfLink } from '../lib/domain/alerts/preferences';
import { notFound } from '../lib/errors';
import { documenter } from '../lib/openapi';
import { validate } from '../lib/validate';

const doc = documenter('Avisos');

export const BAD_UNSUBSCRIBE_LINK = 'El enlace de baja no es válido.';
export const EMAILS_STOPPED = 'Listo: no te enviaremos más correos de este tipo. Puedes cambiarlo en tu cuenta.';

/** The signed-in user's notification preferences, and the one-click unsubscribe of alert emails. */
export const preferenceRoutes = new Hono<AppEnv>()
  .get(
    '/preferences',
    doc({
      summary: 'Preferencias de avisos: canales por tipo y modo de resumen',
      access: 'user',
      responses: { 200: { description: 'Las preferencias', schema: preferencesResponse } },
    }),
    requireAuth,
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await preferencesOf(await db(), currentUser(c).id));
    },
  )
  .put(
    '/preferences',
    doc({
      summary: 'Cambia las preferencias de avisos (lo que no se envía se conserva)',
      access: 'user',
      responses: { 200: { description: 'Las preferencias', schema: preferencesResponse } },
      errors: [429],
    }),
    requireAuth,
    rateLimit('settings'),
    validate('json', preferencesInputSchema),
    async (c) => {
      return c.json(await savePreferences(await db(), currentUser(c).id, c.req.valid('json')));
    },
  )
  // A GET never unsubscribes (mail scanners open links): it leads to the page that names what the
  // link stops and asks for the click, which works without signing in, as the mail program's does.
  .get(
    '/email-unsubscribe',
    doc({
      summary: 'Enlace de baja de un correo de avisos: lleva a la página que pide confirmarla',
      responses: { 303: { description: 'Redirección a la página de baja, o a la de enlace no válido' } },
    }),
    (c) => {
      const token = c.req.query('token') ?? '';
      const target = readUnsubscribeToken(token);
      if (!target) return c.redirect('/avisos/enlace-no-valido', 303);
      return c.redirect(`/avisos/baja?token=${encodeURIComponent(token)}&tipo=${target.scope}`, 303);
    },
  )
  // Mail programs' one-click unsubscribe (RFC 8058): a form POST without a session; the signed token names the user and the kind.
  .post(
    '/email-unsubscribe',
    doc({
      summary: 'Baja en un clic (RFC 8058) de un tipo de correo de avisos',
      responses: { 200: { description: 'Baja hecha', schema: newsletterResponse } },
      errors: [404],
    }),
    validate('query', unsubscribeQuerySchema),
    async (c) => {
      const target = readUnsubscribeToken(c.req.valid('query').token);
      if (!target) throw notFound(BAD_UNSUBSCRIBE_LINK, 'invalid_token');
      if (!(await stopEmailsOfLink(await db(), target.userId, target.scope)))
        throw notFound(BAD_UNSUBSCRIBE_LINK, 'invalid_token');
      return c.json({ message: EMAILS_STOPPED });
    },
  );
