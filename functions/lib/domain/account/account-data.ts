import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '#db/client';
import {
  editionFactSourcesTable,
  factCorrectionsTable,
  artistFollowsTable,
  recommendationDismissalsTable,
  artistsTable,
  commentsTable,
  contactMessagesTable,
  favoritesTable,
  feedTokensTable,
  festivalChangesTable,
  festivalFactSourcesTable,
  watchedSourcesTable,
  detectedChangesTable,
  festivalOrganizersTable,
  festivalsTable,
  festivalUpdatesTable,
  mediaReportsTable,
  mediaTable,
  mediaVotesTable,
  newsletterSubscriptionsTable,
  notificationsTable,
  organizerClaimsTable,
  outboxTable,
  pushSubscriptionsTable,
  revokedSessionsTable,
  savedAlertsTable,
  timetablesTable,
  uploadsTable,
  userPreferencesTable,
  usersTable,
} from '#db/schema';
import { preferencesOf } from '../alerts/preferences';
import { togetherTables } from './together-data';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type AccountRow = typeof usersTable.$inferSelect;

/** One table in the export (its key and query, or why not) and in erasure (in its transaction, returning the files freed; or why kept). */
export interface AccountTable {
  export: { key: string; read: (db: Executor, user: AccountRow) => Promise<unknown> } | { omitted: string };
  erase: ((tx: Tx, user: AccountRow) => Promise<string[] | void>) | { kept: string };
}

/** Export of the rows whose `column` is the user's id, with these fields; erasure that deletes them. */
const ownRows =
  (table: PgTable, column: PgColumn, fields: SelectedFields) =>
  (db: Executor, user: AccountRow): Promise<unknown> =>
    db.select(fields).from(table).where(eq(column, user.id));
const removeRows = (table: PgTable, column: PgColumn) => async (tx: Tx, user: AccountRow) => {
  await tx.delete(table).where(eq(column, user.id));
};

/**
 * Every table that holds a user's id (or address), keyed by its SQL name: the one place that says
 * what the right of access and the right to erasure cover. A table holding a user id that is not
 * here fails tests/api/account.test.ts: a new one is added here with its export and erasure. The
 * account row itself (users) is the export's profile, and is anonymised after these (account.ts).
 */
