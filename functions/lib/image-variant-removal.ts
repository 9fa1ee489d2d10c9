import { inArray } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { imageVariantsTable } from '#db/schema';
import { hiddenKey } from './storage/pending';

/*
 * Apart from image-variant-records.ts, which the read functions (a festival's page, its preview)
 * import: removing copies reaches the storage driver, and a function that only reads must not
 * carry the S3 client, even as a chunk loaded later.
 */

/**
 * Deletes the copies of these photos and their rows; best effort like the photos' own deletion
 * (a leftover copy costs storage only).
 */
export async function removeVariants(executor: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const rows = await executor.delete(imageVariantsTable).where(inArray(imageVariantsTable.key, keys)).returning();
  // Loaded on use, as in removeStoredObjects: the S3 client is the dearest part of a read function's start.
  const { storage } = await import('./storage/storage');
  const store = storage();
  await Promise.all(
    rows.flatMap((row) =>
      row.variants
        .flatMap((v) => [v.key, hiddenKey(v.key)])
        .map((key) =>
          store.delete(key).catch((error: unknown) => console.error('[storage] could not delete', key, error)),
        ),
    ),
  );
}
