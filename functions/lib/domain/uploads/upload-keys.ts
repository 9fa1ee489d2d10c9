import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { uploadsTable } from '#db/schema';
import { keyCandidates } from '../../image-variant-records';

/**
 * Which stored object a row's URL names. Apart from the removal of objects (stored-objects.ts):
 * that one loads the storage client, which a function that only links uploads never needs.
 */

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
