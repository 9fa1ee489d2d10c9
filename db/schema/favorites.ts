import { bigint, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';

export const favoritesTable = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.festivalId] }), index('favorites_festival_idx').on(t.festivalId)],
);

/**
 * The secret of a user's private calendar feed (GET /api/feeds/favorites/<token>.ics): one per
 * user, replaced when rotated, so the old address stops working at once. `content_version` is the
 * state of the feed besides the catalogue's own version: triggers (migration lineup-versions) take
 * a new number from content_version_seq when the user's favourites change, or the editions, lineups
 * or artists' names of festivals they favourited, so the feed's key is the row its token finds.
 */
export const feedTokensTable = pgTable('feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usersTable.id, { onDelete: 'cascade' }),
  token: uuid('token').notNull().defaultRandom().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
});
