import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersTable } from './users';

/** What the worker needs to deliver one outbox row; rendered when the event happens. */
export interface OutboxPayload {
  subject: string;
  heading: string;
  paragraphs: string[];
  items?: { title: string; url: string; detail?: string }[];
  action?: { label: string; url: string };
  /** Why the recipient gets it (printed above the unsubscribe link). */
  reason: string;
  /** Newsletter rows: the one-click unsubscribe of that subscription. User rows build theirs from the user. */
  unsubscribeUrl?: string;
  /** The page a push notification opens. */
  url?: string;
  /** A message the recipient asked for at that moment (a verification code): sent without an unsubscribe link. */
  requested?: boolean;
  /** When the message stops being worth sending (a set reminder, once the set starts): later, it is dropped, not sent. */
  expiresAt?: string;
}

/**
 * Work that must not wait on a request (decision 030): one row per event, recipient and channel,
 * written in the same transaction as the change that caused it. The unique key makes writing the
 * same event twice a no-op; the worker claims rows with FOR UPDATE SKIP LOCKED and marks each sent
 * in the transaction that holds its lock.
 */
export const outboxTable = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event, stable across retries and re-runs: 'lineup:12:artist:40', 'newsletter-confirm:7', ... */
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    /** 'u:<user id>' or 'e:<lower-case address>': one delivery per recipient and event. */
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'cascade' }),
    /** Set for recipients without an account (newsletter). */
    email: text('email'),
    /** Kind of message, for preferences and digests: 'newsletter-confirm', 'festival-dates', ... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>().notNull(),
    /** held: waits for the recipient's daily or weekly digest instead of going alone. */
    status: text('status', { enum: ['pending', 'held', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_delivery_key').on(t.eventKey, t.channel, t.recipient),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'push')`),
    check('outbox_status_check', sql`${t.status} in ('pending', 'held', 'sent', 'failed', 'dropped')`),
    check('outbox_recipient_present', sql`${t.userId} is not null or ${t.email} is not null`),
    // The worker's claim: due pending rows in order.
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_held_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'held'`),
    index('outbox_user_idx').on(t.userId),
  ],
);

/** Addresses a mail server refused for good (hard bounce): nothing more is sent to them. */
export const mailSuppressionsTable = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
