import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';

/**
 * A signed-in person's own timetable of a festival ('Mi horario'): the lineup entries they picked
 * (ids of lineup_entries, checked against the festival's current lineup when written) and, once
 * they share it, the token of its read-only link (null again when revoked).
 */
export const timetablesTable = pgTable(
  'timetables',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    picks: integer('picks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    shareToken: uuid('share_token').unique(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.festivalId] }),
    // A festival's timetables (who picked a set, for its reminders): the key starts with the user.
    index('timetables_festival_idx').on(t.festivalId),
    check('timetables_picks_count', sql`cardinality(${t.picks}) <= 500`),
  ],
);
