import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FestivalEditionFields } from '#core/lineup-types';
import { createdAt, httpUrl, updatedAt } from './columns';
import { festivalsTable } from './festivals';
import { artistsTable } from './artists';

/**
 * One edition per festival and year. Triggers (migration editions-current) keep the festival's
 * start_date/end_date equal to its current edition's (the next one not over, else the latest), and
 * turn a direct write of a festival's dates (the proposal and admin forms) into that year's edition.
 */
export const festivalEditionsTable = pgTable(
  'festival_editions',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: ['announced', 'confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('festival_editions_festival_year_key').on(t.festivalId, t.year),
    check('festival_editions_status_check', sql`${t.status} in ('announced', 'confirmed', 'cancelled')`),
    check('festival_editions_year_matches', sql`${t.year} = extract(year from ${t.startDate})`),
    check('festival_editions_dates_order', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('festival_editions_notes_length', sql`char_length(${t.notes}) <= 2000`),
  ],
);

/** An edition's lineup, in the order the poster gives (`position`); replaced as a whole by the admin. */
export const lineupEntriesTable = pgTable(
  'lineup_entries',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    // An artist on a lineup cannot be deleted: merged into another, or taken off the lineups first.
    artistId: integer('artist_id')
      .notNull()
      .references(() => artistsTable.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    billing: text('billing', { enum: ['headliner', 'regular'] })
      .notNull()
      .default('regular'),
    day: date('day', { mode: 'string' }),
    stage: text('stage'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /**
     * On the day: on time, delayed (by `delay_minutes`, already added to the times), moved (to another
     * stage) or cancelled. Set by an organiser's live change; the times and stage are the current ones.
     */
    liveStatus: text('live_status', { enum: ['on_time', 'delayed', 'moved', 'cancelled'] })
      .notNull()
      .default('on_time'),
    delayMinutes: smallint('delay_minutes').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lineup_entries_edition_position_key').on(t.editionId, t.position),
    index('lineup_entries_artist_idx').on(t.artistId, t.editionId),
    // Set reminders look every minute for the sets starting in the next minutes.
    index('lineup_entries_starts_at_idx')
      .on(t.startsAt)
      .where(sql`${t.startsAt} is not null`),
    check('lineup_entries_billing_check', sql`${t.billing} in ('headliner', 'regular')`),
    check('lineup_entries_live_status_check', sql`${t.liveStatus} in ('on_time', 'delayed', 'moved', 'cancelled')`),
    check('lineup_entries_delay_range', sql`${t.delayMinutes} between 0 and 720`),
    check('lineup_entries_position_range', sql`${t.position} between 0 and 499`),
    check('lineup_entries_stage_length', sql`char_length(${t.stage}) between 1 and 100`),
    check(
      'lineup_entries_times_order',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** What a ticket for an edition costs and where to buy it (indicative, as the dates). */
export const editionTicketsTable = pgTable(
  'edition_tickets',
  {
    editionId: integer('edition_id')
      .primaryKey()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    priceFrom: numeric('price_from', { precision: 8, scale: 2, mode: 'number' }),
    priceTo: numeric('price_to', { precision: 8, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('EUR'),
    ticketUrl: text('ticket_url'),
    onSaleAt: timestamp('on_sale_at', { withTimezone: true, mode: 'date' }),
    soldOut: boolean('sold_out').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('edition_tickets_price_from_range', sql`${t.priceFrom} between 0 and 10000`),
    check('edition_tickets_price_to_range', sql`${t.priceTo} between 0 and 10000`),
    check(
      'edition_tickets_prices_order',
      sql`${t.priceTo} is null or ${t.priceFrom} is null or ${t.priceTo} >= ${t.priceFrom}`,
    ),
    check('edition_tickets_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('edition_tickets_url', httpUrl(t.ticketUrl)),
  ],
);

/**
 * Where the version numbers below come from: one sequence, so a number is never given twice, even
 * to a row deleted and written again, and a cached body made under one can never match another.
 */
export const contentVersionSequence = pgSequence('content_version_seq');

/**
 * The version of what GET /api/festivals/{id}/editions shows of a festival (editions, lineups with
 * their artists' names and slugs, tickets), taken from content_version_seq by triggers (migration
 * lineup-versions) on every write to those rows, an artist's rename included. A server keeps the
 * built answer and checks it with one primary-key read. No row: unchanged since the migration
 * (version 0). No foreign key, as festival_list_versions: the triggers also fire while a
 * festival's rows are cascade-deleted.
 */
export const festivalEditionVersionsTable = pgTable('festival_edition_versions', {
  festivalId: integer('festival_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /**
   * What GET /api/festivals/{id} adds to the festival (its current edition, lineup and tickets, every
   * year in summary), as JSON kept by the same triggers with every new version (migration
   * edition-fields-functions): a festival nobody asked for before is one primary-key read.
   */
  fields: json('fields').$type<FestivalEditionFields>(),
});
