import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
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
 * user, replaced when rotated, so the old address stops working at once.
 */
export const feedTokensTable = pgTable('feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usersTable.id, { onDelete: 'cascade' }),
  token: uuid('token').notNull().defaultRandom().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
