/**
 * Turns one drawn Scene into the files the site serves: the SVG is rasterised once at full size,
 * then resized to each width and written as JPEG, AVIF and WebP.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Scene } from './scene';

export const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/images/stock');
const SIZES = [
  { suffix: 'lg', width: 1600, height: 900 },
  { suffix: 'md', width: 800, height: 450 },
  { suffix: 'sm', width: 400, height: 225 },
] as const;
const JPEG = { quality: 78, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' } as const;

/** Writes OUT_DIR/<name>-{lg,md,sm}.{jpg,avif,webp} (the folder must exist) and logs each file's size. */
export async function writeImages(name: string, scene: Scene): Promise<void> {
  const raster = await sharp(Buffer.from(scene.toSvg())).png().toBuffer();
  for (const size of SIZES) {
    const file = path.join(OUT_DIR, `${name}-${size.suffix}.jpg`);
    await sharp(raster).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' }).jpeg(JPEG).toFile(file);
    const { size: bytes } = await stat(file);
    console.log(`${path.relative(process.cwd(), file)}  ${(bytes / 1024).toFixed(1)} KB`);
    // The same picture in AVIF and WebP, at the settings of the uploaded photos' copies
    // (functions/lib/image-variants.ts), for browsers that take them through <picture>.
    for (const format of ['avif', 'webp'] as const) {
      const copy = path.join(OUT_DIR, `${name}-${size.suffix}.${format}`);
      const resized = sharp(raster).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' });
      await (
        format === 'avif' ? resized.avif({ quality: 50, effort: 4 }) : resized.webp({ quality: 75, effort: 4 })
      ).toFile(copy);
      console.log(`${path.relative(process.cwd(), copy)}  ${((await stat(copy)).size / 1024).toFixed(1)} KB`);
    }
  }
}
