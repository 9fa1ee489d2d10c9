import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminMediaBody } from '#core/admin-schemas';
import type { Database } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { recordAudit } from '../audit/audit';
import { notFound, pgConstraint, pgErrorCode } from '../../errors';
import { removeStoredObjects } from '../uploads/stored-objects';
import { storageKeyForUrl } from '../uploads/upload-keys';
import { notify } from '../notifications/notifications';
import { alreadyModerated, mediaDecisionMessage, movePending, recordDecision } from '../moderation';
import { mediaNotFound } from './read-media';
import { moveToHidden } from './hidden-files';
import { written } from '../../cache/written';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';

/**
 * The admin's moves on gallery items: approve or reject a pending one (its uploader is told),
 * hide one from the public gallery, add one (a URL or an upload the admin made), edit and delete
 * one. Each move is audited in its transaction; a stored photo an edit or a deletion drops is
 * removed from storage after the commit.
 */

/** Festival and user must exist; the foreign keys say which one is missing. */
function rethrowMissingRelation(error: unknown): never {
  if (pgErrorCode(error) === '23503') {
    const constraint = pgConstraint(error) ?? '';
    if (constraint.includes('festival')) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
    if (constraint.includes('user')) throw notFound('Usuario no encontrado', 'user_not_found');
  }
  throw error;
}

/** The admin form's values as the item's columns. */
const mediaColumns = (input: AdminMediaBody, storageKey: string | null) => ({
  festivalId: input.festival_id,
  userId: input.user_id,
  type: input.type,
  url: input.url,
  storageKey,
  caption: input.caption,
  comment: input.comment,
  status: input.status,
});

/** Approves or rejects pending item `id`; its uploader gets a notification. */
export async function decideMedia(
  database: Database,
  admin: AuthUser,
  id: number,
  status: 'approved' | 'rejected',
): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const moved = await movePending({
      move: () =>
        tx
          .update(mediaTable)
          .set({ status, reviewedAt: new Date() })
          .where(and(eq(mediaTable.id, id), eq(mediaTable.status, 'pending')))
          .returning({ userId: mediaTable.userId, type: mediaTable.type, festivalId: mediaTable.festivalId }),
      current: () => tx.select({ status: mediaTable.status }).from(mediaTable).where(eq(mediaTable.id, id)),
      missing: mediaNotFound,
      decided: (current) => alreadyModerated('media', current),
    });
    if (moved.userId) {
      const [festival] = await tx
        .select({ name: festivalsTable.name })
        .from(festivalsTable)
        .where(eq(festivalsTable.id, moved.festivalId));
      await notify(tx, moved.userId, 'media', mediaDecisionMessage(festival.name, moved.type, status));
    }
    await recordDecision(tx, admin.id, status, 'media', id, { festival_id: moved.festivalId, user_id: moved.userId });
    return moved.festivalId;
  });
  written('media', festivalId);
}

/** Takes item `id` out of the public gallery (once: hiding it again keeps the first time); returns when it was hidden. */
export async function hideMedia(database: Database, admin: AuthUser, id: number): Promise<Date | null> {
  const hidden = await database.transaction(async (tx) => {
    const [row] = await tx
      .update(mediaTable)
      .set({ hiddenAt: sql`coalesce(${mediaTable.hiddenAt}, now())` })
      .where(eq(mediaTable.id, id))
      .returning({
        hiddenAt: mediaTable.hiddenAt,
        festivalId: mediaTable.festivalId,
        url: mediaTable.url,
        storageKey: mediaTable.storageKey,
      });
    if (!row) throw mediaNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'hide',
      entity: 'media',
      entityId: id,
      details: { festival_id: row.festivalId, url: row.url },
    });
    return row;
  });
  written('media', hidden.festivalId);
  // Hiding again retries a move that failed: the photo must not stay at its public URL.
  if (hidden.storageKey) await moveToHidden(database, id, hidden.storageKey);
  return hidden.hiddenAt;
}

/** Adds an item as the admin says (status included); an upload it points at is tied to it. Returns its id. */
export async function createMedia(database: Database, admin: AuthUser, input: AdminMediaBody): Promise<number> {
  const id = await database
    .transaction(async (tx) => {
      const storageKey = await storageKeyForUrl(tx, input.url);
      const [row] = await tx
        .insert(mediaTable)
        .values({ ...mediaColumns(input, storageKey), reviewedAt: input.status === 'pending' ? null : new Date() })
        .returning({ id: mediaTable.id });
      if (storageKey) {
        await tx
          .update(uploadsTable)
          .set({ mediaId: row.id, festivalId: sql`coalesce(${uploadsTable.festivalId}, ${input.festival_id})` })
          .where(and(eq(uploadsTable.key, storageKey), isNull(uploadsTable.mediaId)));
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'create',
        entity: 'media',
        entityId: row.id,
        details: { festival_id: input.festival_id, user_id: input.user_id, status: input.status, url: input.url },
      });
      return row.id;
    })
    .catch(rethrowMissingRelation);
  written('media', input.festival_id);
  return id;
}

/** Replaces item `id` with the admin's values; deciding a pending one tells its uploader, and a stored photo it no longer points at is removed. */
export async function updateMedia(
  database: Database,
  admin: AuthUser,
  id: number,
  input: AdminMediaBody,
): Promise<void> {
  const replacedKey = await database
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ status: mediaTable.status, storageKey: mediaTable.storageKey, url: mediaTable.url })
        .from(mediaTable)
        .where(eq(mediaTable.id, id))
        .for('update');
      if (!before) throw mediaNotFound();
      const storageKey = input.url === before.url ? before.storageKey : await storageKeyForUrl(tx, input.url);
      await tx
        .update(mediaTable)
        .set({
          ...mediaColumns(input, storageKey),
          ...(input.status !== before.status ? { reviewedAt: input.status === 'pending' ? null : new Date() } : {}),
        })
        .where(eq(mediaTable.id, id));
      if (before.status === 'pending' && input.status !== 'pending') {
        const [festival] = await tx
          .select({ name: festivalsTable.name })
          .from(festivalsTable)
          .where(eq(festivalsTable.id, input.festival_id));
        await notify(tx, input.user_id, 'media', mediaDecisionMessage(festival.name, input.type, input.status));
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'update',
        entity: 'media',
        entityId: id,
        details: {
          festival_id: input.festival_id,
          user_id: input.user_id,
          ...(input.status !== before.status ? { status: { from: before.status, to: input.status } } : {}),
          ...(input.url !== before.url ? { url: { from: before.url, to: input.url } } : {}),
        },
      });
      return before.storageKey && before.storageKey !== storageKey ? before.storageKey : null;
    })
    .catch(rethrowMissingRelation);
  // Moved to another festival: both galleries changed.
  written('media');
  if (replacedKey) await removeStoredObjects(database, [replacedKey]);
}

/** Deletes item `id` and, after the commit, its stored photo. */
export async function deleteMedia(database: Database, admin: AuthUser, id: number): Promise<void> {
  const removed = await database.transaction(async (tx) => {
    const [row] = await tx.delete(mediaTable).where(eq(mediaTable.id, id)).returning({
      storageKey: mediaTable.storageKey,
      festivalId: mediaTable.festivalId,
      url: mediaTable.url,
      userId: mediaTable.userId,
    });
    if (!row) throw mediaNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'delete',
      entity: 'media',
      entityId: id,
      details: { festival_id: row.festivalId, user_id: row.userId, url: row.url, storage_key: row.storageKey },
    });
    return row;
  });
  written('media', removed.festivalId);
  if (removed.storageKey) await removeStoredObjects(database, [removed.storageKey]);
}
