import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalsTable, imageVariantsTable, mediaTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { reprocessStoredPhotos } from '../../functions/lib/media-reprocess';
import { rateLimits } from '../../functions/lib/rate-limit';
import { storage } from '../../functions/lib/storage/storage';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { expectCleanCopy, largePhonePhoto } from '../support/photos';

const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-variants-'));
const uploadsDir = path.join(dataDir, 'uploads');
const fileFor = (key: string) => readFileSync(path.join(uploadsDir, ...key.split('/')));

let ana: SignedIn;
let admin: SignedIn;
let photo: Uint8Array;

beforeAll(async () => {
  resetEnv({ DATA_DIR: dataDir, PUBLIC_BASE_URL: undefined });
  rateLimits.upload.limit = 1000;
  ana = await signIn();
  admin = await signInAdmin();
  // 1600x1200 turned by EXIF orientation 6: shown 1200 wide, 1600 high.
  photo = await largePhonePhoto();
}, 60_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Presign, PUT and confirm as the browser does, through the gallery's routes. */
async function uploadToGallery(user: SignedIn, festivalId: number, bytes: Uint8Array) {
  const signed = await api('POST', '/api/media/upload-url', {
    token: user.token,
    body: { festival_id: festivalId, fileName: 'movil.jpg', contentType: 'image/jpeg', fileSize: bytes.byteLength },
  });
  expect(signed.status, signed.text).toBe(201);
  const put = await api('PUT', signed.json.uploadUrl, {
    body: bytes,
    headers: { ...signed.json.headers, 'Content-Length': String(bytes.byteLength) },
  });
  expect(put.status, put.text).toBe(200);
  const confirmed = await api('POST', '/api/media/confirm', { token: user.token, body: { key: signed.json.key } });
  expect(confirmed.status, confirmed.text).toBe(201);
  return { key: signed.json.key as string, mediaId: confirmed.json.id as number };
}

const variantsRow = async (key: string) =>
  (await db().select().from(imageVariantsTable).where(eq(imageVariantsTable.key, key)))[0];

/** Every copy named in the row is stored, in its format and width, with no metadata. */
async function expectStoredCopies(key: string) {
  const row = await variantsRow(key);
  expect(row, `copies of ${key}`).toBeDefined();
  expect({ width: row.width, height: row.height }).toEqual({ width: 1200, height: 1600 });
  expect(Buffer.from(row.placeholder, 'base64').byteLength).toBeGreaterThan(10);
  expect(row.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
    'avif 1200x1600',
    'avif 320x427',
    'avif 400x533',
    'avif 640x853',
    'webp 1200x1600',
    'webp 320x427',
    'webp 400x533',
    'webp 640x853',
  ]);
  for (const variant of row.variants) {
    expect(variant.key).toBe(key.replace(/\.jpg$/, `-${variant.width}.${variant.format}`));
    const bytes = fileFor(variant.key);
    expect(bytes.byteLength).toBe(variant.bytes);
    await expectCleanCopy(bytes, variant.format, variant.width);
  }
  return row;
}

