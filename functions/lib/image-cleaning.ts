import type { Sharp, SharpOptions } from 'sharp';
import {
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  type ImageContentType,
} from '#core/community-schemas';
import { badRequest } from './errors';

type SharpFactory = (input: Uint8Array, options: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp is a native module (libvips): loaded on the first stored photo rather than with the
 * function, so requests that store nothing never pay for it, and a Lambda bundle carries it beside
 * the code (scripts/bundle-functions.ts) instead of inside it.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp')
    .then(({ default: sharp }) => {
      // Every photo is decoded once: libvips' operation cache would only hold memory.
      sharp.cache(false);
      return sharp as unknown as SharpFactory;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

const encoders: Record<ImageContentType, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90 }),
  'image/png': (image) => image.png(),
  // effort 2 of 6: about half the default's encoding time (bench/image-cleaning.ts), for a slightly larger file.
  'image/webp': (image) => image.webp({ quality: 90, effort: 2 }),
  'image/gif': (image) => image.gif(),
};

/**
 * Decodes a photo and encodes it again in its own format, which keeps the pixels and drops every
 * piece of metadata (EXIF with its GPS position and camera serials, XMP, IPTC, comments): sharp
 * writes none unless asked to. The EXIF orientation is applied to the pixels first, so the photo
 * still shows the right way up without it. Animated GIF and WebP keep their frames.
 * Throws a Spanish 400 for bytes that do not decode or have too many pixels to decode safely.
 */
export async function stripImageMetadata(bytes: Uint8Array, contentType: ImageContentType): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  try {
    const image = sharp(bytes, {
      animated,
      // Browsers show images with small defects; refuse only what libvips cannot decode.
      failOn: 'error',
      limitInputPixels: IMAGE_MAX_MEGAPIXELS * 1_000_000,
    }).autoOrient();
    return new Uint8Array(await encoders[contentType](image).toBuffer());
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message)))
      throw badRequest(IMAGE_TOO_MANY_PIXELS_MESSAGE, 'image_too_many_pixels');
    throw badRequest(IMAGE_UNREADABLE_MESSAGE, 'image_unreadable');
  }
}
