import type { StoredImageVariant } from '#db/schema';
import type { Executor } from '#db/client';
import { makeImageVariants, VARIANT_FORMATS, VARIANT_WIDTHS, type ImageVariants } from './image-variants';
import { recordVariants, variantContentTypes, variantKey } from './image-variant-records';
import { storage } from './storage/storage';

/**
 * Making and storing a photo's resized copies (decision 040) at confirm: AVIF and WebP beside the
 * photo, recorded in image_variants. Loads sharp, so only the functions that store photos import it.
 */

/**
 * Makes the copies of a photo, or null when sharp cannot (an image that decoded for cleaning but
 * not for resizing): a photo without copies is still shown, at its own size.
 */
export async function prepareVariants(bytes: Uint8Array): Promise<ImageVariants | null> {
  try {
    return await makeImageVariants(bytes);
  } catch (error) {
    console.error('[images] could not make variants', error);
    return null;
  }
}

/** Writes the copies' objects beside the photo at `key`; what recordVariants then records. */
export async function putVariantObjects(key: string, made: ImageVariants): Promise<StoredImageVariant[]> {
  const store = storage();
  const variants: StoredImageVariant[] = [];
  for (const variant of made.variants) {
    const target = variantKey(key, variant.width, variant.format);
    await store.put({ key: target, contentType: variantContentTypes[variant.format], body: variant.bytes });
    variants.push({
      key: target,
      format: variant.format,
      width: variant.width,
      height: variant.height,
      bytes: variant.bytes.byteLength,
    });
  }
  return variants;
}

/**
 * Stores the copies beside the photo at `key` and records them. The objects are written before
 * the row: a row never names a copy that is not there.
 */
export async function storeVariants(executor: Executor, key: string, made: ImageVariants): Promise<void> {
  await recordVariants(executor, key, made, await putVariantObjects(key, made));
}

/** Keys the copies of the photo at `key` may have, whether or not they were made (for clean-ups after a failure). */
export function possibleVariantKeys(key: string): string[] {
  return VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => variantKey(key, w, f)));
}
