import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import {
  artistFollowsTable,
  artistsTable,
  commentsTable,
  contactMessagesTable,
  favoritesTable,
  feedTokensTable,
  festivalChangesTable,
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
  savedAlertsTable,
  uploadsTable,
  userPreferencesTable,
  usersTable,
} from '#db/schema';
import { notFound } from '../../errors';
import { invalidateCatalog } from '../festivals/festival-store';
import { removeStoredObjects } from '../uploads/stored-objects';
import { preferencesOf } from '../alerts/preferences';
import { deletedAccountEmail } from './deleted-account';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * GET /api/users/me/export: everything we hold about the user, as JSON (the right of access and
 * portability). One query per kind of record, whatever their number.
 */
export async function exportAccount(database: Database, userId: number) {
  const [user] = await database.select().from(usersTable).where(eq(usersTable.id, userId));
  if (!user) throw notFound('Cuenta no encontrada.', 'user_not_found');
  const [
    favorites,
    follows,
    alerts,
    comments,
    votes,
    reports,
    proposals,
    uploads,
    notifications,
    contact,
    devices,
    newsletter,
    feed,
    preferences,
    organizing,
    claims,
    changes,
    updates,
  ] = await Promise.all([
    database
      .select({ festival_id: favoritesTable.festivalId, name: festivalsTable.name, added_at: favoritesTable.createdAt })
      .from(favoritesTable)
      .innerJoin(festivalsTable, eq(festivalsTable.id, favoritesTable.festivalId))
      .where(eq(favoritesTable.userId, userId)),
    database
      .select({
        artist_id: artistFollowsTable.artistId,
        name: artistsTable.name,
        followed_at: artistFollowsTable.createdAt,
      })
      .from(artistFollowsTable)
      .innerJoin(artistsTable, eq(artistsTable.id, artistFollowsTable.artistId))
      .where(eq(artistFollowsTable.userId, userId)),
    database
      .select({
        id: savedAlertsTable.id,
        name: savedAlertsTable.name,
        filters: savedAlertsTable.filters,
        channels: savedAlertsTable.channels,
        created_at: savedAlertsTable.createdAt,
      })
      .from(savedAlertsTable)
      .where(eq(savedAlertsTable.userId, userId)),
    database
      .select({
        id: commentsTable.id,
        festival_id: commentsTable.festivalId,
        content: commentsTable.content,
        rating: commentsTable.rating,
        status: commentsTable.status,
        created_at: commentsTable.createdAt,
      })
      .from(commentsTable)
      .where(eq(commentsTable.userId, userId)),
    database
      .select({ media_id: mediaVotesTable.mediaId, rating: mediaVotesTable.rating })
      .from(mediaVotesTable)
      .where(eq(mediaVotesTable.userId, userId)),
    database
      .select({
        id: mediaReportsTable.id,
        media_id: mediaReportsTable.mediaId,
        reason: mediaReportsTable.reason,
        details: mediaReportsTable.details,
      })
      .from(mediaReportsTable)
      .where(eq(mediaReportsTable.userId, userId)),
    database
      .select({
        id: festivalsTable.id,
        name: festivalsTable.name,
        status: festivalsTable.status,
        created_at: festivalsTable.createdAt,
      })
      .from(festivalsTable)
      .where(eq(festivalsTable.proposedBy, userId)),
    database
      .select({
        id: mediaTable.id,
        festival_id: mediaTable.festivalId,
        type: mediaTable.type,
        url: mediaTable.url,
        caption: mediaTable.caption,
        status: mediaTable.status,
        uploaded_at: mediaTable.uploadedAt,
      })
      .from(mediaTable)
      .where(eq(mediaTable.userId, userId)),
    database
      .select({
        id: notificationsTable.id,
        type: notificationsTable.type,
        message: notificationsTable.message,
        read: notificationsTable.read,
        created_at: notificationsTable.createdAt,
      })
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, userId)),
    database
      .select({
        id: contactMessagesTable.id,
        subject: contactMessagesTable.subject,
        message: contactMessagesTable.message,
        created_at: contactMessagesTable.createdAt,
      })
      .from(contactMessagesTable)
      .where(eq(contactMessagesTable.userId, userId)),
    database
      .select({ endpoint: pushSubscriptionsTable.endpoint, created_at: pushSubscriptionsTable.createdAt })
      .from(pushSubscriptionsTable)
      .where(eq(pushSubscriptionsTable.userId, userId)),
    database
      .select({
        email: newsletterSubscriptionsTable.email,
        confirmed_at: newsletterSubscriptionsTable.confirmedAt,
        created_at: newsletterSubscriptionsTable.createdAt,
      })
      .from(newsletterSubscriptionsTable)
      .where(sql`lower(${newsletterSubscriptionsTable.email}) = lower(${user.email})`),
    database
      .select({ created_at: feedTokensTable.createdAt })
      .from(feedTokensTable)
      .where(eq(feedTokensTable.userId, userId)),
    preferencesOf(database, userId),
    database
      .select({ festival_id: festivalOrganizersTable.festivalId, since: festivalOrganizersTable.createdAt })
      .from(festivalOrganizersTable)
      .where(eq(festivalOrganizersTable.userId, userId)),
    database
      .select({
        id: organizerClaimsTable.id,
        festival_id: organizerClaimsTable.festivalId,
        method: organizerClaimsTable.method,
        email: organizerClaimsTable.email,
        status: organizerClaimsTable.status,
        created_at: organizerClaimsTable.createdAt,
      })
      .from(organizerClaimsTable)
      .where(eq(organizerClaimsTable.userId, userId)),
    database
      .select({
        id: festivalChangesTable.id,
        festival_id: festivalChangesTable.festivalId,
        entity: festivalChangesTable.entity,
        fields: festivalChangesTable.fields,
        created_at: festivalChangesTable.createdAt,
      })
      .from(festivalChangesTable)
      .where(eq(festivalChangesTable.actorId, userId)),
    database
      .select({
        id: festivalUpdatesTable.id,
        festival_id: festivalUpdatesTable.festivalId,
        title: festivalUpdatesTable.title,
        created_at: festivalUpdatesTable.createdAt,
      })
      .from(festivalUpdatesTable)
      .where(eq(festivalUpdatesTable.authorId, userId)),
  ]);
  const dates = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );
  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatarUrl,
      role: user.role,
      created_at: iso(user.createdAt),
    },
    preferences,
    favorites: dates(favorites),
    follows: dates(follows),
    alerts: dates(alerts),
    comments: dates(comments),
    votes: dates(votes),
    reports: dates(reports),
    proposals: dates(proposals),
    uploads: dates(uploads),
    notifications: dates(notifications),
    contact_messages: dates(contact),
    push_devices: dates(devices),
    newsletter: dates(newsletter),
    calendar_feed: feed.length ? { created_at: iso(feed[0].created_at) } : null,
    organizing: dates(organizing),
    organizer_claims: dates(claims),
    festival_changes: dates(changes),
    festival_updates: dates(updates),
  };
}

