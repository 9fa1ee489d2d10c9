import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { digestModes, PRICE_ALERT_DAYS_DEFAULT, PRICE_ALERT_DAYS_MAX, PRICE_ALERT_DAYS_MIN } from '#core/types';
import { createdAt, id, updatedAt } from './columns';
import { usersTable } from './users';

/** Channels per kind of alert: `{ "festivals": { "inApp": true, "email": false, "push": true }, ... }`. */
export type AlertChannels = Partial<Record<string, { inApp: boolean; email: boolean; push: boolean }>>;

/**
 * A user's notification preferences; no row means the defaults (every channel on, one email per
 * event). A kind missing from `channels` has every channel on.
 */
export const userPreferencesTable = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').$type<AlertChannels>().notNull().default({}),
    digest: text('digest', { enum: digestModes }).notNull().default('immediate'),
    /** 'Sube de precio': how many days before an abono tier of a favourite ends the person is told. */
    priceAlertDays: smallint('price_alert_days').notNull().default(PRICE_ALERT_DAYS_DEFAULT),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_preferences_digest_check', sql`${t.digest} in ('immediate', 'daily', 'weekly')`),
    check(
      'user_preferences_price_alert_days_range',
      sql`${t.priceAlertDays} between ${sql.raw(String(PRICE_ALERT_DAYS_MIN))} and ${sql.raw(String(PRICE_ALERT_DAYS_MAX))}`,
    ),
  ],
);

/** A browser's Web Push subscription (one per device); dropped when the push service answers 404 or 410. */
export const pushSubscriptionsTable = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_endpoint_length', sql`char_length(${t.endpoint}) <= 1000`),
  ],
);

/** A saved search: a newly approved festival that matches its filters tells its owner. */
export const savedAlertsTable = pgTable(
  'saved_alerts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string | number>>().notNull(),
    channels: jsonb('channels').$type<{ inApp: boolean; email: boolean; push: boolean }>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_alerts_user_idx').on(t.userId),
    check('saved_alerts_name_length', sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/**
 * Events a scheduled job has already fanned out (reminders, digests): the job runs every minute on
 * AWS and must write each event's rows once, not look for them again every run.
 */
export const alertEventsTable = pgTable('alert_events', {
  eventKey: text('event_key').primaryKey(),
  createdAt: createdAt(),
});
