import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeMessage } from '#core/community-schemas';
import { uploadsTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { pendingKey } from '../../functions/lib/storage/pending';
import { storage } from '../../functions/lib/storage/storage';
import { sweepUnconfirmedUploads, UNCONFIRMED_UPLOAD_MAX_AGE_MS } from '../../functions/lib/domain/uploads/sweep';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';
import { expectNoMetadata, phonePhoto } from '../support/photos';
import { startS3rverStorage, stopS3rverStorage, type S3rverHandle } from '../support/s3rver';

/**
 * The same guarantees as tests/api/upload-hardening.test.ts against a signature-checking S3 server
 * (@20minutes/s3rver, which checks SigV4): it serves any object to anyone, which stands for the public CDN path here.
 * A URL addresses a private pending key of its own: what a second PUT writes there is never
 * published, since confirm publishes a re-encoded copy once.
 */
let s3: S3rverHandle;
let ana: SignedIn;

beforeAll(async () => {
  s3 = await startS3rverStorage();
  rateLimits.upload.limit = 1000;
  ana = await signIn();
});

afterAll(async () => {
  await stopS3rverStorage(s3);
});

async function presign(festivalId: number, bytes: Uint8Array, contentType = 'image/png') {
  const res = await api('POST', '/api/media/upload-url', {
    token: ana.token,
    body: {
      festival_id: festivalId,
      fileName: `foto.${contentType.split('/')[1]}`,
      contentType,
      fileSize: bytes.byteLength,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { uploadUrl: string; key: string; publicUrl: string; headers: Record<string, string> };
}

/** A browser's PUT: fetch sets Content-Length from the body. */
const putToS3 = (url: string, body: Uint8Array, headers: Record<string, string>) =>
  fetch(url, { method: 'PUT', headers, body: body as BodyInit });
const confirm = (key: string) => api('POST', '/api/media/confirm', { token: ana.token, body: { key } });
const objectAt = (key: string) => storage().inspect(key);

describe('S3: uploads are private until confirmed', () => {
  it('the PUT lands under pending/, the public URL has nothing until confirm publishes the checked copy', async () => {
    const bytes = imageBytes('png', 3000);
    const signed = await presign(await createFestival(), bytes);
    expect((await putToS3(signed.uploadUrl, bytes, signed.headers)).status).toBe(200);
    expect((await fetch(signed.publicUrl)).status).toBe(404);
    expect(await objectAt(pendingKey(signed.key))).toMatchObject({ size: 3000 });

    expect((await confirm(signed.key)).status).toBe(201);
    const served = await fetch(signed.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
  });
});

describe('S3: a presigned PUT cannot overwrite', () => {
  it("takes the spec's PUT (the file with its Content-Type, nothing else), and confirm publishes it", async () => {
    const bytes = imageBytes('png', 2048);
    const signed = await presign(await createFestival(), bytes);
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(new URL(signed.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';')).not.toContain(
      'if-none-match',
    );
    const put = await putToS3(signed.uploadUrl, bytes, { 'Content-Type': 'image/png' });
    expect(put.status).toBe(200);
    expect(await objectAt(pendingKey(signed.key))).not.toBeNull();
    expect((await confirm(signed.key)).status).toBe(201);
    const published = await fetch(signed.publicUrl);
    expect(published.status).toBe(200);
    expect(published.headers.get('content-type')).toBe('image/png');
  });

  it('never addresses the public key: after confirm, replaying the URL leaves the published image as it was', async () => {
    const bytes = imageBytes('png', 2048);
    const signed = await presign(await createFestival(), bytes);
    await putToS3(signed.uploadUrl, bytes, signed.headers);
    expect((await confirm(signed.key)).status).toBe(201);
    const published = Buffer.from(await (await fetch(signed.publicUrl)).arrayBuffer());
    // The store takes the replay; it can only reach the private prefix, which nothing publishes again.
    await putToS3(signed.uploadUrl, imageBytes('gif', 2048), { ...signed.headers, 'Content-Type': 'image/png' });
    expect(Buffer.from(await (await fetch(signed.publicUrl)).arrayBuffer())).toEqual(published);
    expect((await confirm(signed.key)).status).toBe(409);
  });
});

describe('S3: stored photos carry no metadata', () => {
  it('the published JPEG has no EXIF (no GPS)', async () => {
    const photo = await phonePhoto();
    const signed = await presign(await createFestival(), photo, 'image/jpeg');
    expect((await putToS3(signed.uploadUrl, photo, signed.headers)).status).toBe(200);
    expect((await confirm(signed.key)).status).toBe(201);
    await expectNoMetadata(new Uint8Array(await (await fetch(signed.publicUrl)).arrayBuffer()));
  });
});

describe('S3: the admin body without fileSize', () => {
  it('signs no length; confirm enforces 5 MB, answers in Spanish and deletes the object', async () => {
    const admin = await signInAdmin();
    const sign = () =>
      api('POST', '/api/admin/upload/get-signed-url', {
        token: admin.token,
        body: {
          fileName: 'cartel.png',
          contentType: 'image/png',
          userId: ana.user.id,
          festivalId: null,
          festivalData: { name: 'Nuevo' },
        },
      });
    const big = await sign();
    expect(big.status, big.text).toBe(201);
    expect(new URL(big.json.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    const tooBig = imageBytes('png', 6 * 1024 * 1024);
    expect((await putToS3(big.json.uploadUrl, tooBig, big.json.headers)).status).toBe(200);
    const refused = await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: { key: big.json.key } });
    expect(refused.status).toBe(413);
    expect(refused.json.error).toBe(fileTooLargeMessage(tooBig.byteLength));
    expect(await objectAt(pendingKey(big.json.key))).toBeNull();
    expect(await objectAt(big.json.key)).toBeNull();

    const fine = await sign();
    expect((await putToS3(fine.json.uploadUrl, imageBytes('png', 4000), fine.json.headers)).status).toBe(200);
    const confirmed = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: fine.json.key },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.size).toBe(4000);
    expect((await fetch(confirmed.json.publicUrl)).status).toBe(200);
  });
});

describe('S3: sweep', () => {
  it('deletes the private object of an upload left unconfirmed for over an hour', async () => {
    const bytes = imageBytes('png', 2048);
    const stale = await presign(await createFestival(), bytes);
    const recent = await presign(await createFestival(), bytes);
    await putToS3(stale.uploadUrl, bytes, stale.headers);
    await putToS3(recent.uploadUrl, bytes, recent.headers);
    const old = new Date(Date.now() - UNCONFIRMED_UPLOAD_MAX_AGE_MS - 60_000);
    await db().update(uploadsTable).set({ createdAt: old }).where(eq(uploadsTable.key, stale.key));
    const result = await sweepUnconfirmedUploads(db(), storage());
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);
    expect(await objectAt(pendingKey(stale.key))).toBeNull();
    expect(await objectAt(pendingKey(recent.key))).not.toBeNull();
    expect(await db().select().from(uploadsTable).where(eq(uploadsTable.key, stale.key))).toEqual([]);
  });
});
