/**
 * Generates the fallback stock images (seven images chosen by
 * festival id modulo 7, plus a default set) as procedural SVG artwork
 * rasterised with sharp. Nothing is downloaded; output is deterministic.
 *
 *   npx tsx scripts/generate-stock-images.ts [festival-1 ... default]
 *
 * Writes web/public/images/stock/festival-{1..7}-{lg,md,sm}.{jpg,avif,webp} and
 * default-{lg,md,sm}.{jpg,avif,webp}; naming artworks regenerates only those. Text is
 * overlaid on these images in the lower left, so every artwork keeps that corner dark
 * and calm. The drawing lives in scripts/stock-images/: shared pieces in scene.ts,
 * light.ts and stage.ts, one module per artwork, and the file writing in write-images.ts.
 */
import { mkdir } from 'node:fs/promises';
import { alpineAurora } from './stock-images/alpine-aurora';
import { beachNight } from './stock-images/beach-night';
import { duskOpenAir } from './stock-images/dusk-open-air';
import { laserTunnel } from './stock-images/laser-tunnel';
import { mainStage } from './stock-images/main-stage';
import { mulberry32, Scene } from './stock-images/scene';
import { soundWaves } from './stock-images/sound-waves';
import { spectrumHorizon } from './stock-images/spectrum-horizon';
import { warehouse } from './stock-images/warehouse';
import { OUT_DIR, writeImages } from './stock-images/write-images';

// The seed of each artwork fixes its random choices; changing one changes the committed picture.
const ARTWORKS: Array<{ name: string; seed: number; draw: (s: Scene) => void }> = [
  { name: 'festival-1', seed: 101, draw: mainStage },
  { name: 'festival-2', seed: 202, draw: laserTunnel },
  { name: 'festival-3', seed: 303, draw: duskOpenAir },
  { name: 'festival-4', seed: 404, draw: warehouse },
  { name: 'festival-5', seed: 505, draw: spectrumHorizon },
  { name: 'festival-6', seed: 606, draw: alpineAurora },
  { name: 'festival-7', seed: 707, draw: beachNight },
  { name: 'default', seed: 808, draw: soundWaves },
];

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const only = process.argv.slice(2);
  for (const art of ARTWORKS) {
    if (only.length > 0 && !only.includes(art.name)) continue;
    const scene = new Scene(mulberry32(art.seed));
    art.draw(scene);
    await writeImages(art.name, scene);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