export const accountTables: Record<string, AccountTable> = {
  user_preferences: {
    export: { key: 'preferences', read: (db, user) => preferencesOf(db, user.id) },
    erase: removeRows(userPreferencesTable, userPreferencesTable.userId),
  },
  favorites: {
    export: {
      key: 'favorites',
      read: (db, user) =>
        db
          .select({
            festival_id: favoritesTable.festivalId,
            name: festivalsTable.name,
            added_at: favoritesTable.createdAt,
          })
          .from(favoritesTable)
          .innerJoin(festivalsTable, eq(festivalsTable.id, favoritesTable.festivalId))
          .where(eq(favoritesTable.userId, user.id)),
    },
    erase: removeRows(favoritesTable, favoritesTable.userId),
  },
  artist_follows: {
    export: {
      key: 'follows',
      read: (db, user) =>
        db
          .select({
            artist_id: artistFollowsTable.artistId,
            name: artistsTable.name,
            followed_at: artistFollowsTable.createdAt,
          })
          .from(artistFollowsTable)
          .innerJoin(artistsTable, eq(artistsTable.id, artistFollowsTable.artistId))
          .where(eq(artistFollowsTable.userId, user.id)),
    },
    erase: removeRows(artistFollowsTable, artistFollowsTable.userId),
  },
  recommendation_dismissals: {
    export: {
      key: 'dismissed_recommendations',
      read: (db, user) =>
        db
          .select({
            festival_id: recommendationDismissalsTable.festivalId,
            name: festivalsTable.name,
            dismissed_at: recommendationDismissalsTable.createdAt,
          })
          .from(recommendationDismissalsTable)
          .innerJoin(festivalsTable, eq(festivalsTable.id, recommendationDismissalsTable.festivalId))
          .where(eq(recommendationDismissalsTable.userId, user.id)),
    },
    erase: removeRows(recommendationDismissalsTable, recommendationDismissalsTable.userId),
  },
  saved_alerts: {
    export: {
      key: 'alerts',
      read: ownRows(savedAlertsTable, savedAlertsTable.userId, {
        id: savedAlertsTable.id,
        name: savedAlertsTable.name,
        filters: savedAlertsTable.filters,
        channels: savedAlertsTable.channels,
        created_at: savedAlertsTable.createdAt,
      }),
    },
    erase: removeRows(savedAlertsTable, savedAlertsTable.userId),
  },
  timetables: {
    export: {
      key: 'timetables',
      read: (db, user) =>
        db
          .select({
            festival_id: timetablesTable.festivalId,
            name: festivalsTable.name,
            picks: timetablesTable.picks,
            share_token: timetablesTable.shareToken,
            updated_at: timetablesTable.updatedAt,
          })
          .from(timetablesTable)
          .innerJoin(festivalsTable, eq(festivalsTable.id, timetablesTable.festivalId))
          .where(eq(timetablesTable.userId, user.id)),
    },
    // With the rows go their share tokens: a shared link answers 404 from then on.
    erase: removeRows(timetablesTable, timetablesTable.userId),
  },
  comments: {
    export: {
      key: 'comments',
      read: ownRows(commentsTable, commentsTable.userId, {
        id: commentsTable.id,
        festival_id: commentsTable.festivalId,
        content: commentsTable.content,
        rating: commentsTable.rating,
        status: commentsTable.status,
        created_at: commentsTable.createdAt,
      }),
    },
    erase: {
      kept: "Other people's replies and the festivals' ratings rest on them: signed 'Usuario eliminado' by the anonymised account row.",
    },
  },
  festival_user_ratings: {
    export: { omitted: 'Derived from the approved comments, which the export holds.' },
    erase: { kept: 'Follows the comments, which stay.' },
  },
  media_votes: {
    export: {
      key: 'votes',
      read: ownRows(mediaVotesTable, mediaVotesTable.userId, {
        media_id: mediaVotesTable.mediaId,
        rating: mediaVotesTable.rating,
      }),
    },
    erase: removeRows(mediaVotesTable, mediaVotesTable.userId),
  },
  media_reports: {
    export: {
      key: 'reports',
      read: ownRows(mediaReportsTable, mediaReportsTable.userId, {
        id: mediaReportsTable.id,
        media_id: mediaReportsTable.mediaId,
        reason: mediaReportsTable.reason,
        details: mediaReportsTable.details,
      }),
    },
    // The report stays for the admins, without its author.
    erase: async (tx, user) => {
      await tx.update(mediaReportsTable).set({ userId: null }).where(eq(mediaReportsTable.userId, user.id));
    },
  },
  festivals: {
    export: {
      key: 'proposals',
      read: ownRows(festivalsTable, festivalsTable.proposedBy, {
        id: festivalsTable.id,
        name: festivalsTable.name,
        status: festivalsTable.status,
        created_at: festivalsTable.createdAt,
      }),
    },
    // The festival stays (approved ones are the catalogue's), without its proposer.
    erase: async (tx, user) => {
      await tx.update(festivalsTable).set({ proposedBy: null }).where(eq(festivalsTable.proposedBy, user.id));
    },
  },
  media: {
    export: {
      key: 'uploads',
      read: ownRows(mediaTable, mediaTable.userId, {
        id: mediaTable.id,
        festival_id: mediaTable.festivalId,
        type: mediaTable.type,
        url: mediaTable.url,
        caption: mediaTable.caption,
        status: mediaTable.status,
        uploaded_at: mediaTable.uploadedAt,
      }),
    },
    erase: async (tx, user) =>
      (await tx.delete(mediaTable).where(eq(mediaTable.userId, user.id)).returning({ key: mediaTable.storageKey }))
        .map((m) => m.key)
        .filter((k): k is string => Boolean(k)),
  },
  uploads: {
    export: { omitted: "Records of signed uploads: what was published is under 'uploads' (photos) and 'proposals'." },
    // A picture tied to a festival (its image, a proposal's photo) is the festival's: it stays, without its
    // uploader. The rest goes with its file, unless something else still names the file (removeStoredObjects).
    erase: async (tx, user) => {
      await tx
        .update(uploadsTable)
        .set({ userId: null })
        .where(and(eq(uploadsTable.userId, user.id), isNotNull(uploadsTable.festivalId)));
      const removed = await tx
        .delete(uploadsTable)
        .where(and(eq(uploadsTable.userId, user.id), isNull(uploadsTable.festivalId)))
        .returning({ key: uploadsTable.key });
      return removed.map((u) => u.key);
    },
  },
  notifications: {
    export: {
      key: 'notifications',
      read: ownRows(notificationsTable, notificationsTable.userId, {
        id: notificationsTable.id,
        type: notificationsTable.type,
        message: notificationsTable.message,
        read: notificationsTable.read,
        created_at: notificationsTable.createdAt,
      }),
    },
    erase: removeRows(notificationsTable, notificationsTable.userId),
  },
  outbox: {
    export: { omitted: 'Copies of messages already sent or about to be, written from the data the export holds.' },
    erase: async (tx, user) => {
      await tx
        .delete(outboxTable)
        .where(or(eq(outboxTable.userId, user.id), sql`lower(${outboxTable.email}) = lower(${user.email})`));
    },
  },
  contact_messages: {
    export: {
      key: 'contact_messages',
      read: ownRows(contactMessagesTable, contactMessagesTable.userId, {
        id: contactMessagesTable.id,
        subject: contactMessagesTable.subject,
        message: contactMessagesTable.message,
        created_at: contactMessagesTable.createdAt,
      }),
    },
    erase: removeRows(contactMessagesTable, contactMessagesTable.userId),
  },
  push_subscriptions: {
    export: {
      key: 'push_devices',
      read: ownRows(pushSubscriptionsTable, pushSubscriptionsTable.userId, {
        endpoint: pushSubscriptionsTable.endpoint,
        created_at: pushSubscriptionsTable.createdAt,
      }),
    },
    erase: removeRows(pushSubscriptionsTable, pushSubscriptionsTable.userId),
  },
  newsletter_subscriptions: {
    export: {
      key: 'newsletter',
      read: (db, user) =>
        db
          .select({
            email: newsletterSubscriptionsTable.email,
            confirmed_at: newsletterSubscriptionsTable.confirmedAt,
            created_at: newsletterSubscriptionsTable.createdAt,
          })
          .from(newsletterSubscriptionsTable)
          .where(sql`lower(${newsletterSubscriptionsTable.email}) = lower(${user.email})`),
    },
    erase: async (tx, user) => {
      await tx
        .delete(newsletterSubscriptionsTable)
        .where(sql`lower(${newsletterSubscriptionsTable.email}) = lower(${user.email})`);
    },
  },
  feed_tokens: {
    export: {
      key: 'calendar_feed',
      read: async (db, user) => {
        const [feed] = await db
          .select({ created_at: feedTokensTable.createdAt })
          .from(feedTokensTable)
          .where(eq(feedTokensTable.userId, user.id));
        return feed ?? null;
      },
    },
    erase: removeRows(feedTokensTable, feedTokensTable.userId),
  },
  revoked_sessions: {
    export: { omitted: 'Ids of sessions already ended: nothing about the person.' },
    erase: removeRows(revokedSessionsTable, revokedSessionsTable.userId),
  },
  // Organising ends with the account; what they published and changed stays the festival's, unsigned.
  festival_organizers: {
    export: {
      key: 'organizing',
      read: ownRows(festivalOrganizersTable, festivalOrganizersTable.userId, {
        festival_id: festivalOrganizersTable.festivalId,
        since: festivalOrganizersTable.createdAt,
      }),
    },
    erase: async (tx, user) => {
      await tx.delete(festivalOrganizersTable).where(eq(festivalOrganizersTable.userId, user.id));
      await tx
        .update(festivalOrganizersTable)
        .set({ grantedBy: null })
        .where(eq(festivalOrganizersTable.grantedBy, user.id));
    },
  },
  organizer_claims: {
    export: {
      key: 'organizer_claims',
      read: ownRows(organizerClaimsTable, organizerClaimsTable.userId, {
        id: organizerClaimsTable.id,
        festival_id: organizerClaimsTable.festivalId,
        method: organizerClaimsTable.method,
        email: organizerClaimsTable.email,
        status: organizerClaimsTable.status,
        created_at: organizerClaimsTable.createdAt,
      }),
    },
    erase: async (tx, user) => {
      await tx.delete(organizerClaimsTable).where(eq(organizerClaimsTable.userId, user.id));
      await tx.update(organizerClaimsTable).set({ decidedBy: null }).where(eq(organizerClaimsTable.decidedBy, user.id));
    },
  },
  // An import's source, a watched page and a decided change stay the festival's, unsigned (as its history).
  fact_corrections: {
    export: {
      key: 'fact_corrections',
      read: (tx, user) =>
        tx
          .select({
            festival_id: factCorrectionsTable.festivalId,
            name: festivalsTable.name,
            group: factCorrectionsTable.factGroup,
            field: factCorrectionsTable.field,
            value: factCorrectionsTable.value,
            source_url: factCorrectionsTable.sourceUrl,
            note: factCorrectionsTable.note,
            status: factCorrectionsTable.status,
            proposed_at: factCorrectionsTable.createdAt,
          })
          .from(factCorrectionsTable)
          .innerJoin(festivalsTable, eq(festivalsTable.id, factCorrectionsTable.festivalId))
          .where(eq(factCorrectionsTable.userId, user.id)),
    },
    // The person's own proposals go; an admin's decisions on others' stay, unsigned.
    erase: async (tx, user) => {
      await removeRows(factCorrectionsTable, factCorrectionsTable.userId)(tx, user);
      await tx.update(factCorrectionsTable).set({ decidedBy: null }).where(eq(factCorrectionsTable.decidedBy, user.id));
    },
  },
  edition_fact_sources: {
    export: {
      omitted: "Who entered an edition's tiers or facts: the festival's record, unsigned when the account goes.",
    },
    erase: async (tx, user) => {
      await tx
        .update(editionFactSourcesTable)
        .set({ enteredBy: null })
        .where(eq(editionFactSourcesTable.enteredBy, user.id));
    },
  },
  festival_fact_sources: {
    export: { omitted: "Who confirmed an import's facts: the festival's record, unsigned when the account goes." },
    erase: async (tx, user) => {
      await tx
        .update(festivalFactSourcesTable)
        .set({ enteredBy: null })
        .where(eq(festivalFactSourcesTable.enteredBy, user.id));
    },
  },
  watched_sources: {
    export: { omitted: "Who added a festival's watched page: the festival's record, unsigned when the account goes." },
    erase: async (tx, user) => {
      await tx.update(watchedSourcesTable).set({ createdBy: null }).where(eq(watchedSourcesTable.createdBy, user.id));
    },
  },
  detected_changes: {
    export: {
      omitted: "Who applied or dismissed a detected change: the festival's record, unsigned when the account goes.",
    },
    erase: async (tx, user) => {
      await tx.update(detectedChangesTable).set({ decidedBy: null }).where(eq(detectedChangesTable.decidedBy, user.id));
    },
  },
  festival_changes: {
    export: {
      key: 'festival_changes',
      read: ownRows(festivalChangesTable, festivalChangesTable.actorId, {
        id: festivalChangesTable.id,
        festival_id: festivalChangesTable.festivalId,
        entity: festivalChangesTable.entity,
        fields: festivalChangesTable.fields,
        created_at: festivalChangesTable.createdAt,
      }),
    },
    erase: async (tx, user) => {
      await tx.update(festivalChangesTable).set({ actorId: null }).where(eq(festivalChangesTable.actorId, user.id));
    },
  },
  festival_updates: {
    export: {
      key: 'festival_updates',
      read: ownRows(festivalUpdatesTable, festivalUpdatesTable.authorId, {
        id: festivalUpdatesTable.id,
        festival_id: festivalUpdatesTable.festivalId,
        title: festivalUpdatesTable.title,
        created_at: festivalUpdatesTable.createdAt,
      }),
    },
    erase: async (tx, user) => {
      await tx.update(festivalUpdatesTable).set({ authorId: null }).where(eq(festivalUpdatesTable.authorId, user.id));
      await tx.update(festivalUpdatesTable).set({ hiddenBy: null }).where(eq(festivalUpdatesTable.hiddenBy, user.id));
    },
  },
  audit_log: {
    export: { omitted: "An admin's moderation record, kept for accountability; it names the account, not the person." },
    erase: { kept: 'Points at the anonymised account row.' },
  },
  ...togetherTables,
};
