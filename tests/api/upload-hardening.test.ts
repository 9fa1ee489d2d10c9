import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#core/community-schemas';
import { mediaTable, uploadsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { createApiRoot } from '../../functions/server/api-apps';
import { createLocalApp } from '../../functions/server/local-app';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';
import { expectNoMetadata, phonePhoto } from '../support/photos';

/**
 * Uploads are private until confirmed and checked, a signed URL writes once, the local PUT streams
 * with a hard stop, and what is stored carries no metadata (docs/decisions/021).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-upload-hardening-'));
const uploadsDir = path.join(dataDir, 'uploads');
const pendingDir = path.join(dataDir, 'pending-uploads');
let site: ReturnType<typeof createLocalApp>;
let ana: SignedIn;

beforeAll(async () => {
  resetEnv({ DATA_DIR: dataDir, PUBLIC_BASE_URL: undefined });
  rateLimits.upload.limit = 1000;
  const webRoot = path.join(dataDir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Festivales</title>');
  site = createLocalApp({ webRoot, uploadsDir });
  ana = await signIn();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Presigned {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  headers: Record<string, string>;
}

async function presign(festivalId: number, bytes: Uint8Array, contentType = 'image/png'): Promise<Presigned> {
  const fileName = `foto.${contentType.split('/')[1]}`;
  const res = await api('POST', '/api/media/upload-url', {
    token: ana.token,
    body: { festival_id: festivalId, fileName, contentType, fileSize: bytes.byteLength },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const put = (signed: Presigned, body: Uint8Array, headers: Record<string, string> = signed.headers) =>
  api('PUT', signed.uploadUrl, { body, headers: { ...headers, 'Content-Length': String(body.byteLength) } });
const confirm = (key: string) => api('POST', '/api/media/confirm', { token: ana.token, body: { key } });
/** What anyone gets at the public URL, through the local server's /uploads route. */
const fetchPublic = (url: string) => site.request(url);
const pendingFileFor = (key: string) => path.join(pendingDir, ...key.split('/'));

describe('an upload is private until it is confirmed', () => {
  it('the PUT bytes are not served under /uploads (nor anywhere public) until confirm has checked them', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png', 3000);
    const signed = await presign(festival, bytes);
    expect((await put(signed, bytes)).status).toBe(200);
    expect((await fetchPublic(signed.publicUrl)).status).toBe(404);
    // Not even by guessing where the private copy lives.
    expect((await fetchPublic(`/uploads/pending/${signed.key}`)).status).toBe(404);
    const beside = await fetchPublic(`/pending-uploads/${signed.key}`);
    expect(beside.headers.get('content-type')).toMatch(/^text\/html/);
    expect(existsSync(pendingFileFor(signed.key))).toBe(true);

    expect((await confirm(signed.key)).status).toBe(201);
    const served = await fetchPublic(signed.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
  });

  it('bytes that fail the checks never become public, and are deleted', async () => {
    const festival = await createFestival();
    const text = imageBytes('text', 2048);
    const signed = await presign(festival, text);
    expect((await put(signed, text)).status).toBe(200);
    expect((await fetchPublic(signed.publicUrl)).status).toBe(404);
    expect((await confirm(signed.key)).status).toBe(400);
    expect((await fetchPublic(signed.publicUrl)).status).toBe(404);
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
  });
});

describe('a signed PUT writes once', () => {
  it('a second PUT with the same URL is refused (412) and the first bytes stay', async () => {
    const festival = await createFestival();
    const first = imageBytes('png', 2048);
    const signed = await presign(festival, first);
    expect((await put(signed, first)).status).toBe(200);
    const second = imageBytes('gif', 2048);
    const again = await put(signed, second, { ...signed.headers, 'Content-Type': 'image/png' });
    expect(again.status).toBe(412);
    expect(again.json.error).toBe('Ya se ha subido un archivo con este enlace. Pide uno nuevo.');
    expect(readFileSync(pendingFileFor(signed.key))).toEqual(Buffer.from(first));
  });

  it("takes the spec's PUT (the file with its Content-Type, nothing else), and confirm publishes it", async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png', 2048);
    const signed = await presign(festival, bytes);
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    const res = await put(signed, bytes, { 'Content-Type': 'image/png' });
    expect(res.status).toBe(200);
    expect(existsSync(pendingFileFor(signed.key))).toBe(true);
    expect((await confirm(signed.key)).status).toBe(201);
    expect((await fetchPublic(signed.publicUrl)).status).toBe(200);
  });

  it('after confirm the URL cannot replace the published image (409)', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png', 2048);
    const signed = await presign(festival, bytes);
    await put(signed, bytes);
    expect((await confirm(signed.key)).status).toBe(201);
    const published = Buffer.from(await (await fetchPublic(signed.publicUrl)).arrayBuffer());
    expect((await put(signed, bytes)).status).toBe(409);
    expect(Buffer.from(await (await fetchPublic(signed.publicUrl)).arrayBuffer())).toEqual(published);
  });
});

