import sharp from 'sharp';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/**
 * A 12 MP phone photo of 4-5 MB: a coarse texture (crowds, stages) tinted differently for each photo,
 * sensor grain over it, the camera's EXIF with a GPS position. The JPEG quality is lowered until the
 * file is under 5 MB.
 */
export async function phonePhoto(n: number): Promise<Uint8Array> {
  const [width, height] = [4000, 3000];
  const noise = (w: number, h: number, sigma: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
  const hue = (n * 47) % 360;
  const tint = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,20%)"/>` +
      '</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>',
  );
  const coarse = await sharp(await noise(800, 600, 60))
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const scene = await sharp(coarse)
    .composite([
      { input: tint, blend: 'soft-light' },
      { input: await noise(width, height, 14), blend: 'overlay' },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
  for (let quality = 92; quality >= 60; quality -= 4) {
    const jpeg = await sharp(scene)
      .withExif({
        IFD0: { Make: 'Festicam', Model: `Serie ${n}` },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
      })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.byteLength <= 5 * 1024 * 1024) {
      if (jpeg.byteLength < 4 * 1024 * 1024)
        throw new Error(`photo ${n}: ${mb(jpeg.byteLength)}, under 4 MB at quality ${quality}`);
      return new Uint8Array(jpeg);
    }
  }
  throw new Error(`photo ${n} stays over 5 MB`);
}
