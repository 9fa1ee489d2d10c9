import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { digestModes, notificationTypes } from '#core/types';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const id = () => serial('id').primaryKey();

export const usersTable = pgTable(
  'users',
  {
    id: id(),
    googleSub: text('google_sub').unique(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
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

export const festivalsTable = pgTable(
  'festivals',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * Normalised name + location (lowercase, no accents), the duplicate key: one approved festival
     * per key, and one pending proposal per key and proposer. Proposals of different users may share
     * a key (a pending one must not block or reveal another's); admins see them as possible duplicates.
     */
    dedupeKey: text('dedupe_key').notNull(),
    description: text('description'),
    location: text('location'),
    address: text('address'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    website: text('website'),
    imageUrl: text('image_url'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geocodedFrom: text('geocoded_from'),
    geocodedAt: timestamp('geocoded_at', { withTimezone: true, mode: 'date' }),
    transportation: text('transportation'),
    parkingInfo: text('parking_info'),
    accommodation: text('accommodation'),
    proposedBy: integer('proposed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The edition whose dates start_date/end_date are; kept by triggers (see festivalEditionsTable). */
    currentEditionId: integer('current_edition_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('festivals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('festivals_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('festivals_description_length', sql`char_length(${t.description}) <= 20000`),
    check('festivals_dates_order', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('festivals_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('festivals_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('festivals_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    uniqueIndex('festivals_dedupe_approved_key').on(t.dedupeKey).where(sql`${t.status} = 'approved'`),
    uniqueIndex('festivals_dedupe_proposer_key').on(t.proposedBy, t.dedupeKey).where(sql`${t.status} = 'pending'`),
    index('festivals_dedupe_active_idx').on(t.dedupeKey).where(sql`${t.status} in ('pending', 'approved')`),
    index('festivals_status_start_idx').on(t.status, t.startDate),
    index('festivals_proposed_by_idx').on(t.proposedBy),
  ],
);

export const genresTable = pgTable(
  'genres',
  {
    id: id(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('genres_name_key').on(sql`lower(${t.name})`), check('genres_name_length', sql`char_length(${t.name}) between 1 and 50`)],
);

export const festivalGenresTable = pgTable(
  'festival_genres',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genresTable.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.festivalId, t.genreId] }), index('festival_genres_genre_idx').on(t.genreId)],
);

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
    status: text('status', { enum: ['pending', 'approved'] }).notNull().default('pending'),
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
    index('comments_festival_approved_idx').on(t.festivalId, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    // One author's comments on one festival: their newest approved one is their rating, their pending ones they alone see.
    index('comments_festival_author_idx').on(t.festivalId, t.userId, t.createdAt.desc(), t.id.desc()),
    index('comments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
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
  (t) => [primaryKey({ columns: [t.festivalId, t.userId] }), check('festival_user_ratings_rating_range', sql`${t.rating} between 1 and 5`)],
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
    check('festival_ratings_consistent', sql`${t.ratingsCount} >= 0 and ${t.ratingsSum} between ${t.ratingsCount} and 5 * ${t.ratingsCount}`),
  ],
);

export const mediaTable = pgTable(
  'media',
  {
    id: id(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => commentsTable.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['image', 'video'] }).notNull().default('image'),
    url: text('url').notNull(),
    /** Key in the upload storage when we hold the object; null for external URLs. */
    storageKey: text('storage_key'),
    caption: text('caption'),
    comment: text('comment'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
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
    index('media_festival_public_idx').on(t.festivalId, t.uploadedAt.desc()).where(sql`${t.status} = 'approved' and ${t.hiddenAt} is null`),
    index('media_pending_idx').on(t.uploadedAt).where(sql`${t.status} = 'pending'`),
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
    check('media_reports_reason_check', sql`${t.reason} in ('Violencia', 'Contenido sexual', 'Spam/publicidad', 'Copyright', 'Otro')`),
    check('media_reports_details_length', sql`char_length(${t.details}) <= 1000`),
    index('media_reports_media_idx').on(t.mediaId),
    index('media_reports_created_idx').on(t.createdAt.desc()),
  ],
);

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
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventKey).where(sql`${t.eventKey} is not null`),
  ],
);

export const newsletterSubscriptionsTable = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    /** Secret of the confirmation and one-click unsubscribe links (random, 122 bits). */
    token: uuid('token').notNull().defaultRandom().unique(),
    /** Double opt-in: only confirmed addresses receive the digest; null until the link is followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`), check('newsletter_email_length', sql`char_length(${t.email}) <= 254`)],
);

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

/** Presigned upload keys we issued, so a confirm can only claim an object we signed for. */
export const uploadsTable = pgTable(
  'uploads',
  {
    id: id(),
    key: text('key').notNull().unique(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    festivalId: integer('festival_id').references(() => festivalsTable.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['gallery', 'festival', 'admin'] }).notNull(),
    contentType: text('content_type').notNull(),
    /** The length signed into the upload URL; null when none was (the admin call without fileSize) until confirm records it. */
    contentLength: integer('content_length'),
    status: text('status', { enum: ['issued', 'confirmed'] }).notNull().default('issued'),
    mediaId: integer('media_id').references(() => mediaTable.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_purpose_check', sql`${t.purpose} in ('gallery', 'festival', 'admin')`),
    check('uploads_status_check', sql`${t.status} in ('issued', 'confirmed')`),
    check('uploads_content_length_range', sql`${t.contentLength} between 1024 and 5242880`),
    index('uploads_user_idx').on(t.userId),
    // The sweep of unconfirmed uploads reads the old issued rows only.
    index('uploads_issued_created_idx').on(t.createdAt).where(sql`${t.status} = 'issued'`),
  ],
);

/**
 * Bumped by triggers (migration 0002) on every write to a festival's comments, media or votes, so
 * any instance can tell in one primary-key read whether its cached public lists are still current
 * (functions/lib/response-cache.ts). No foreign key: the triggers also fire while a festival's
 * rows are cascade-deleted, and an orphan row costs nothing.
 */
export const festivalListVersionsTable = pgTable('festival_list_versions', {
  festivalId: integer('festival_id').primaryKey(),
  commentsVersion: bigint('comments_version', { mode: 'number' }).notNull().default(0),
  mediaVersion: bigint('media_version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row: a counter that triggers (migration catalogue-version) raise on every statement that
 * writes what the public catalogue is read from (festivals, their genres, genre names and rating
 * counters). Each instance keeps the catalogue in memory and rebuilds it only when this number
 * moved, checked with one primary-key read at most every half second
 * (functions/lib/festival-store.ts).
 */
export const catalogueVersionTable = pgTable(
  'catalogue_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/** Fixed-window counters for abuse limits; in Postgres so they hold across Lambda instances. */
export const rateLimitsTable = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Who did what and when in moderation, so a wrong decision can be traced. */
export const auditLogTable = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_created_idx').on(t.createdAt.desc())],
);

/** What the worker needs to deliver one outbox row; rendered when the event happens. */
export interface OutboxPayload {
  subject: string;
  heading: string;
  paragraphs: string[];
  items?: { title: string; url: string; detail?: string }[];
  action?: { label: string; url: string };
  /** Why the recipient gets it (printed above the unsubscribe link). */
  reason: string;
  /** Newsletter rows: the one-click unsubscribe of that subscription. User rows build theirs from the user. */
  unsubscribeUrl?: string;
  /** The page a push notification opens. */
  url?: string;
}

/**
 * Work that must not wait on a request (decision 030): one row per event, recipient and channel,
 * written in the same transaction as the change that caused it. The unique key makes writing the
 * same event twice a no-op; the worker claims rows with FOR UPDATE SKIP LOCKED and marks each sent
 * in the transaction that holds its lock.
 */
export const outboxTable = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event, stable across retries and re-runs: 'lineup:12:artist:40', 'newsletter-confirm:7', ... */
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    /** 'u:<user id>' or 'e:<lower-case address>': one delivery per recipient and event. */
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'cascade' }),
    /** Set for recipients without an account (newsletter). */
    email: text('email'),
    /** Kind of message, for preferences and digests: 'newsletter-confirm', 'festival-dates', ... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>().notNull(),
    /** held: waits for the recipient's daily or weekly digest instead of going alone. */
    status: text('status', { enum: ['pending', 'held', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_delivery_key').on(t.eventKey, t.channel, t.recipient),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'push')`),
    check('outbox_status_check', sql`${t.status} in ('pending', 'held', 'sent', 'failed', 'dropped')`),
    check('outbox_recipient_present', sql`${t.userId} is not null or ${t.email} is not null`),
    // The worker's claim: due pending rows in order.
    index('outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('outbox_held_idx').on(t.userId).where(sql`${t.status} = 'held'`),
    index('outbox_user_idx').on(t.userId),
  ],
);

/** Addresses a mail server refused for good (hard bounce): nothing more is sent to them. */
export const mailSuppressionsTable = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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

const httpUrl = (column: unknown) => sql`${column} is null or (${column} ~* '^https?://' and char_length(${column}) <= 500)`;

/**
 * Artists, unique by `name_key` (artist_name_key: case, accents, punctuation and a "DJ" prefix
 * ignored), so the same artist is never created twice whoever types the name.
 */
export const artistsTable = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`artist_name_key(name)`),
    slug: text('slug').notNull(),
    country: text('country'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    photoUrl: text('photo_url'),
    website: text('website'),
    instagram: text('instagram'),
    soundcloud: text('soundcloud'),
    spotify: text('spotify'),
    residentAdvisor: text('resident_advisor'),
    bandcamp: text('bandcamp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_name_key').on(t.nameKey),
    // Searches match any part of the key (like '%…%'), which a b-tree cannot serve: a trigram index
    // (pg_trgm) finds the candidate rows instead of reading every artist.
    index('artists_name_key_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
    check('artists_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('artists_name_key_not_empty', sql`${t.nameKey} <> ''`),
    check('artists_country_length', sql`char_length(${t.country}) <= 100`),
    check('artists_genres_count', sql`cardinality(${t.genres}) <= 12`),
    check('artists_photo_url', httpUrl(t.photoUrl)),
    check('artists_website_url', httpUrl(t.website)),
    check('artists_instagram_url', httpUrl(t.instagram)),
    check('artists_soundcloud_url', httpUrl(t.soundcloud)),
    check('artists_spotify_url', httpUrl(t.spotify)),
    check('artists_resident_advisor_url', httpUrl(t.residentAdvisor)),
    check('artists_bandcamp_url', httpUrl(t.bandcamp)),
  ],
);

/**
 * One edition per festival and year. Triggers (migration editions-current) keep the festival's
 * start_date/end_date equal to its current edition's (the next one not over, else the latest), and
 * turn a direct write of a festival's dates (the proposal and admin forms) into that year's edition.
 */
export const festivalEditionsTable = pgTable(
  'festival_editions',
  {
    id: serial('id').primaryKey(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivalsTable.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: ['announced', 'confirmed', 'cancelled'] }).notNull().default('confirmed'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('festival_editions_festival_year_key').on(t.festivalId, t.year),
    check('festival_editions_status_check', sql`${t.status} in ('announced', 'confirmed', 'cancelled')`),
    check('festival_editions_year_matches', sql`${t.year} = extract(year from ${t.startDate})`),
    check('festival_editions_dates_order', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('festival_editions_notes_length', sql`char_length(${t.notes}) <= 2000`),
  ],
);

/** An edition's lineup, in the order the poster gives (`position`); replaced as a whole by the admin. */
export const lineupEntriesTable = pgTable(
  'lineup_entries',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    // An artist on a lineup cannot be deleted: merged into another, or taken off the lineups first.
    artistId: integer('artist_id')
      .notNull()
      .references(() => artistsTable.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    billing: text('billing', { enum: ['headliner', 'regular'] }).notNull().default('regular'),
    day: date('day', { mode: 'string' }),
    stage: text('stage'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('lineup_entries_edition_position_key').on(t.editionId, t.position),
    index('lineup_entries_artist_idx').on(t.artistId, t.editionId),
    check('lineup_entries_billing_check', sql`${t.billing} in ('headliner', 'regular')`),
    check('lineup_entries_position_range', sql`${t.position} between 0 and 499`),
    check('lineup_entries_stage_length', sql`char_length(${t.stage}) between 1 and 100`),
    check('lineup_entries_times_order', sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** What a ticket for an edition costs and where to buy it (indicative, as the dates). */
export const editionTicketsTable = pgTable(
  'edition_tickets',
  {
    editionId: integer('edition_id')
      .primaryKey()
      .references(() => festivalEditionsTable.id, { onDelete: 'cascade' }),
    priceFrom: numeric('price_from', { precision: 8, scale: 2, mode: 'number' }),
    priceTo: numeric('price_to', { precision: 8, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('EUR'),
    ticketUrl: text('ticket_url'),
    onSaleAt: timestamp('on_sale_at', { withTimezone: true, mode: 'date' }),
    soldOut: boolean('sold_out').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('edition_tickets_price_from_range', sql`${t.priceFrom} between 0 and 10000`),
    check('edition_tickets_price_to_range', sql`${t.priceTo} between 0 and 10000`),
    check('edition_tickets_prices_order', sql`${t.priceTo} is null or ${t.priceFrom} is null or ${t.priceTo} >= ${t.priceFrom}`),
    check('edition_tickets_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('edition_tickets_url', httpUrl(t.ticketUrl)),
  ],
);

/** Artists a user follows: an artist added to any lineup tells them. */
export const artistFollowsTable = pgTable(
  'artist_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artistsTable.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artistId] }), index('artist_follows_artist_idx').on(t.artistId)],
);

/** Channels per kind of alert: `{ "festivals": { "inApp": true, "email": false, "push": true }, ... }`. */
export type AlertChannels = Partial<Record<string, { inApp: boolean; email: boolean; push: boolean }>>;

/**
 * A user's notification preferences; no row means the defaults (every channel on, one email per
 * event). A kind missing from `channels` has every channel on.
 */
export const userPreferencesTable = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').$type<AlertChannels>().notNull().default({}),
    digest: text('digest', { enum: digestModes }).notNull().default('immediate'),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_preferences_digest_check', sql`${t.digest} in ('immediate', 'daily', 'weekly')`)],
);

/** A browser's Web Push subscription (one per device); dropped when the push service answers 404 or 410. */
export const pushSubscriptionsTable = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), check('push_subscriptions_endpoint_length', sql`char_length(${t.endpoint}) <= 1000`)],
);

/** A saved search: a newly approved festival that matches its filters tells its owner. */
export const savedAlertsTable = pgTable(
  'saved_alerts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string | number>>().notNull(),
    channels: jsonb('channels').$type<{ inApp: boolean; email: boolean; push: boolean }>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_alerts_user_idx').on(t.userId), check('saved_alerts_name_length', sql`char_length(${t.name}) between 1 and 100`)],
);

/**
 * Events a scheduled job has already fanned out (reminders, digests): the job runs every minute on
 * AWS and must write each event's rows once, not look for them again every run.
 */
export const alertEventsTable = pgTable('alert_events', {
  eventKey: text('event_key').primaryKey(),
  createdAt: createdAt(),
});

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
    picks: integer('picks').array().notNull().default(sql`'{}'::integer[]`),
    shareToken: uuid('share_token').unique(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.festivalId] }), check('timetables_picks_count', sql`cardinality(${t.picks}) <= 500`)],
);
