import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const newsletterSubscriptionsTable = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    /** Secret of the one-click unsubscribe link (random, 122 bits): it lasts as long as the subscription. */
    token: uuid('token').notNull().defaultRandom().unique(),
    /**
     * Secret of the confirmation link, a value of its own so that the unsubscribe link (in every
     * digest) cannot confirm, and so that it can expire; null once confirmed (a link works once).
     */
    confirmToken: uuid('confirm_token').defaultRandom().unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }).default(
      sql`now() + interval '7 days'`,
    ),
    /** Double opt-in: only confirmed addresses receive the digest; null until the link is followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`),
    check('newsletter_email_length', sql`char_length(${t.email}) <= 254`),
  ],
);
