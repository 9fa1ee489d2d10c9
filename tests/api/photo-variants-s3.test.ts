import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { storage } from '../../functions/lib/storage/storage';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { expectCleanCopy, largePhonePhoto } from '../support/photos';
import { startS3rver, type S3rverHandle } from '../support/s3rver';

let s3: S3rverHandle;
let ana: SignedIn;

beforeAll(async () => {
  s3 = await startS3rver();
  resetEnv(s3.env);
  rateLimits.upload.limit = 1000;
  ana = await signIn();
}, 60_000);

afterAll(async () => {
  resetEnv({ S3_BUCKET: undefined, S3_ENDPOINT: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined });
  await s3.close();
});

/** The bytes at a key, read back from the bucket. */
async function fromBucket(key: string): Promise<Uint8Array> {
  const object = await storage().read(key, 20 * 1024 * 1024);
  expect(object?.bytes, key).toBeTruthy();
  return object!.bytes!;
}

describe('photo copies on confirm (S3)', () => {
  it('stores the AVIF and WebP copies in the bucket beside the photo, without EXIF, and the original without it too', async () => {
    const photo = await largePhonePhoto();
    const festival = await createFestival();
    const signed = await api('POST', '/api/media/upload-url', {
      token: ana.token,
      body: { festival_id: festival, fileName: 'movil.jpg', contentType: 'image/jpeg', fileSize: photo.byteLength },
    });
    expect(signed.status, signed.text).toBe(201);
    const put = await fetch(signed.json.uploadUrl, { method: 'PUT', headers: signed.json.headers, body: photo as BodyInit });
    expect(put.status).toBe(200);
    const confirmed = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.json.key } });
    expect(confirmed.status, confirmed.text).toBe(201);

    const key: string = signed.json.key;
    const [row] = await db().select().from(imageVariantsTable).where(eq(imageVariantsTable.key, key));
    expect({ width: row.width, height: row.height }).toEqual({ width: 1200, height: 1600 });
    expect(row.variants).toHaveLength(6);
    for (const variant of row.variants) {
      expect(variant.key.startsWith(key.replace(/\.jpg$/, '-'))).toBe(true);
      await expectCleanCopy(await fromBucket(variant.key), variant.format, variant.width);
    }
    // The copies are public where the photo is (the bucket's public URL, the CDN's users/* path).
    const served = await fetch(storage().publicUrl(row.variants[0].key));
    expect(served.status).toBe(200);
    const original = await fromBucket(key);
    expect((await sharp(original).metadata()).exif).toBeUndefined();
    expect(Buffer.from(original).includes(Buffer.from('Festicam'))).toBe(false);
  });
});
