import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { usersTable } from './users';

export const festivalsTable = pgTable(
  'festivals',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * Normalised name + location (lowercase, no accents), the duplicate key: one approved festival
     * per key, and one pending proposal per key and proposer. Proposals of different users may share
     * a key (a pending one must not block or reveal another's); admins see them as possible duplicates.
     */
    dedupeKey: text('dedupe_key').notNull(),
    description: text('description'),
    location: text('location'),
    address: text('address'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    website: text('website'),
    imageUrl: text('image_url'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geocodedFrom: text('geocoded_from'),
    geocodedAt: timestamp('geocoded_at', { withTimezone: true, mode: 'date' }),
    transportation: text('transportation'),
    parkingInfo: text('parking_info'),
    accommodation: text('accommodation'),
    proposedBy: integer('proposed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The edition whose dates start_date/end_date are; kept by triggers (see db/schema/editions.ts). */
    currentEditionId: integer('current_edition_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('festivals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('festivals_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('festivals_description_length', sql`char_length(${t.description}) <= 20000`),
    check(
      'festivals_dates_order',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    check('festivals_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('festivals_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('festivals_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    uniqueIndex('festivals_dedupe_approved_key')
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'approved'`),
    uniqueIndex('festivals_dedupe_proposer_key')
      .on(t.proposedBy, t.dedupeKey)
      .where(sql`${t.status} = 'pending'`),
    index('festivals_dedupe_active_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('festivals_status_start_idx').on(t.status, t.startDate),
    index('festivals_proposed_by_idx').on(t.proposedBy),
  ],
);

export const genresTable = pgTable(
  'genres',
  {
    id: id(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('genres_name_key').on(sql`lower(${t.name})`),
    check('genres_name_length', sql`char_length(${t.name}) between 1 and 50`),
  ],
);

export const festivalGenresTable = pgTable(
  'festival_genres',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genresTable.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.festivalId, t.genreId] }), index('festival_genres_genre_idx').on(t.genreId)],
);

/**
 * Bumped by triggers (migration 0002) on every write to a festival's comments, media or votes, so
 * any instance can tell in one primary-key read whether its cached public lists are still current
 * (functions/lib/domain/festivals/festival-lists.ts). No foreign key: the triggers also fire while a festival's
 * rows are cascade-deleted, and an orphan row costs nothing.
 */
export const festivalListVersionsTable = pgTable('festival_list_versions', {
  festivalId: integer('festival_id').primaryKey(),
  commentsVersion: bigint('comments_version', { mode: 'number' }).notNull().default(0),
  mediaVersion: bigint('media_version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row: a counter that triggers (migration catalogue-version) raise on every statement that
 * writes what the public catalogue is read from (festivals, their genres, genre names and rating
 * counters). Each instance keeps the catalogue in memory and rebuilds it only when this number
 * moved, checked with one primary-key read at most every half second
 * (functions/lib/domain/festivals/festival-store.ts).
 */
export const catalogueVersionTable = pgTable(
  'catalogue_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);
