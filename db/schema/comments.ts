import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';

export const commentsTable = pgTable(
  'comments',
  {
    id: id(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    rating: smallint('rating').notNull(),
    /** The edition the comment is about, when its author said; ratings by year read it. */
    editionYear: smallint('edition_year'),
    /** Pending until an admin approves it (reject deletes the row). */
    status: text('status', { enum: ['pending', 'approved'] })
      .notNull()
      .default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: integer('reviewed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('comments_content_length', sql`char_length(${t.content}) between 1 and 300`),
    check('comments_rating_range', sql`${t.rating} between 1 and 5`),
    check('comments_edition_year_range', sql`${t.editionYear} between 1950 and 2100`),
    check('comments_status_check', sql`${t.status} in ('pending', 'approved')`),
    index('comments_festival_created_idx').on(t.festivalId, t.createdAt.desc(), t.id.desc()),
    // The public list and its total: approved comments only (decision 018).
    index('comments_festival_approved_idx')
      .on(t.festivalId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // One author's comments on one festival: their newest approved one is their rating, their pending ones they alone see.
    index('comments_festival_author_idx').on(t.festivalId, t.userId, t.createdAt.desc(), t.id.desc()),
    index('comments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('comments_user_idx').on(t.userId),
  ],
);

/**
 * Each user's rating of a festival: the rating of their newest approved comment on it, so a user
 * counts once however many comments they write (decision 018). Written only by the triggers on
 * comments (custom migration), in the transaction of the comment write. No foreign key to users
 * or comments on purpose: a cascade could remove a row before the trigger that must subtract it
 * from festival_ratings has run; the triggers delete these rows themselves.
 */
export const festivalUserRatingsTable = pgTable(
  'festival_user_ratings',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    commentId: integer('comment_id').notNull(),
    rating: smallint('rating').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.festivalId, t.userId] }),
    check('festival_user_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Per-festival counters over festival_user_ratings, kept by the same triggers: lists read
 * averageRating and ratingsCount from one row instead of aggregating comments. No row means no
 * rating yet.
 */
export const festivalRatingsTable = pgTable(
  'festival_ratings',
  {
    festivalId: integer('festival_id')
      .primaryKey()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    ratingsCount: integer('ratings_count').notNull().default(0),
    ratingsSum: integer('ratings_sum').notNull().default(0),
  },
  (t) => [
    check(
      'festival_ratings_consistent',
      sql`${t.ratingsCount} >= 0 and ${t.ratingsSum} between ${t.ratingsCount} and 5 * ${t.ratingsCount}`,
    ),
  ],
);

/**
 * Per-festival counts of favourites and approved comments, kept by statement triggers on favorites
 * and comments (migration festival-counters, decision 043) in the transaction of each write, so the
 * comment list's total and the admin's favourites column read one row instead of counting. Apart
 * from festival_ratings on purpose: a write here must not move catalogue_version (every instance
 * would read the whole catalogue again for a favourite). No row means nothing counted yet.
 */
export const festivalCountersTable = pgTable(
  'festival_counters',
  {
    festivalId: integer('festival_id')
      .primaryKey()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    favoritesCount: integer('favorites_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
  },
  (t) => [check('festival_counters_not_negative', sql`${t.favoritesCount} >= 0 and ${t.commentsCount} >= 0`)],
);
