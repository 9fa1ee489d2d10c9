import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const newsletterSubscriptionsTable = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    /** Secret of the confirmation and one-click unsubscribe links (random, 122 bits). */
    token: uuid('token').notNull().defaultRandom().unique(),
    /** Double opt-in: only confirmed addresses receive the digest; null until the link is followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`),
    check('newsletter_email_length', sql`char_length(${t.email}) <= 254`),
  ],
);
