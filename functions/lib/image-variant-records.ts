import { inArray } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { imageVariantsTable, type StoredImageVariant } from '#db/schema';
import type { ImageInfo } from '#core/response-schemas';

/**
 * The records of stored photos' resized copies (image_variants), without sharp: the functions that
 * only read or delete photos (the festival's answer, a festival's deletion) load no native module.
 * Making the copies is ./stored-images.ts.
 */

export const variantContentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Where a copy of the photo at `key` lives: beside it, with its width and format in the name
 * (users/7/gallery/abc.jpg gives users/7/gallery/abc-640.avif), so the copies share the photo's
 * prefix and are served wherever the photo is (the CDN reads users/* only).
 */
export function variantKey(key: string, width: number, format: StoredImageVariant['format']): string {
  return `${key.replace(/\.[A-Za-z0-9]+$/, '')}-${width}.${format}`;
}

/** Records the copies of the photo at `key`, replacing an earlier record (running it twice leaves the same state). */
export async function recordVariants(
  executor: Executor,
  key: string,
  made: { width: number; height: number; placeholder: string },
  variants: StoredImageVariant[],
): Promise<void> {
  const row = { key, width: made.width, height: made.height, placeholder: made.placeholder, variants };
  await executor
    .insert(imageVariantsTable)
    .values(row)
    .onConflictDoUpdate({ target: imageVariantsTable.key, set: row });
}

/**
 * What a page needs to draw a photo without it jumping: its size, placeholder and copies by URL.
 * A copy's URL is the photo's own public URL with the copy's name ending (the copies sit beside the
 * photo), so no storage driver is loaded to answer a read.
 */
export function imageInfo(row: typeof imageVariantsTable.$inferSelect, photoUrl: string): ImageInfo {
  const stem = (url: string) => url.replace(/\.[A-Za-z0-9]+$/, '');
  const keyStem = stem(row.key);
  return {
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    sources: row.variants.map((v) => ({
      url: `${stem(photoUrl)}${v.key.slice(keyStem.length)}`,
      type: variantContentTypes[v.format],
      width: v.width,
    })),
  };
}

/** Path suffixes of a URL: one of them is the storage key when the URL points at an object we stored. */
export function keyCandidates(url: string): string[] {
  let path: string;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return [];
  }
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  return parts.map((_, i) => parts.slice(i).join('/')).slice(0, 8);
}

/** The copies of the stored photo a public URL points at (a festival's image), or null. */
export async function imageInfoForUrl(executor: Executor, url: string | null | undefined): Promise<ImageInfo | null> {
  const candidates = url ? keyCandidates(url) : [];
  if (candidates.length === 0) return null;
  const rows = await executor.select().from(imageVariantsTable).where(inArray(imageVariantsTable.key, candidates));
  // The longest matching suffix is the most specific key.
  const row = rows.sort((a, b) => b.key.length - a.key.length)[0];
  return row ? imageInfo(row, url!) : null;
}
