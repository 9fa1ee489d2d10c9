import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { usersTable } from './users';
import { festivalsTable } from './festivals';
import { commentsTable } from './comments';

export const mediaTable = pgTable(
  'media',
  {
    id: id(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => commentsTable.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    url: text('url').notNull(),
    /** Key in the upload storage when we hold the object; null for external URLs. */
    storageKey: text('storage_key'),
    caption: text('caption'),
    comment: text('comment'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Set by an admin's "Ocultar": the item leaves the public gallery whatever its status. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('media_type_check', sql`${t.type} in ('image', 'video')`),
    check('media_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('media_url_length', sql`char_length(${t.url}) between 1 and 2048`),
    check('media_caption_length', sql`char_length(${t.caption}) <= 300`),
    check('media_comment_length', sql`char_length(${t.comment}) <= 300`),
    index('media_festival_public_idx')
      .on(t.festivalId, t.uploadedAt.desc())
      .where(sql`${t.status} = 'approved' and ${t.hiddenAt} is null`),
    index('media_pending_idx')
      .on(t.uploadedAt)
      .where(sql`${t.status} = 'pending'`),
    index('media_user_idx').on(t.userId),
  ],
);

/** One resized copy of a stored photo, as kept in image_variants.variants. */
export interface StoredImageVariant {
  key: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  bytes: number;
}

/**
 * The resized AVIF and WebP copies of a photo we store, keyed by the photo's storage key (decision
 * 040): a media item finds them through media.storage_key, a festival's image through the key its
 * image_url points at. Written when the upload is confirmed, or by `npm run media:reprocess` for
 * photos stored before; no foreign key, since the key may belong to a media row, a festival or a
 * proposal's photo, and the row goes with the objects it describes.
 */
export const imageVariantsTable = pgTable(
  'image_variants',
  {
    key: text('key').primaryKey(),
    /** The photo's size once turned upright, so the page can reserve its box before it loads. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** ThumbHash, base64: a blurred preview drawn while the photo loads. */
    placeholder: text('placeholder').notNull(),
    variants: jsonb('variants').$type<StoredImageVariant[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('image_variants_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    check('image_variants_placeholder_length', sql`char_length(${t.placeholder}) <= 200`),
  ],
);

export const mediaVotesTable = pgTable(
  'media_votes',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.userId] }),
    check('media_votes_rating_range', sql`${t.rating} between 1 and 5`),
    index('media_votes_user_idx').on(t.userId),
    // Lets the gallery's per-item average and count read the index alone (index-only scan).
    index('media_votes_media_rating_idx').on(t.mediaId, t.rating),
  ],
);

/**
 * Per-photo vote counters (how many votes and their sum), kept by statement triggers on media_votes
 * (migration festival-counters, decision 043) in the transaction of each vote: the gallery, the vote's
 * answer and the admin's media list read the average and count from one row instead of
 * aggregating the photo's votes (100,000 on the busiest generated photo). No row means no vote.
 */
export const mediaVoteCountsTable = pgTable(
  'media_vote_counts',
  {
    mediaId: integer('media_id')
      .primaryKey()
      .references(() => mediaTable.id, { onDelete: 'cascade' }),
    votesCount: integer('votes_count').notNull().default(0),
    votesSum: integer('votes_sum').notNull().default(0),
  },
  (t) => [
    check(
      'media_vote_counts_consistent',
      sql`${t.votesCount} >= 0 and ${t.votesSum} between ${t.votesCount} and 5 * ${t.votesCount}`,
    ),
  ],
);

export const mediaReportsTable = pgTable(
  'media_reports',
  {
    id: id(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaTable.id, { onDelete: 'cascade' }),
    /** Reporter when a token was sent; reports are open to anyone, signed in or not. */
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'media_reports_reason_check',
      sql`${t.reason} in ('Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro')`,
    ),
    check('media_reports_details_length', sql`char_length(${t.details}) <= 1000`),
    index('media_reports_media_idx').on(t.mediaId),
    index('media_reports_created_idx').on(t.createdAt.desc()),
  ],
);
