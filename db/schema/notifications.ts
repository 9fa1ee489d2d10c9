import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { notificationTypes } from '#core/types';
import { createdAt, id } from './columns';
import { usersTable } from './users';

export const notificationsTable = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    message: text('message').notNull(),
    /** The page the notification leads to (a festival's, an artist's). */
    url: text('url'),
    /** The alert it comes from ('edition:12:cancelled', ...): one notification per user and event. */
    eventKey: text('event_key'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_type_check', sql.raw(`type in (${notificationTypes.map((v) => `'${v}'`).join(', ')})`)),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('notifications_user_event_key')
      .on(t.userId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
  ],
);
