import { newsletterSchema } from '#core/community-schemas';
import { createApp, errorJson } from '../lib/app';
import { db } from '../lib/db';
import { confirm, unsubscribe, subscribe } from '../lib/newsletter/subscriptions';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

export const NEWSLETTER_SUCCESS = '¡Te has suscrito correctamente a nuestra newsletter!';
export const UNSUBSCRIBED = 'Te has dado de baja de la newsletter. No volverás a recibirla.';
const BAD_LINK = 'El enlace no es válido o ya se usó.';

/** Spec §7 "POST /api/newsletter/subscribe": open to anyone, limited per address; double opt-in on top. */
export const app = createApp('/api/newsletter')
  .post('/subscribe', validate('json', newsletterSchema), rateLimit('newsletter'), async (c) => {
    const { email } = c.req.valid('json');
    // The answer is the same for a new, a pending or a confirmed address: it tells nobody whether an address is listed.
    await subscribe(await db(), email);
    return c.json({ message: NEWSLETTER_SUCCESS });
  })
  // The link of the confirmation message, opened in a browser: it lands on the site's page that says how it went.
  .get('/confirm', async (c) => {
    const done = await confirm(await db(), c.req.query('token') ?? '');
    return c.redirect(done ? '/newsletter/confirmada' : '/newsletter/enlace-no-valido', 303);
  })
  // A GET never unsubscribes (mail scanners open links): the page asks for the click that POSTs.
  .get('/unsubscribe', (c) => c.redirect(`/newsletter/baja?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303))
  // The page's button, and mail programs' one-click unsubscribe (RFC 8058: a form POST without a session).
  .post('/unsubscribe', async (c) => {
    const done = await unsubscribe(await db(), c.req.query('token') ?? '');
    if (!done) return errorJson(c, 404, { error: BAD_LINK, code: 'invalid_token' });
    return c.json({ message: UNSUBSCRIBED });
  });
