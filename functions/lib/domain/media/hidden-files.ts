import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable, imageVariantsTable, mediaTable } from '#db/schema';
import { hiddenKey } from '../../storage/pending';
import { mediaNotFound } from './read-media';

/**
 * A hidden photo leaves the gallery and its URL: the photo and its resized copies move to private
 * keys (storage/pending.ts), which neither the CDN nor the local server serves. Only an admin reads
 * it back, through GET /api/admin/media/{id}/file.
 */

/** Largest stored photo the admin's route reads into memory (uploads are re-encoded far below it). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

// Loaded on use, as in removeStoredObjects: the S3 client is the dearest part of a function's start.
const loadStorage = async () => (await import('../../storage/storage')).storage();

/**
 * Moves the photo at `key` and its copies to their hidden keys, after the row says hidden (never
 * inside its transaction: these are network calls on S3). A key something public still shows (a
 * festival's picture, another item not hidden) stays. Moving again after a failure is safe: what
 * already moved is skipped.
 */
export async function moveToHidden(database: Database, mediaId: number, key: string): Promise<void> {
  const [shared] = await database
    .select({ id: mediaTable.id })
    .from(mediaTable)
    .where(and(eq(mediaTable.storageKey, key), ne(mediaTable.id, mediaId), isNull(mediaTable.hiddenAt)))
    .union(
      database
        .select({ id: festivalsTable.id })
        .from(festivalsTable)
        .where(sql`right(${festivalsTable.imageUrl}, length(${key}) + 1) = '/' || ${key}`),
    )
    .limit(1);
  if (shared) return;
  const [copies] = await database
    .select({ variants: imageVariantsTable.variants })
    .from(imageVariantsTable)
    .where(eq(imageVariantsTable.key, key));
  const store = await loadStorage();
  const keys = [key, ...(copies?.variants ?? []).map((v) => v.key)];
  await Promise.all(keys.map((k) => store.move(k, hiddenKey(k))));
}

/** A stored photo's bytes for an admin: from its hidden key when hidden (or its public one if the move has not happened). */
export async function readMediaFile(database: Database, id: number) {
  const [media] = await database
    .select({ storageKey: mediaTable.storageKey, hiddenAt: mediaTable.hiddenAt })
    .from(mediaTable)
    .where(eq(mediaTable.id, id));
  if (!media?.storageKey) throw mediaNotFound();
  const store = await loadStorage();
  const keys = media.hiddenAt ? [hiddenKey(media.storageKey), media.storageKey] : [media.storageKey];
  for (const key of keys) {
    const found = await store.inspect(key);
    const read = found ? await store.read(key, MAX_FILE_BYTES) : null;
    if (found && read?.bytes)
      return { bytes: read.bytes, contentType: found.contentType ?? 'application/octet-stream' };
  }
  throw mediaNotFound();
}
