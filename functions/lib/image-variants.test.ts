import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { makeImageVariants } from './image-variants';

/** A photo as a phone writes it: EXIF with GPS and camera, an orientation that turns it upright. */
async function phonePhoto(width: number, height: number, orientation = 1) {
  const photo = new Uint8Array(
    await sharp({
      create: { width, height, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 120, sigma: 20 } },
    })
      .withMetadata({ orientation })
      .withExifMerge({
        IFD0: { Make: 'Cámara', Model: 'Serie 1234' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' },
      })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const meta = await sharp(photo).metadata();
  expect([meta.orientation, Buffer.from(meta.exif!).includes('Serie 1234')]).toEqual([orientation, true]);
  return photo;
}

// Encoding AVIF takes seconds on a busy two-core machine.
describe('makeImageVariants', { timeout: 30_000 }, () => {
  it('gives 320, 400, 640 and 1280 wide copies in AVIF and WebP with no metadata, the size and a placeholder', async () => {
    const result = await makeImageVariants(await phonePhoto(2000, 1500));
    expect({ width: result.width, height: result.height }).toEqual({ width: 2000, height: 1500 });
    expect(result.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
      'avif 1280x960',
      'avif 320x240',
      'avif 400x300',
      'avif 640x480',
      'webp 1280x960',
      'webp 320x240',
      'webp 400x300',
      'webp 640x480',
    ]);
    for (const variant of result.variants) {
      // Read back: the right format and size, and no EXIF, XMP, IPTC or ICC left.
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(variant.format);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      expect(Buffer.from(variant.bytes).includes('Serie 1234')).toBe(false);
    }
    const hash = Buffer.from(result.placeholder, 'base64');
    expect(hash.length).toBeLessThan(40);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(4 / 3, 0);
  });

  it('turns a photo upright (EXIF orientation 6) and never enlarges a small one', async () => {
    const turned = await makeImageVariants(await phonePhoto(800, 600, 6));
    expect({ width: turned.width, height: turned.height }).toEqual({ width: 600, height: 800 });
    expect(turned.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
      'avif 320x427',
      'avif 400x533',
      'avif 600x800',
      'webp 320x427',
      'webp 400x533',
      'webp 600x800',
    ]);

    const tiny = await makeImageVariants(await phonePhoto(200, 100));
    expect(tiny.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
      'avif 200x100',
      'webp 200x100',
    ]);
  });

  it('throws for bytes that are not an image', async () => {
    await expect(makeImageVariants(new TextEncoder().encode('no soy una foto'))).rejects.toThrow();
  });
});