describe('photo copies on confirm (local storage)', () => {
  it('a user upload gets AVIF and WebP copies at 320/400/640 and its own width, upright, without EXIF; the original is served without metadata', async () => {
    const festival = await createFestival();
    const { key, mediaId } = await uploadToGallery(ana, festival, photo);
    const row = await expectStoredCopies(key);
    // The served original keeps its pixels ('Descargar') but not the camera or the GPS position.
    const original = await sharp(fileFor(key)).metadata();
    expect({ width: original.width, height: original.height, exif: original.exif }).toEqual({
      width: 1200,
      height: 1600,
      exif: undefined,
    });
    expect(fileFor(key).includes(Buffer.from('Festicam'))).toBe(false);

    // Once approved, the gallery answers with the size, the placeholder and the copies' URLs.
    await db().update(mediaTable).set({ status: 'approved' }).where(eq(mediaTable.id, mediaId));
    const gallery = await api('GET', `/api/media/festival/${festival}`);
    expect(gallery.status).toBe(200);
    const item = gallery.json.find((m: { id: number }) => m.id === mediaId);
    expect(item.image).toEqual({
      width: 1200,
      height: 1600,
      placeholder: row.placeholder,
      sources: expect.arrayContaining([
        { url: `/uploads/${key.replace(/\.jpg$/, '-640.avif')}`, type: 'image/avif', width: 640 },
      ]),
    });
    expect(item.image.sources).toHaveLength(8);
  });

  it('photos sent with the multipart form get their copies too, and deleting the photo deletes them', async () => {
    const festival = await createFestival();
    const form = new FormData();
    form.append('festival_id', String(festival));
    form.append('images[]', new File([photo as BlobPart], 'movil.jpg', { type: 'image/jpeg' }));
    const res = await api('POST', '/api/media', { token: ana.token, body: form });
    expect(res.status, res.text).toBe(201);
    const [media] = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival));
    const row = await expectStoredCopies(media.storageKey!);

    const removed = await api('DELETE', `/api/admin/media/${media.id}`, { token: admin.token });
    expect(removed.status, removed.text).toBe(200);
    expect(await variantsRow(media.storageKey!)).toBeUndefined();
    for (const variant of row.variants) expect(await storage().inspect(variant.key)).toBeNull();
  });

  it("an admin's festival image gets its copies on confirm, and the festival's answer carries them for the hero", async () => {
    const festival = await createFestival();
    const signed = await api('POST', '/api/admin/upload/get-signed-url', {
      token: admin.token,
      body: { fileName: 'cartel.jpg', contentType: 'image/jpeg', festivalId: festival },
    });
    expect(signed.status, signed.text).toBe(201);
    const put = await api('PUT', signed.json.uploadUrl, {
      body: photo,
      headers: { ...signed.json.headers, 'Content-Length': String(photo.byteLength) },
    });
    expect(put.status, put.text).toBe(200);
    const confirmed = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: signed.json.key },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    await expectStoredCopies(signed.json.key);

    await db()
      .update(festivalsTable)
      .set({ imageUrl: confirmed.json.publicUrl })
      .where(eq(festivalsTable.id, festival));
    const answer = await api('GET', `/api/festivals/${festival}`);
    expect(answer.json.image).toMatchObject({ width: 1200, height: 1600 });
    expect(answer.json.image.sources).toHaveLength(8);
  });
});

describe('npm run media:reprocess', () => {
  it('gives copies to photos stored before, cleans an original that kept its metadata, and does nothing the second time', async () => {
    const festival = await createFestival();
    // A photo stored as it came, with its EXIF, and no copies: what older confirms left.
    const key = `users/${ana.user.id}/gallery/antigua.jpg`;
    await storage().put({ key, contentType: 'image/jpeg', body: photo });
    await db()
      .insert(mediaTable)
      .values({
        festivalId: festival,
        userId: ana.user.id,
        url: storage().publicUrl(key),
        storageKey: key,
        status: 'approved',
      });
    // One whose object is gone (skipped), and one that is not an image (reported, not fatal).
    await db().insert(mediaTable).values({
      festivalId: festival,
      userId: ana.user.id,
      url: '/uploads/users/1/gallery/perdida.jpg',
      storageKey: 'users/1/gallery/perdida.jpg',
      status: 'approved',
    });
    const broken = `users/${ana.user.id}/gallery/rota.jpg`;
    await storage().put({ key: broken, contentType: 'image/jpeg', body: new Uint8Array(4096).fill(7) });
    await db()
      .insert(mediaTable)
      .values({
        festivalId: festival,
        userId: ana.user.id,
        url: storage().publicUrl(broken),
        storageKey: broken,
        status: 'approved',
      });

    const first = await reprocessStoredPhotos(db());
    expect(first.failed).toEqual([broken]);
    expect(first.missing).toContain('users/1/gallery/perdida.jpg');
    expect(first.processed).toBe(1);
    expect(first.cleaned).toBe(1);
    await expectStoredCopies(key);
    expect((await sharp(fileFor(key)).metadata()).exif).toBeUndefined();
    expect(fileFor(key).includes(Buffer.from('Festicam'))).toBe(false);
    const gallery = await api('GET', `/api/media/festival/${festival}`);
    expect(gallery.json.find((m: { url: string }) => m.url.endsWith('antigua.jpg')).image.sources).toHaveLength(8);

    const before = await variantsRow(key);
    const again = await reprocessStoredPhotos(db());
    expect(again).toMatchObject({ processed: 0, cleaned: 0, failed: [broken] });
    expect(await variantsRow(key)).toEqual(before);
  });
});
