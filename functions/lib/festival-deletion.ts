import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#db/client';
import type { Executor } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import { recordAudit } from './domain/audit/audit';
import { invalidateCatalog } from './domain/festivals/festival-store';
import { pendingKey } from './storage/pending';
import { keyCandidates } from './image-variant-records';
import { removeVariants } from './image-variant-removal';

/** The key of a confirmed upload a public URL points at, or null for an external URL. */
export async function storageKeyForUrl(tx: Executor, url: string): Promise<string | null> {
  const candidates = keyCandidates(url);
  if (candidates.length === 0) return null;
  const rows = await tx
    .select({ key: uploadsTable.key })
    .from(uploadsTable)
    .where(and(inArray(uploadsTable.key, candidates), eq(uploadsTable.status, 'confirmed')));
  // The longest matching suffix is the most specific key.
  return rows.map((r) => r.key).sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Ties a confirmed upload used as a festival's image to that festival, so deleting the festival finds its object. */
export async function linkUploadToFestival(tx: Executor, imageUrl: string, festivalId: number): Promise<void> {
  const key = await storageKeyForUrl(tx, imageUrl);
  if (!key) return;
  await tx
    .update(uploadsTable)
    .set({ festivalId })
    .where(and(eq(uploadsTable.key, key), isNull(uploadsTable.festivalId)));
}

/**
 * Deletes stored objects after the rows that pointed at them are gone, skipping keys another media
 * row still uses. Failures are logged, not thrown: the database change already happened and an
 * orphaned object is harmless.
 */
export async function removeStoredObjects(database: Database, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return;
  const stillUsed = await database
    .select({ key: mediaTable.storageKey })
    .from(mediaTable)
    .where(inArray(mediaTable.storageKey, unique));
  const used = new Set(stillUsed.map((r) => r.key));
  // Loaded here, not with the module: the festivals function serves reads on nearly every
  // invocation and deletes rarely, and the storage brings the S3 client, the dearest part of its start.
  const { storage } = await import('./storage/storage');
  const store = storage();
  const unused = unique.filter((key) => !used.has(key));
  await removeVariants(database, unused).catch((error: unknown) => console.error('[storage] could not delete copies', error));
  await Promise.all(
    unused
      .map((key) =>
        store.delete(key).catch((error: unknown) => console.error('[storage] could not delete', key, error)),
      ),
  );
}

/**
 * Deletes a festival with everything that hangs from it (genres, comments, media, votes, reports,
 * favourites, uploads cascade in the database) and then the stored objects of its media and uploads.
 * Records the deletion in the audit log. Returns false when there was no such festival.
 */
export async function deleteFestivalWithMedia(database: Database, id: number, actorId: number): Promise<boolean> {
  const keys = await database.transaction(async (tx) => {
    const [festival] = await tx
      .select({ name: festivalsTable.name, status: festivalsTable.status })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, id))
      .for('update');
    if (!festival) return null;
    const mediaKeys = await tx
      .select({ key: mediaTable.storageKey })
      .from(mediaTable)
      .where(and(eq(mediaTable.festivalId, id), isNotNull(mediaTable.storageKey)));
    const uploads = await tx.select({ key: uploadsTable.key, status: uploadsTable.status }).from(uploadsTable).where(eq(uploadsTable.festivalId, id));
    await tx.delete(festivalsTable).where(eq(festivalsTable.id, id));
    // An upload not confirmed yet has only its private copy; the cascade removes its row, and with it the sweep's trace.
    const uploadKeys = uploads.map((u) => (u.status === 'issued' ? pendingKey(u.key) : u.key));
    const storedKeys = [...new Set([...mediaKeys.map((r) => r.key as string), ...uploadKeys])];
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'festival',
      entityId: id,
      details: { name: festival.name, status: festival.status, storage_keys: storedKeys },
    });
    return storedKeys;
  });
  if (keys === null) return false;
  invalidateCatalog();
  await removeStoredObjects(database, keys);
  return true;
}