/** What a deleted account's comments are signed with. */
export const DELETED_USER_NAME = 'Usuario eliminado';

/**
 * DELETE /api/users/me: the right to erasure. In one transaction, everything personal goes:
 * favourites, follows, alerts, preferences, devices, the calendar feed, notifications and pending
 * messages, the festivals they organised and their claims (the changes and updates they made stay,
 * unsigned), votes, reports' authorship, contact messages, the newsletter subscription, and the
 * photos and videos they uploaded (their stored files after the commit). Comments stay, because
 * other people's replies and a festival's rating rest on them, but signed 'Usuario eliminado': the
 * account row keeps its id for them with its name, address and Google link wiped, and its session
 * version raised so every session it had ends at once.
 */
export async function deleteAccount(database: Database, userId: number): Promise<void> {
  const keys = await database.transaction(async (tx) => {
    const [user] = await tx.select().from(usersTable).where(eq(usersTable.id, userId)).for('update');
    if (!user) throw notFound('Cuenta no encontrada.', 'user_not_found');
    const media = await tx
      .delete(mediaTable)
      .where(eq(mediaTable.userId, userId))
      .returning({ key: mediaTable.storageKey });
    const uploads = await tx
      .delete(uploadsTable)
      .where(eq(uploadsTable.userId, userId))
      .returning({ key: uploadsTable.key });
    await tx.delete(favoritesTable).where(eq(favoritesTable.userId, userId));
    await tx.delete(artistFollowsTable).where(eq(artistFollowsTable.userId, userId));
    await tx.delete(savedAlertsTable).where(eq(savedAlertsTable.userId, userId));
    await tx.delete(userPreferencesTable).where(eq(userPreferencesTable.userId, userId));
    await tx.delete(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.userId, userId));
    await tx.delete(feedTokensTable).where(eq(feedTokensTable.userId, userId));
    await tx.delete(notificationsTable).where(eq(notificationsTable.userId, userId));
    await tx
      .delete(outboxTable)
      .where(or(eq(outboxTable.userId, userId), sql`lower(${outboxTable.email}) = lower(${user.email})`));
    await tx.delete(mediaVotesTable).where(eq(mediaVotesTable.userId, userId));
    await tx.update(mediaReportsTable).set({ userId: null }).where(eq(mediaReportsTable.userId, userId));
    await tx.delete(contactMessagesTable).where(eq(contactMessagesTable.userId, userId));
    await tx
      .delete(newsletterSubscriptionsTable)
      .where(sql`lower(${newsletterSubscriptionsTable.email}) = lower(${user.email})`);
    await tx.update(festivalsTable).set({ proposedBy: null }).where(eq(festivalsTable.proposedBy, userId));
    // Organising ends; what they published and changed stays the festival's, no longer signed by them.
    await tx.delete(festivalOrganizersTable).where(eq(festivalOrganizersTable.userId, userId));
    await tx
      .update(festivalOrganizersTable)
      .set({ grantedBy: null })
      .where(eq(festivalOrganizersTable.grantedBy, userId));
    await tx.delete(organizerClaimsTable).where(eq(organizerClaimsTable.userId, userId));
    await tx.update(organizerClaimsTable).set({ decidedBy: null }).where(eq(organizerClaimsTable.decidedBy, userId));
    await tx.update(festivalChangesTable).set({ actorId: null }).where(eq(festivalChangesTable.actorId, userId));
    await tx.update(festivalUpdatesTable).set({ authorId: null }).where(eq(festivalUpdatesTable.authorId, userId));
    await tx.update(festivalUpdatesTable).set({ hiddenBy: null }).where(eq(festivalUpdatesTable.hiddenBy, userId));
    await tx
      .update(usersTable)
      .set({
        name: DELETED_USER_NAME,
        email: deletedAccountEmail(userId),
        googleSub: null,
        avatarUrl: null,
        role: 'user',
        sessionVersion: sql`${usersTable.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(usersTable.id, userId));
    return [...media.map((m) => m.key), ...uploads.map((u) => u.key)].filter((k): k is string => Boolean(k));
  });
  invalidateCatalog();
  await removeStoredObjects(database, keys);
}
