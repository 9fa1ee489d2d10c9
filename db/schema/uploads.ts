import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';
import { mediaTable } from './media';

/** Presigned upload keys we issued, so a confirm can only claim an object we signed for. */
export const uploadsTable = pgTable(
  'uploads',
  {
    id: id(),
    key: text('key').notNull().unique(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    festivalId: integer('festival_id').references(() => festivalsTable.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['gallery', 'festival', 'admin', 'organizer'] }).notNull(),
    contentType: text('content_type').notNull(),
    /** The length signed into the upload URL; null when none was (the admin call without fileSize) until confirm records it. */
    contentLength: integer('content_length'),
    status: text('status', { enum: ['issued', 'confirmed'] })
      .notNull()
      .default('issued'),
    mediaId: integer('media_id').references(() => mediaTable.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_purpose_check', sql`${t.purpose} in ('gallery', 'festival', 'admin', 'organizer')`),
    check('uploads_status_check', sql`${t.status} in ('issued', 'confirmed')`),
    check('uploads_content_length_range', sql`${t.contentLength} between 1024 and 5242880`),
    index('uploads_user_idx').on(t.userId),
    // The sweep of unconfirmed uploads reads the old issued rows only.
    index('uploads_issued_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'issued'`),
  ],
);
