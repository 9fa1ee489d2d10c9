/**
 * Rasterises the logo (web/public/favicon.svg) into the installed app's icons with sharp: every size
 * the manifest lists (web/app-manifest.ts), maskable ones with the logo inside the safe zone on the
 * page background, and Apple's touch icon. Deterministic; the PNGs are committed.
 *
 *   npx tsx scripts/generate-app-icons.ts
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import {
  APPLE_TOUCH_SIZE,
  BACKGROUND,
  ICON_SIZES,
  MASKABLE_SIZES,
  appleTouchPath,
  iconPath,
  maskablePath,
} from '../web/app-manifest';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const logo = await readFile(path.join(publicDir, 'favicon.svg'));
await mkdir(path.join(publicDir, 'icons'), { recursive: true });

const out = (urlPath: string) => path.join(publicDir, urlPath);
const png = (image: Sharp) => image.png({ compressionLevel: 9, palette: false });

/** The logo drawn at `size`, rasterised from the vector (no upscaling of a small bitmap). */
const logoAt = (size: number) => sharp(logo, { density: Math.max(72, (72 * size) / 64) }).resize(size, size);

for (const size of ICON_SIZES) await png(logoAt(size)).toFile(out(iconPath(size)));

// Maskable: launchers crop to a circle or squircle inside the central 80 %; the logo sits in 70 %.
async function onBackground(size: number, share: number, file: string) {
  const inner = Math.round(size * share);
  const mark = await logoAt(inner).png().toBuffer();
  await png(
    sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } }).composite([
      { input: mark, gravity: 'center' },
    ]),
  ).toFile(file);
}
for (const size of MASKABLE_SIZES) await onBackground(size, 0.7, out(maskablePath(size)));
// iOS rounds the corners itself and shows transparency as black: a full square on the background.
await onBackground(APPLE_TOUCH_SIZE, 0.86, out(appleTouchPath()));
console.log(`Icons written to ${path.join(publicDir, 'icons')}`);
