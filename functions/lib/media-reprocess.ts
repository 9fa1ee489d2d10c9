import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, sniffImageType } from '#core/community-schemas';
import type { Database } from '#db/client';
import { festivalListVersionsTable, imageVariantsTable, mediaTable, uploadsTable } from '#db/schema';
import { loadSharp, stripImageMetadata } from './image-cleaning';
import { makeImageVariants } from './image-variants';
import { storage } from './storage/storage';
import { storeVariants } from './stored-images';

export interface ReprocessResult {
  /** Photos that got their copies now. */
  processed: number;
  /** Originals that still carried metadata and were stored again without it. */
  cleaned: number;
  /** Keys with no object (a deleted photo's upload record stays): nothing to do. */
  missing: string[];
  /** Keys whose object does not decode (left as they are). */
  failed: string[];
}

/** Every stored photo we know of: confirmed uploads (gallery, proposals, admin images) and media rows with a key. */
async function storedPhotoKeys(database: Database): Promise<string[]> {
  const [uploads, media] = await Promise.all([
    database.select({ key: uploadsTable.key }).from(uploadsTable).where(eq(uploadsTable.status, 'confirmed')),
    database
      .select({ key: mediaTable.storageKey })
      .from(mediaTable)
      .where(and(eq(mediaTable.type, 'image'), isNotNull(mediaTable.storageKey))),
  ]);
  return [...new Set([...uploads.map((r) => r.key), ...media.map((r) => r.key!)])].sort();
}

/**
 * Gives every stored photo that has none its resized copies and placeholder, and stores again
 * without metadata an original that still has some (photos stored before confirm cleaned them).
 * Photos that already have copies are skipped, so running it again does nothing; a photo whose
 * object is gone is skipped, one that does not decode is reported and left. The galleries that changed are marked
 * so cached pages are read again.
 */
export async function reprocessStoredPhotos(
  database: Database,
  log: (line: string) => void = () => {},
): Promise<ReprocessResult> {
  const keys = await storedPhotoKeys(database);
  const done = keys.length
    ? new Set(
        (
          await database
            .select({ key: imageVariantsTable.key })
            .from(imageVariantsTable)
            .where(inArray(imageVariantsTable.key, keys))
        ).map((r) => r.key),
      )
    : new Set<string>();
  const todo = keys.filter((key) => !done.has(key));
  const store = storage();
  const sharp = await loadSharp();
  const result: ReprocessResult = { processed: 0, cleaned: 0, missing: [], failed: [] };
  for (const key of todo) {
    try {
      // Originals re-encoded at quality 90 can be a little over what was received: allow room.
      const object = await store.read(key, IMAGE_MAX_BYTES * 4);
      if (!object) {
        result.missing.push(key);
        continue;
      }
      const contentType = object.bytes ? sniffImageType(object.bytes.subarray(0, 16)) : null;
      if (!object.bytes || !contentType) throw new Error('no es una imagen o es demasiado grande');
      let bytes = object.bytes;
      const meta = await sharp(bytes, {}).metadata();
      if (meta.exif || meta.xmp || meta.iptc) {
        bytes = await stripImageMetadata(bytes, contentType);
        await store.put({ key, contentType, body: bytes });
        result.cleaned += 1;
      }
      await storeVariants(database, key, await makeImageVariants(bytes));
      result.processed += 1;
      log(`${key}: copias creadas`);
    } catch (error) {
      result.failed.push(key);
      log(`${key}: no se ha podido procesar (${(error as Error).message})`);
    }
  }
  if (result.processed > 0) {
    // The public gallery pages are cached by version: bump the festivals whose photos changed.
    const festivals = await database
      .selectDistinct({ id: mediaTable.festivalId })
      .from(mediaTable)
      .where(
        and(
          inArray(mediaTable.storageKey, todo),
          notInArray(mediaTable.storageKey, result.failed.length ? result.failed : ['']),
        ),
      );
    for (const { id } of festivals) {
      await database
        .insert(festivalListVersionsTable)
        .values({ festivalId: id, mediaVersion: 1 })
        .onConflictDoUpdate({
          target: festivalListVersionsTable.festivalId,
          set: { mediaVersion: sql`${festivalListVersionsTable.mediaVersion} + 1` },
        });
    }
  }
  return result;
}
