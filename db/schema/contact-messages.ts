import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { usersTable } from './users';

export const contactMessagesTable = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category'),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'contact_messages_category_check',
      sql`${t.category} is null or ${t.category} in ('general', 'festivals', 'partnership', 'support', 'business', 'press')`,
    ),
    check('contact_messages_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('contact_messages_subject_length', sql`char_length(${t.subject}) between 1 and 200`),
    check('contact_messages_message_length', sql`char_length(${t.message}) between 1 and 5000`),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);
