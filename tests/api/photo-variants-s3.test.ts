import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable, imageVariantsTable, mediaTable } from '#db/schema';
import { reprocessStoredPhotos } from '../../functions/lib/media-reprocess';
import { rateLimits } from '../../functions/lib/rate-limit';
import { storage } from '../../functions/lib/storage/storage';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { expectCleanCopy, largePhonePhoto } from '../support/photos';
import { startS3rverStorage, stopS3rverStorage, type S3rverHandle } from '../support/s3rver';

let s3: S3rverHandle;
let ana: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  s3 = await startS3rverStorage();
  rateLimits.upload.limit = 1000;
  ana = await signIn();
  admin = await signInAdmin();
}, 60_000);

afterAll(async () => {
  await stopS3rverStorage(s3);
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
    const put = await fetch(signed.json.uploadUrl, {
      method: 'PUT',
      headers: signed.json.headers,
      body: photo as BodyInit,
    });
    expect(put.status).toBe(200);
    const confirmed = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.json.key } });
    expect(confirmed.status, confirmed.text).toBe(201);

    const key: string = signed.json.key;
    const [row] = await db().select().from(imageVariantsTable).where(eq(imageVariantsTable.key, key));
    expect({ width: row.width, height: row.height }).toEqual({ width: 1200, height: 1600 });
    expect(row.variants).toHaveLength(8);
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

  it('photos sent with the multipart form get their copies in the bucket too, without EXIF', async () => {
    const photo = await largePhonePhoto();
    const festival = await createFestival();
    const form = new FormData();
    form.append('festival_id', String(festival));
    form.append('images[]', new File([photo as BlobPart], 'movil.jpg', { type: 'image/jpeg' }));
    const res = await api('POST', '/api/media', { token: ana.token, body: form });
    expect(res.status, res.text).toBe(201);
    const [media] = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival));
    await expectCleanCopiesInBucket(media.storageKey!);
  });

  it("an admin's festival image gets its copies in the bucket on confirm, and the festival's answer carries them", async () => {
    const photo = await largePhonePhoto();
    const festival = await createFestival();
    const signed = await api('POST', '/api/admin/upload/get-signed-url', {
      token: admin.token,
      body: { fileName: 'cartel.jpg', contentType: 'image/jpeg', festivalId: festival },
    });
    expect(signed.status, signed.text).toBe(201);
    const put = await fetch(signed.json.uploadUrl, {
      method: 'PUT',
      headers: signed.json.headers,
      body: photo as BodyInit,
    });
    expect(put.status).toBe(200);
    const confirmed = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: signed.json.key },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    await expectCleanCopiesInBucket(signed.json.key);

    await db()
      .update(festivalsTable)
      .set({ imageUrl: confirmed.json.publicUrl })
      .where(eq(festivalsTable.id, festival));
    const answer = await api('GET', `/api/festivals/${festival}`);
    expect(answer.json.image).toMatchObject({ width: 1200, height: 1600 });
    expect(answer.json.image.sources).toHaveLength(8);
  });
});

describe('npm run media:reprocess (S3)', () => {
  it('gives copies in the bucket to a photo stored before, and stores its original again without metadata', async () => {
    const photo = await largePhonePhoto();
    const festival = await createFestival();
    // A photo stored as it came, EXIF included, with no copies: what older confirms left in the bucket.
    const key = `users/${ana.user.id}/gallery/antigua-s3.jpg`;
    await storage().put({ key, contentType: 'image/jpeg', body: photo });
    expect(Buffer.from(await fromBucket(key)).includes(Buffer.from('Festicam'))).toBe(true);
    await db()
      .insert(mediaTable)
      .values({
        festivalId: festival,
        userId: ana.user.id,
        url: storage().publicUrl(key),
        storageKey: key,
        status: 'approved',
      });

    const done = await reprocessStoredPhotos(db());
    expect(done).toMatchObject({ processed: 1, cleaned: 1 });
    await expectCleanCopiesInBucket(key);
    const gallery = await api('GET', `/api/media/festival/${festival}`);
    expect(gallery.json.find((m: { url: string }) => m.url.endsWith('antigua-s3.jpg')).image.sources).toHaveLength(8);
  });
});

/** The row of the photo at `key` names eight copies, each in the bucket in its format and width with no metadata; the original has none either. */
async function expectCleanCopiesInBucket(key: string) {
  const [row] = await db().select().from(imageVariantsTable).where(eq(imageVariantsTable.key, key));
  expect(row, `copies of ${key}`).toBeDefined();
  expect({ width: row.width, height: row.height }).toEqual({ width: 1200, height: 1600 });
  expect(row.variants.map((v) => `${v.format} ${v.width}`).sort()).toEqual([
    'avif 1200',
    'avif 320',
    'avif 400',
    'avif 640',
    'webp 1200',
    'webp 320',
    'webp 400',
    'webp 640',
  ]);
  for (const variant of row.variants)
    await expectCleanCopy(await fromBucket(variant.key), variant.format, variant.width);
  const original = await fromBucket(key);
  expect((await sharp(original).metadata()).exif).toBeUndefined();
  expect(Buffer.from(original).includes(Buffer.from('Festicam'))).toBe(false);
}
