import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { festivalsTable } from './festivals';
import { usersTable } from './users';

/**
 * 'Festivales parecidos': for each approved festival, its strongest neighbours (at most 24) with the
 * score and what it is made of (artists shared across recent editions, genres, distance). Kept by
 * the database (migration festival-similar-functions): writes to lineups, editions, genres or a
 * festival's status or place mark the festival in festival_similar_dirty, and at commit its rows and
 * its place in its neighbours' rows are worked out again. The score is symmetric: the pair's figures
 * are the same on both sides.
 */
export const festivalSimilarTable = pgTable(
  'festival_similar',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    similarId: integer('similar_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** The shared artists, strongest first (headliners and recent editions weigh more). */
    artistIds: integer('artist_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null when either festival has no coordinates. */
    distanceKm: real('distance_km'),
  },
  (t) => [primaryKey({ columns: [t.festivalId, t.similarId] }), index('festival_similar_similar_idx').on(t.similarId)],
);

/** Festivals whose similar rows must be worked out again (filled by triggers, emptied at commit). */
export const festivalSimilarDirtyTable = pgTable('festival_similar_dirty', {
  festivalId: integer('festival_id').primaryKey(),
});

/**
 * The version of a festival's similar rows, from content_version_seq, moved whenever they change:
 * the kept answer of GET /api/festivals/{id}/similar is checked with one primary-key read. No
 * foreign key, as the other version rows.
 */
export const festivalSimilarVersionsTable = pgTable('festival_similar_versions', {
  festivalId: integer('festival_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** 'No me interesa': a recommendation a signed-in user dismissed; it and festivals like it rank lower. */
export const recommendationDismissalsTable = pgTable(
  'recommendation_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.festivalId] }),
    index('recommendation_dismissals_festival_idx').on(t.festivalId),
  ],
);
