import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const usersTable = pgTable(
  'users',
  {
    id: id(),
    googleSub: text('google_sub').unique(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * Every session token carries the version it was issued under; raising it signs the user out
     * everywhere at once ('Cerrar sesión en todos los dispositivos'). A trigger raises it when an
     * admin loses the role (migration users-session-version-on-demotion).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_name_length', sql`char_length(${t.name}) between 1 and 200`),
  ],
);

/**
 * Sessions ended with 'Cerrar sesión' before their token expired: one device's token stops working
 * while the user's other devices stay signed in. Rows are useless after `expires_at` and are swept.
 */
export const revokedSessionsTable = pgTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
