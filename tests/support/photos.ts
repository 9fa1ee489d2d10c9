import sharp from 'sharp';
import { expect } from 'vitest';

/** A JPEG as a phone writes it: EXIF with the camera and the GPS position, rotated by the Orientation tag. */
export async function phonePhoto(): Promise<Uint8Array> {
  const photo = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#c83c3c',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .withExif({
      IFD0: { Make: 'Festicam', Model: 'F1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
  const metadata = await sharp(photo).metadata();
  // The fixture really carries what must go.
  expect(metadata.exif?.includes(Buffer.from('Festicam'))).toBe(true);
  expect(metadata.orientation).toBe(6);
  expect(photo.byteLength).toBeGreaterThan(1024);
  return new Uint8Array(photo);
}

/** No EXIF (so no GPS), the pixels turned upright, the camera's name nowhere in the file. */
export async function expectNoMetadata(bytes: Uint8Array) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe('jpeg');
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 48, height: 64 });
  expect(Buffer.from(bytes).includes(Buffer.from('Festicam'))).toBe(false);
}

/** A camera-sized JPEG (wider than every copy) with the camera's EXIF and GPS position, turned by its Orientation tag. */
export async function largePhonePhoto(width = 1600, height = 1200): Promise<Uint8Array> {
  const photo = await sharp({
    create: { width, height, channels: 3, background: '#3c64c8', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .withExif({
      IFD0: { Make: 'Festicam', Model: 'F1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 80 })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif?.includes(Buffer.from('Festicam'))).toBe(true);
  return new Uint8Array(photo);
}

/** A stored copy read back: the format and width named, no EXIF, XMP or IPTC, no camera name in its bytes. */
export async function expectCleanCopy(bytes: Uint8Array, format: 'avif' | 'webp', width: number) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
  expect(metadata.width).toBe(width);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(Buffer.from(bytes).includes(Buffer.from('Festicam'))).toBe(false);
}