describe('the local signed PUT streams the body and stops at the limit', () => {
  const CHUNK = 64 * 1024;
  const root = createApiRoot();

  /** PUT without Content-Length (chunked), from a source of `total` bytes that counts what the server pulled. */
  async function chunkedPut(url: string, headers: Record<string, string>, total: number) {
    const source = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (source.pulled >= total) return controller.close();
        const chunk = new Uint8Array(Math.min(CHUNK, total - source.pulled)).fill(0x20);
        if (source.pulled === 0) chunk.set(imageBytes('png', 64));
        source.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await root.request(url, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
    return { res, json: await res.json().catch(() => undefined), pulled: source.pulled };
  }

  it('a URL signed for 3000 bytes reads no more than that of a 30 MB chunked body (403), and keeps nothing', async () => {
    const signed = await presign(await createFestival(), imageBytes('png', 3000));
    const { res, json, pulled } = await chunkedPut(signed.uploadUrl, signed.headers, 30 * 1024 * 1024);
    expect(res.status).toBe(403);
    expect(json.error).toBe('Firma de subida no válida.');
    expect(pulled).toBeLessThanOrEqual(3000 + 2 * CHUNK);
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
  });

  it('a URL without a signed length stops at 5 MB with its Spanish message (413), and keeps nothing', async () => {
    const admin = await signInAdmin();
    const festivalId = await createFestival();
    const signed = await api('POST', '/api/admin/upload/get-signed-url', {
      token: admin.token,
      body: { fileName: 'cartel.png', contentType: 'image/png', festivalId },
    });
    expect(signed.status).toBe(201);
    const { res, json, pulled } = await chunkedPut(signed.json.uploadUrl, signed.json.headers, 30 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(json.error).toBe('El archivo es demasiado grande (5.00 MB). Máximo permitido: 5MB');
    expect(pulled).toBeLessThanOrEqual(IMAGE_MAX_BYTES + 2 * CHUNK);
    expect(existsSync(pendingFileFor(signed.json.key))).toBe(false);
  });

  it('a chunked body of the signed length is stored', async () => {
    const bytes = imageBytes('png', 200_000);
    const signed = await presign(await createFestival(), bytes);
    const { res, pulled } = await chunkedPut(signed.uploadUrl, signed.headers, bytes.byteLength);
    expect(res.status).toBe(200);
    expect(pulled).toBe(200_000);
    expect(readFileSync(pendingFileFor(signed.key)).byteLength).toBe(200_000);
  });
});

describe('stored photos carry no metadata', () => {
  it('presigned upload: the published JPEG has no EXIF (no GPS), upright pixels', async () => {
    const festival = await createFestival();
    const photo = await phonePhoto();
    const signed = await presign(festival, photo, 'image/jpeg');
    expect((await put(signed, photo)).status).toBe(200);
    expect((await confirm(signed.key)).status).toBe(201);
    const served = await fetchPublic(signed.publicUrl);
    expect(served.status).toBe(200);
    await expectNoMetadata(new Uint8Array(await served.arrayBuffer()));
    // The uploads row keeps the size that was received (the 1 KB-5 MB rule applies to it).
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, signed.key));
    expect(row.contentLength).toBe(photo.byteLength);
  });

  it('multipart upload (POST /api/media): the stored JPEG has no EXIF', async () => {
    const festival = await createFestival();
    const form = new FormData();
    form.append('festival_id', String(festival));
    form.append('images[]', new File([(await phonePhoto()) as BlobPart], 'movil.jpg', { type: 'image/jpeg' }));
    const res = await api('POST', '/api/media', { token: ana.token, body: form });
    expect(res.status).toBe(201);
    const [media] = await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival));
    const served = await fetchPublic(media.url);
    expect(served.status).toBe(200);
    await expectNoMetadata(new Uint8Array(await served.arrayBuffer()));
  });

  it('admin upload: the confirmed JPEG has no EXIF', async () => {
    const admin = await signInAdmin();
    const photo = await phonePhoto();
    const signed = await api('POST', '/api/admin/upload/get-signed-url', {
      token: admin.token,
      body: {
        fileName: 'cartel.jpg',
        contentType: 'image/jpeg',
        fileSize: photo.byteLength,
        festivalId: await createFestival(),
      },
    });
    expect((await put(signed.json, photo)).status).toBe(200);
    const confirmed = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: signed.json.key },
    });
    expect(confirmed.status).toBe(200);
    await expectNoMetadata(new Uint8Array(await (await fetchPublic(confirmed.json.publicUrl)).arrayBuffer()));
  });

  it('bytes with an image signature that do not decode are refused in Spanish and deleted', async () => {
    const festival = await createFestival();
    const broken = imageBytes('jpeg', 4096);
    broken.fill(0x41, 20);
    const signed = await presign(festival, broken, 'image/jpeg');
    expect((await put(signed, broken)).status).toBe(200);
    const res = await confirm(signed.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('El archivo no es una imagen válida o está dañado.');
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
    expect((await fetchPublic(signed.publicUrl)).status).toBe(404);
  });
});
