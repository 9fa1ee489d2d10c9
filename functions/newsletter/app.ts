import { newsletterSchema } from '#core/community-schemas';
import { createApp, errorJson } from '../lib/app';
import { db } from '../lib/db';
import { confirm, unsubscribe, subscribe } from '../lib/domain/newsletter/subscriptions';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { newsletterResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Boletín');

export const NEWSLETTER_SUCCESS = '¡Te has suscrito correctamente a nuestra newsletter!';
export const UNSUBSCRIBED = 'Te has dado de baja de la newsletter. No volverás a recibirla.';
const BAD_LINK = 'El enlace no es válido o ya se usó.';
export const CONFIRMED = '¡Suscripción confirmada! Recibirás la newsletter una vez al mes.';
const EXPIRED_LINK =
  'El enlace no es válido, ya se usó o ha caducado (dura 7 días). Suscríbete de nuevo desde el pie de página.';

/** POST /api/newsletter/subscribe: open to anyone, limited per address; double opt-in on top. */
export const app = createApp('/api/newsletter')
  .post(
    '/subscribe',
    doc({
      summary: 'Suscribe un correo al boletín (con confirmación por correo)',
      responses: { 200: { description: 'Suscrito', schema: newsletterResponse } },
      errors: [429],
    }),
    validate('json', newsletterSchema),
    rateLimit('newsletter'),
    async (c) => {
      const { email } = c.req.valid('json');
      // The answer is the same for a new, a pending or a confirmed address: it tells nobody whether an address is listed.
      await subscribe(await db(), email);
      return c.json({ message: NEWSLETTER_SUCCESS });
    },
  )
  // The link of the confirmation message, opened in a browser (or by a mail scanner): it changes
  // nothing and leads to the page whose button confirms with a POST.
  .get(
    '/confirm',
    doc({
      summary: 'Enlace de confirmación del correo: lleva a la página que pide confirmarla',
      responses: { 303: { description: 'Redirección a la página de confirmación' } },
    }),
    (c) => c.redirect(`/newsletter/confirmar?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303),
  )
  .post(
    '/confirm',
    doc({
      summary: 'Confirma la suscripción (botón de la página del enlace; el enlace caduca en 7 días)',
      responses: { 200: { description: 'Suscripción confirmada', schema: newsletterResponse } },
      errors: [404],
    }),
    async (c) => {
      const done = await confirm(await db(), c.req.query('token') ?? '');
      if (!done) return errorJson(c, 404, { error: EXPIRED_LINK, code: 'invalid_token' });
      return c.json({ message: CONFIRMED });
    },
  )
  // A GET never unsubscribes (mail scanners open links): the page asks for the click that POSTs.
  .get(
    '/unsubscribe',
    doc({
      summary: 'Enlace de baja del correo: lleva a la página que pide confirmarla',
      responses: { 303: { description: 'Redirección a la página de baja' } },
    }),
    (c) => c.redirect(`/newsletter/baja?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303),
  )
  // The page's button, and mail programs' one-click unsubscribe (RFC 8058: a form POST without a session).
  .post(
    '/unsubscribe',
    doc({
      summary: 'Da de baja una dirección (botón de la página y baja en un clic RFC 8058)',
      responses: { 200: { description: 'Baja hecha', schema: newsletterResponse } },
      errors: [404],
    }),
    async (c) => {
      const done = await unsubscribe(await db(), c.req.query('token') ?? '');
      if (!done) return errorJson(c, 404, { error: BAD_LINK, code: 'invalid_token' });
      return c.json({ message: UNSUBSCRIBED });
    },
  );
