import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTable, uploadsTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { pendingKey } from '../../functions/lib/storage/pending';
import { S3Storage } from '../../functions/lib/storage/s3-storage';
import { storage } from '../../functions/lib/storage/storage';
import { api, db, signIn, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';
import { startS3rverStorage, stopS3rverStorage, type S3rverHandle } from '../support/s3rver';

let s3: S3rverHandle;
let ana: SignedIn;
let bruno: SignedIn;

beforeAll(async () => {
  s3 = await startS3rverStorage();
  rateLimits.upload.limit = 1000;
  ana = await signIn();
  bruno = await signIn();
});

afterAll(async () => {
  await stopS3rverStorage(s3);
});

interface Presigned {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  headers: Record<string, string>;
}

async function presign(
  user: SignedIn,
  festivalId: number,
  bytes: Uint8Array,
  contentType = 'image/png',
): Promise<Presigned> {
  const res = await api('POST', '/api/media/upload-url', {
    token: user.token,
    body: { festival_id: festivalId, fileName: 'foto', contentType, fileSize: bytes.byteLength },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** What a browser does: PUT to the bucket with the signed headers; fetch sets Content-Length from the body. */
const putToS3 = (url: string, body: Uint8Array, headers: Record<string, string>) =>
  fetch(url, { method: 'PUT', headers, body: body as BodyInit });

const confirm = (user: SignedIn, key: string) =>
  api('POST', '/api/media/confirm', { token: user.token, body: { key } });
const objectAt = (key: string) => storage().inspect(key);

describe('S3 storage driver', () => {
  it('is chosen when S3_BUCKET is set, and signs PUT URLs for the pending copy with type and length, and nothing else', async () => {
    expect(storage()).toBeInstanceOf(S3Storage);
    const signed = await presign(ana, await createFestival(), imageBytes('png'));
    const url = new URL(signed.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/pending/${signed.key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    // No checksum of an empty body signed in (real S3 would refuse the browser's PUT, which carries no such checksum).
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
    expect(signed.key).toMatch(new RegExp(`^users/${ana.user.id}/gallery/`));
    expect(signed.publicUrl).toBe(`${s3.endpoint}/${s3.bucket}/${signed.key}`);
  });
});

describe('presign, PUT and confirm against S3', () => {
  it('uploads straight to the bucket and records pending media on confirm; replaying fails', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('webp', 4096);
    const signed = await presign(ana, festival, bytes, 'image/webp');
    const put = await putToS3(signed.uploadUrl, bytes, signed.headers);
    expect(put.status).toBe(200);
    expect(await objectAt(pendingKey(signed.key))).toMatchObject({ size: 4096, contentType: 'image/webp' });
    expect(await objectAt(signed.key)).toBeNull();

    const res = await confirm(ana, signed.key);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ festival_id: festival, url: signed.publicUrl, status: 'pending' });
    const [row] = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival));
    expect(row).toMatchObject({ storageKey: signed.key, userId: ana.user.id, status: 'pending' });
    const [upload] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, signed.key));
    expect(upload).toMatchObject({ status: 'confirmed', mediaId: row.id });
    expect(await objectAt(signed.key)).toMatchObject({ contentType: 'image/webp' });
    expect(await objectAt(pendingKey(signed.key))).toBeNull();

    const replay = await confirm(ana, signed.key);
    expect(replay.status).toBe(409);
    const stolen = await confirm(bruno, signed.key);
    expect(stolen.status).toBe(404);
  });

  it('rejects a tampered signature (403 from S3)', async () => {
    const bytes = imageBytes('png');
    const signed = await presign(ana, await createFestival(), bytes);
    const url = new URL(signed.uploadUrl);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    expect((await putToS3(url.toString(), bytes, signed.headers)).status).toBe(403);
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
  });

  it('rejects a URL signed for another key (403 from S3)', async () => {
    const bytes = imageBytes('png');
    const signed = await presign(ana, await createFestival(), bytes);
    const url = new URL(signed.uploadUrl);
    url.pathname = url.pathname.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
    expect((await putToS3(url.toString(), bytes, signed.headers)).status).toBe(403);
  });

  it('rejects a wrong Content-Type (403 from S3)', async () => {
    const bytes = imageBytes('png');
    const signed = await presign(ana, await createFestival(), bytes);
    expect((await putToS3(signed.uploadUrl, bytes, { ...signed.headers, 'Content-Type': 'text/html' })).status).toBe(
      403,
    );
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
  });

  it('rejects a wrong length (403 from S3)', async () => {
    const signed = await presign(ana, await createFestival(), imageBytes('png', 2048));
    expect((await putToS3(signed.uploadUrl, imageBytes('png', 4096), signed.headers)).status).toBe(403);
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
  });

  it('rejects an expired URL (403 from S3)', async () => {
    const bytes = imageBytes('png');
    const key = `users/${ana.user.id}/gallery/expired-test.png`;
    const signed = await storage().presignPut({
      key,
      contentType: 'image/png',
      contentLength: bytes.byteLength,
      expiresInSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await putToS3(signed.uploadUrl, bytes, signed.headers)).status).toBe(403);
    expect(await objectAt(pendingKey(key))).toBeNull();
  });

  it('confirm rejects a non-image that was uploaded with a valid signature, and deletes it', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('text', 2048);
    const signed = await presign(ana, festival, bytes);
    expect((await putToS3(signed.uploadUrl, bytes, signed.headers)).status).toBe(200);
    const res = await confirm(ana, signed.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP');
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
    expect(await objectAt(signed.key)).toBeNull();
    expect(await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival))).toHaveLength(0);
  });

  it.each([
    ['oversized', 5 * 1024 * 1024 + 1, 413, 'El archivo es demasiado grande (5.00 MB). Máximo permitido: 5MB'],
    ['undersized', 100, 400, 'El archivo es demasiado pequeño. Mínimo 1KB'],
  ])('confirm rejects an %s object written under the key by other means', async (_label, size, status, message) => {
    const festival = await createFestival();
    const signed = await presign(ana, festival, imageBytes('png'));
    await storage().put({ key: pendingKey(signed.key), contentType: 'image/png', body: imageBytes('png', size) });
    const res = await confirm(ana, signed.key);
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(message);
    expect(await objectAt(pendingKey(signed.key))).toBeNull();
    expect(await objectAt(signed.key)).toBeNull();
    expect(await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival))).toHaveLength(0);
  });

  it('the multipart route stores through S3 as well', async () => {
    const festival = await createFestival();
    const body = new FormData();
    body.append('festival_id', String(festival));
    body.append('images[]', new File([imageBytes('jpeg', 3000) as BlobPart], 'a.jpg', { type: 'image/jpeg' }));
    const res = await api('POST', '/api/media', { token: ana.token, body });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival));
    expect(row.url).toBe(`${s3.endpoint}/${s3.bucket}/${row.storageKey}`);
    expect(await objectAt(row.storageKey!)).toMatchObject({ contentType: 'image/jpeg' });
    const served = await fetch(row.url);
    expect(served.status).toBe(200);
  });
});
