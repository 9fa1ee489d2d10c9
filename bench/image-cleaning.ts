/**
 * What confirming a photo costs now that every stored photo is decoded and re-encoded without its
 * metadata (functions/lib/image-cleaning.ts): time per photo and the process's memory, for photos
 * of the sizes phones send (up to the 5 MB limit). `npx tsx bench/image-cleaning.ts`
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { ImageContentType } from '#core/community-schemas';
import { stripImageMetadata } from '../functions/lib/image-cleaning';

const RUNS = 5;

async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  // A smooth scene with grain compresses like a photo, unlike flat colour or pure noise.
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const image = sharp(grain)
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><defs><linearGradient id="g">` +
            '<stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e63946"/></linearGradient></defs>' +
            '<rect width="100%" height="100%" fill="url(#g)" opacity="0.7"/></svg>',
        ),
      },
    ])
    .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } });
  const encoded =
    format === 'jpeg' ? image.jpeg({ quality: 88 }) : format === 'png' ? image.png() : image.webp({ quality: 85 });
  return new Uint8Array(await encoded.toBuffer());
}

const cases: { label: string; width: number; height: number; format: 'jpeg' | 'png' | 'webp' }[] = [
  { label: 'JPEG 12 MP (4000x3000)', width: 4000, height: 3000, format: 'jpeg' },
  { label: 'JPEG 3 MP (2000x1500)', width: 2000, height: 1500, format: 'jpeg' },
  { label: 'WebP 3 MP (2000x1500)', width: 2000, height: 1500, format: 'webp' },
  { label: 'PNG 1 MP (1200x900)', width: 1200, height: 900, format: 'png' },
];

console.log(
  `node ${process.versions.node}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}; median of ${RUNS} runs`,
);
console.log(
  `${'photo'.padEnd(26)}${'received'.padEnd(11)}${'stored'.padEnd(11)}${'ms median'.padEnd(11)}rss after (MB)`,
);
await stripImageMetadata(await photo(64, 64, 'jpeg'), 'image/jpeg');
for (const c of cases) {
  const input = await photo(c.width, c.height, c.format);
  const times: number[] = [];
  let output: Uint8Array = new Uint8Array();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    output = await stripImageMetadata(input, `image/${c.format}` as ImageContentType);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `${c.label.padEnd(26)}${mb(input.byteLength).padEnd(11)}${mb(output.byteLength).padEnd(11)}` +
      `${times[Math.floor(RUNS / 2)].toFixed(0).padEnd(11)}${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)}`,
  );
}
