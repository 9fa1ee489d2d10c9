import { rgbaToThumbHash } from 'thumbhash';
import { IMAGE_MAX_MEGAPIXELS } from '#core/community-schemas';
import { loadSharp } from './image-cleaning';

/**
 * Widths served to `srcset`: 320 a gallery cell on a desktop screen, 400 a cell on a phone at 2x (165 px
 * wide, which 320 just misses) and a desktop card, 640 a card or hero on a phone, 1280 a desktop hero or
 * lightbox. Each width is one more pair of encodings at confirm (bench/image-variants.ts).
 */
export const VARIANT_WIDTHS = [320, 400, 640, 1280] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export interface ImageVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ImageVariants {
  /** The photo's size once turned upright (EXIF orientation applied). */
  width: number;
  height: number;
  /** ThumbHash of the photo, base64: a blurred preview of about 25 bytes drawn while it loads. */
  placeholder: string;
  variants: ImageVariant[];
}

// Speeds chosen with bench/image-variants.ts: the six encodings of a 12 MP photo within 400 ms on
// two cores, at qualities where a phone screen shows no difference from the original.
const encode = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 1 },
} as const;

/**
 * The resized copies of a stored photo: each width of VARIANT_WIDTHS narrower than the photo plus
 * the photo at its own width (at most the largest of them), in AVIF and WebP, with no metadata
 * (sharp writes none unless asked; the EXIF orientation is applied to the pixels first), plus its
 * upright size and a ThumbHash placeholder. Animated images give variants of their first frame;
 * the original stays for 'Descargar'. Throws what sharp throws for bytes it cannot decode.
 */
export async function makeImageVariants(bytes: Uint8Array): Promise<ImageVariants> {
  const sharp = await loadSharp();
  const upright = sharp(bytes, { failOn: 'error', limitInputPixels: IMAGE_MAX_MEGAPIXELS * 1_000_000 }).autoOrient();
  // One decode at the largest width served; every smaller copy is resized from it.
  const largest = await upright
    .clone()
    .resize({ width: VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1], withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The size as shown: width and height swapped when the EXIF orientation turns the photo.
  const { autoOrient } = await upright.metadata();

  const { data, info } = largest;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // Every width served that is narrower than the photo, and the photo at its widest (its own width
  // up to 1280 px): a 1200 px photo also gets a 1200 px copy, or a desktop lightbox would get 640.
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < info.width);
  widths.push(info.width);

  const variants = await Promise.all(
    widths.flatMap((w) =>
      VARIANT_FORMATS.map(async (format): Promise<ImageVariant> => {
        const resized = sharp(data, raw).resize({ width: w });
        const out = await (format === 'avif' ? resized.avif(encode.avif) : resized.webp(encode.webp)).toBuffer({
          resolveWithObject: true,
        });
        return { format, width: out.info.width, height: out.info.height, bytes: new Uint8Array(out.data) };
      }),
    ),
  );

  // ThumbHash wants at most 100x100 RGBA.
  const small = await sharp(data, raw)
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  return {
    width: autoOrient.width,
    height: autoOrient.height,
    placeholder: Buffer.from(hash).toString('base64'),
    variants,
  };
}
