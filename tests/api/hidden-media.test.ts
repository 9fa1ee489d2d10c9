import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { hiddenKey } from '../../functions/lib/storage/pending';
import { storage } from '../../functions/lib/storage/storage';
import { createLocalApp } from '../../functions/server/local-app';
import { api, db, root, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { largePhonePhoto } from '../support/photos';
import { startS3rverStorage, stopS3rverStorage, type S3rverHandle } from '../support/s3rver';

// A photo an admin hides leaves its public URL, copies included, for everyone: only the admin's
// route reads it back, and deleting the item deletes it from where it went.

let ana: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  rateLimits.upload.limit = 1000;
  ana = await signIn(undefined, 'Ana Fotógrafa');
  admin = await signInAdmin();
});

/** A gallery photo uploaded as the spec's client does (presign, PUT, confirm) and approved. */
async function approvedPhoto(base = '') {
  const photo = await largePhonePhoto();
  const festival = await createFestival();
  const signed = await api('POST', '/api/media/upload-url', {
    token: ana.token,
    body: { festival_id: festival, fileName: 'movil.jpg', contentType: 'image/jpeg', fileSize: photo.byteLength },
  });
  expect(signed.status, signed.text).toBe(201);
  const put = await fetch(new URL(signed.json.uploadUrl, base || undefined), {
    method: 'PUT',
    headers: signed.json.headers,
    body: photo as BodyInit,
  });
  expect(put.status).toBe(200);
  const confirmed = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.json.key } });
  expect(confirmed.status, confirmed.text).toBe(201);
  const approved = await api('PATCH', `/api/admin/media/${confirmed.json.id}/approve`, {
    token: admin.token,
    body: { status: 'approved' },
  });
  expect(approved.status, approved.text).toBe(200);
  const key: string = signed.json.key;
  const [row] = await db().select().from(imageVariantsTable).where(eq(imageVariantsTable.key, key));
  return { id: Number(confirmed.json.id), key, copies: row.variants.map((v) => v.key) };
}

const status = async (url: string) => (await fetch(url)).status;
/** The admin's route to a stored photo, read as bytes. */
const fileOf = (id: number, token: string) =>
  root().request(`/api/admin/media/${id}/file`, { headers: { Authorization: `Bearer ${token}` } });

describe('hiding a stored photo (S3)', () => {
  let s3: S3rverHandle;

  beforeAll(async () => {
    s3 = await startS3rverStorage();
  }, 60_000);

  afterAll(async () => {
    await stopS3rverStorage(s3);
  });

  it('moves the photo and its copies off their public URLs; the admin still sees it; deleting it removes it', async () => {
    const { id, key, copies } = await approvedPhoto();
    const urls = [key, ...copies].map((k) => storage().publicUrl(k));
    expect(copies.length).toBeGreaterThan(0);
    for (const url of urls) expect(await status(url), url).toBe(200);
    const before = await storage().read(key, 20 * 1024 * 1024);

    const hidden = await api('GET', `/api/admin/media/${id}/hide`, { token: admin.token });
    expect(hidden.status).toBe(200);
    for (const url of urls) expect(await status(url), url).toBe(404);
    for (const k of [key, ...copies]) expect(await storage().inspect(hiddenKey(k)), k).not.toBeNull();

    // The admin list says where the photo is read now.
    const listed = await api('GET', '/api/admin/media', { token: admin.token });
    expect(listed.json.find((m: { id: number }) => m.id === id)).toMatchObject({
      file_url: `/api/admin/media/${id}/file`,
    });
    const file = await fileOf(id, admin.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(before!.bytes!));
    // Not the uploader, nor anyone but an admin.
    expect((await api('GET', `/api/admin/media/${id}/file`, { token: ana.token })).status).toBe(403);
    expect((await api('GET', `/api/admin/media/${id}/file`)).status).toBe(401);

    // Hiding again changes nothing and fails on nothing (what moved is not there any more).
    expect((await api('GET', `/api/admin/media/${id}/hide`, { token: admin.token })).status).toBe(200);

    expect((await api('DELETE', `/api/admin/media/${id}`, { token: admin.token })).status).toBe(200);
    for (const k of [key, ...copies]) {
      expect(await storage().inspect(hiddenKey(k)), k).toBeNull();
      expect(await storage().inspect(k), k).toBeNull();
    }
    expect((await api('GET', `/api/admin/media/${id}/file`, { token: admin.token })).status).toBe(404);
  });
});

describe('hiding a stored photo (local disk, the embedded default)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-hidden-'));
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    resetEnv({ DATA_DIR: dataDir, PUBLIC_BASE_URL: undefined });
    const webRoot = path.join(dataDir, 'web');
    mkdirSync(webRoot, { recursive: true });
    const app = createLocalApp({ webRoot, uploadsDir: path.join(dataDir, 'uploads') });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the photo under /uploads until hidden, then 404 there; the file sits outside the served directory', async () => {
    const { id, key, copies } = await approvedPhoto(base);
    const urls = [key, ...copies].map((k) => new URL(storage().publicUrl(k), base).toString());
    for (const url of urls) expect(await status(url), url).toBe(200);

    expect((await api('GET', `/api/admin/media/${id}/hide`, { token: admin.token })).status).toBe(200);
    for (const url of urls) expect(await status(url), url).toBe(404);
    expect(existsSync(path.join(dataDir, 'hidden-uploads', ...key.split('/')))).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads', ...key.split('/')))).toBe(false);

    const file = await fileOf(id, admin.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
