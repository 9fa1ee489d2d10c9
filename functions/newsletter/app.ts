import { newsletterSchema } from '#core/community-schemas';
import { newsletterSubscriptionsTable } from '#db/schema';
import { createApp } from '../lib/app';
import { db } from '../lib/db';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';

export const NEWSLETTER_SUCCESS = '¡Te has suscrito correctamente a nuestra newsletter!';

/** Spec §7 "POST /api/newsletter/subscribe": open to anyone, limited per address. */
export const app = createApp('/api/newsletter').post('/subscribe', validate('json', newsletterSchema), rateLimit('newsletter'), async (c) => {
  const { email } = c.req.valid('json');
  // A second subscription keeps the first row; the answer is the same, so it tells nobody whether an address is listed.
  await (await db()).insert(newsletterSubscriptionsTable).values({ email }).onConflictDoNothing();
  return c.json({ message: NEWSLETTER_SUCCESS });
});
