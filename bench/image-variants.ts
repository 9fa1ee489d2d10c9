/**
 * What making the resized copies of a photo costs at confirm (functions/lib/image-variants.ts), and
 * what they save: a phone-sized 5 MB photo turned into 320/640/1280 px AVIF and WebP, median time of
 * five runs, each copy's bytes, and what a 375 px phone at 2x downloads (the 640 px AVIF) instead of
 * the original. Every copy is read back to check it carries no metadata.
 *
 *   npm run bench -- image-variants
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makeImageVariants } from '../functions/lib/image-variants';

const RUNS = 5;

/**
 * A 12 MP photo about 5 MB: detail at every scale (coarse texture that survives resizing, like
 * crowds and stages, plus sensor grain), and camera EXIF with GPS.
 */
async function phonePhoto(): Promise<Uint8Array> {
  const [width, height] = [4000, 3000];
  const noise = (w: number, h: number, sigma: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).png({ compressionLevel: 0 }).toBuffer();
  const coarse = await sharp(await noise(800, 600, 60)).resize(width, height, { kernel: 'cubic' }).png({ compressionLevel: 0 }).toBuffer();
  return new Uint8Array(
    await sharp(coarse)
      .composite([{ input: await noise(width, height, 14), blend: 'overlay' }])
      .withExif({ IFD0: { Make: 'Bench', Model: 'Serie 1234' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const input = await phonePhoto();
console.log(`node ${process.versions.node}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}; photo 4000x3000 JPEG, ${(input.byteLength / 1024 / 1024).toFixed(2)} MB`);
await makeImageVariants(input); // warm-up: loads sharp and its codecs
const times: number[] = [];
let result = await makeImageVariants(input);
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  result = await makeImageVariants(input);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(`variants of one photo: median ${times[Math.floor(RUNS / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[RUNS - 1].toFixed(0)} ms (budget 400 ms)`);
let clean = true;
for (const v of result.variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format))) {
  const meta = await sharp(v.bytes).metadata();
  const metadata = Boolean(meta.exif || meta.xmp || meta.iptc);
  clean &&= !metadata;
  console.log(`  ${v.format.padEnd(5)} ${`${v.width}x${v.height}`.padEnd(10)} ${kb(v.bytes.byteLength).padStart(8)}  metadata: ${metadata ? 'YES' : 'none'}`);
}
console.log(`placeholder: ${Buffer.from(result.placeholder, 'base64').length} bytes of ThumbHash`);
const phone = result.variants.find((v) => v.format === 'avif' && v.width === 640)!;
console.log(`375 px phone at 2x: ${kb(phone.bytes.byteLength)} instead of ${kb(input.byteLength)} (${((1 - phone.bytes.byteLength / input.byteLength) * 100).toFixed(1)} % saved); 50 such photos: ${((50 * phone.bytes.byteLength) / 1024 / 1024).toFixed(2)} MB instead of ${((50 * input.byteLength) / 1024 / 1024).toFixed(0)} MB`);
console.log(`stored copies carry no metadata: ${clean ? 'yes' : 'NO'}`);
process.exitCode = clean ? 0 : 1;
