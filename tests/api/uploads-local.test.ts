import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mediaTable, uploadsTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { rateLimits } from '../../functions/lib/rate-limit';
import { LocalStorage } from '../../functions/lib/storage/local-storage';
import { pendingKey } from '../../functions/lib/storage/pending';
import { storage } from '../../functions/lib/storage/storage';
import { createLocalApp } from '../../functions/server/local-app';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';

const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-uploads-'));
const uploadsDir = path.join(dataDir, 'uploads');
const pendingDir = path.join(dataDir, 'pending-uploads');
// Many uploads per user here; the limit itself is tested on its own.
const generousUploadLimit = 1000;

let ana: SignedIn;
let bruno: SignedIn;

beforeAll(async () => {
  resetEnv({ DATA_DIR: dataDir, PUBLIC_BASE_URL: undefined });
  rateLimits.upload.limit = generousUploadLimit;
  ana = await signIn();
  bruno = await signIn();
});

afterEach(() => {
  rateLimits.upload.limit = generousUploadLimit;
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Presigned {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  headers: Record<string, string>;
  expiresAt: string;
}

async function presign(
  token: string,
  festivalId: number,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
): Promise<Presigned> {
  const res = await api('POST', '/api/media/upload-url', {
    token,
    body: {
      festival_id: festivalId,
      fileName: 'foto.png',
      contentType: 'image/png',
      fileSize: bytes.byteLength,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** The browser's PUT: the signed headers, and the Content-Length the body really has. */
const put = (url: string, body: Uint8Array, headers: Record<string, string> = {}) =>
  api('PUT', url, {
    body,
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(body.byteLength),
      ...headers,
    },
  });

/** The public file of a key, and the private copy a PUT writes until confirm. */
const fileFor = (key: string) => path.join(uploadsDir, ...key.split('/'));
const pendingFileFor = (key: string) => path.join(pendingDir, ...key.split('/'));
const storedNowhere = (key: string) => !existsSync(fileFor(key)) && !existsSync(pendingFileFor(key));
const uploadRow = async (key: string) => (await db().select().from(uploadsTable).where(eq(uploadsTable.key, key)))[0];
const mediaOf = (festivalId: number) => db().select().from(mediaTable).where(eq(mediaTable.festivalId, festivalId));

describe('local storage driver', () => {
  it('is chosen when S3_BUCKET is not set and keeps files under DATA_DIR/uploads, unconfirmed ones under DATA_DIR/pending-uploads', () => {
    const store = storage();
    expect(store).toBeInstanceOf(LocalStorage);
    expect((store as LocalStorage).directory).toBe(uploadsDir);
    expect((store as LocalStorage).pendingDirectory).toBe(pendingDir);
  });
});

describe('presign, PUT and confirm (local driver)', () => {
  it('records pending media of the festival and marks the upload confirmed', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png', 3000);
    const signed = await presign(ana.token, festival, bytes);
    expect(signed.uploadUrl).toMatch(
      new RegExp(`^/api/media/uploads/users/${ana.user.id}/gallery/[0-9a-f-]{36}\\.png\\?expires=\\d+&len=3000&sig=`),
    );
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(signed.publicUrl).toBe(`/uploads/${signed.key}`);
    expect(new Date(signed.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(await uploadRow(signed.key)).toMatchObject({
      status: 'issued',
      userId: ana.user.id,
      festivalId: festival,
      purpose: 'gallery',
      contentLength: 3000,
    });

    expect((await put(signed.uploadUrl, bytes)).status).toBe(200);
    // Private until confirmed: only the pending copy exists.
    expect(readFileSync(pendingFileFor(signed.key))).toEqual(Buffer.from(bytes));
    expect(existsSync(fileFor(signed.key))).toBe(false);

    const confirmed = await api('POST', '/api/media/confirm', {
      token: ana.token,
      body: { key: signed.key, caption: 'Escenario', comment: 'Increíble' },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.json).toMatchObject({
      festival_id: festival,
      user_id: ana.user.id,
      type: 'image',
      url: signed.publicUrl,
      caption: 'Escenario',
      comment: 'Increíble',
      status: 'pending',
      rating: 0,
      votesCount: 0,
      userRating: null,
      User: { id: ana.user.id },
    });
    const [media] = await mediaOf(festival);
    expect(media).toMatchObject({ id: confirmed.json.id, storageKey: signed.key, status: 'pending' });
    expect(existsSync(fileFor(signed.key))).toBe(true);
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
    expect(await uploadRow(signed.key)).toMatchObject({ status: 'confirmed', mediaId: media.id });
    // Pending: not in the public gallery until an admin approves it.
    expect((await api('GET', `/api/media/festival/${festival}`)).json).toEqual([]);
  });

  it('refuses to confirm the same key twice (409) and to overwrite a confirmed file', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('jpeg', 2048);
    const signed = await presign(ana.token, festival, bytes, { contentType: 'image/jpeg', fileName: 'a.jpg' });
    await put(signed.uploadUrl, bytes, { 'Content-Type': 'image/jpeg' });
    expect((await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } })).status).toBe(201);
    const published = readFileSync(fileFor(signed.key));
    const replay = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } });
    expect(replay.status).toBe(409);
    expect(replay.json.error).toBe('Esta imagen ya se había confirmado.');
    const overwrite = await put(signed.uploadUrl, imageBytes('jpeg', 2048).fill(1, 10), {
      'Content-Type': 'image/jpeg',
    });
    expect(overwrite.status).toBe(409);
    expect(readFileSync(fileFor(signed.key))).toEqual(published);
    expect(existsSync(pendingFileFor(signed.key))).toBe(false);
    expect(await mediaOf(festival)).toHaveLength(1);
  });

  it('answers 404 to a key the caller was not issued, and to one that was never issued', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png');
    const signed = await presign(ana.token, festival, bytes);
    await put(signed.uploadUrl, bytes);
    const stolen = await api('POST', '/api/media/confirm', { token: bruno.token, body: { key: signed.key } });
    expect(stolen.status).toBe(404);
    expect(stolen.json.error).toBe('Subida no encontrada.');
    expect(
      (await api('POST', '/api/media/confirm', { token: ana.token, body: { key: 'users/1/gallery/nada.png' } })).status,
    ).toBe(404);
    expect(await uploadRow(signed.key)).toMatchObject({ status: 'issued' });
    expect(await mediaOf(festival)).toHaveLength(0);
  });

  it.each([
    [
      'a tampered signature',
      (url: string) => url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')),
      {},
      'Firma de subida no válida.',
    ],
    [
      'a changed expiry',
      (url: string) => url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      {},
      'Firma de subida no válida.',
    ],
    [
      'another key',
      (url: string) => url.replace(/[0-9a-f-]{36}\.png/, '00000000-0000-4000-8000-000000000000.png'),
      {},
      'Firma de subida no válida.',
    ],
    ['a wrong Content-Type', (url: string) => url, { 'Content-Type': 'image/gif' }, 'Firma de subida no válida.'],
    ['a wrong Content-Length', (url: string) => url, { 'Content-Length': '4096' }, 'Firma de subida no válida.'],
  ])('rejects a PUT with %s (403) and stores nothing', async (_label, change, headers, message) => {
    const bytes = imageBytes('png', 2048);
    const signed = await presign(ana.token, await createFestival(), bytes);
    const res = await put(change(signed.uploadUrl), bytes, headers);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(message);
    expect(storedNowhere(signed.key)).toBe(true);
  });

  it('rejects a body longer than signed even when the header lies', async () => {
    const bytes = imageBytes('png', 2048);
    const signed = await presign(ana.token, await createFestival(), bytes);
    const res = await api('PUT', signed.uploadUrl, {
      body: imageBytes('png', 4096),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(res.status).toBe(403);
    expect(storedNowhere(signed.key)).toBe(true);
  });

  it('rejects an expired URL (403) with its own message', async () => {
    const bytes = imageBytes('png', 2048);
    const festival = await createFestival();
    const signed = await presign(ana.token, festival, bytes);
    // Sign the same key as the server would, but already expired.
    const expired = await storage().presignPut({
      key: signed.key,
      contentType: 'image/png',
      contentLength: 2048,
      expiresInSeconds: -5,
    });
    const res = await put(expired.uploadUrl, bytes);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('El enlace de subida ha caducado. Pide uno nuevo.');
    expect(storedNowhere(signed.key)).toBe(true);
  });

  it('confirm rejects a non-image (magic bytes) and deletes the stored object', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('text', 2048);
    const signed = await presign(ana.token, festival, bytes);
    expect((await put(signed.uploadUrl, bytes)).status).toBe(200);
    const res = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP');
    expect(storedNowhere(signed.key)).toBe(true);
    expect(await uploadRow(signed.key)).toMatchObject({ status: 'issued' });
    expect(await mediaOf(festival)).toHaveLength(0);
  });

  it('confirm rejects an image of another type than the one signed', async () => {
    const festival = await createFestival();
    const signed = await presign(ana.token, festival, imageBytes('png'));
    await storage().put({ key: pendingKey(signed.key), contentType: 'image/png', body: imageBytes('gif') });
    const res = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP');
  });

  it.each([
    ['oversized', 5 * 1024 * 1024 + 10, 413, 'El archivo es demasiado grande (5.00 MB). Máximo permitido: 5MB'],
    ['undersized', 900, 400, 'El archivo es demasiado pequeño. Mínimo 1KB'],
  ])('confirm rejects an %s object that reached storage some other way', async (_label, size, status, message) => {
    const festival = await createFestival();
    const signed = await presign(ana.token, festival, imageBytes('png', 2048));
    await storage().put({ key: pendingKey(signed.key), contentType: 'image/png', body: imageBytes('png', size) });
    const res = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } });
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(message);
    expect(storedNowhere(signed.key)).toBe(true);
    expect(await mediaOf(festival)).toHaveLength(0);
  });

  it('confirm before the PUT says the file has not arrived', async () => {
    const signed = await presign(ana.token, await createFestival(), imageBytes('png'));
    const res = await api('POST', '/api/media/confirm', { token: ana.token, body: { key: signed.key } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('No hemos recibido el archivo: súbelo antes de confirmar.');
  });
});

describe('POST /api/media/upload-url validation', () => {
  it.each([
    [{ fileSize: 6 * 1024 * 1024 }, 'El archivo es demasiado grande (6.00 MB). Máximo permitido: 5MB'],
    [{ fileSize: 1023 }, 'El archivo es demasiado pequeño. Mínimo 1KB'],
    [{ contentType: 'application/pdf' }, 'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP'],
    [
      { contentType: 'image/svg+xml', fileName: 'logo.svg' },
      'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP',
    ],
    [{ fileName: 'virus.exe' }, 'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP'],
    [{ fileName: '' }, 'Falta el nombre del archivo.'],
    [{ festival_id: undefined }, 'Selecciona un festival válido.'],
    [{ fileSize: 'mucho' }, 'fileSize debe ser el tamaño del archivo en bytes.'],
    [{ purpose: 'admin' }, "purpose debe ser 'gallery' o 'festival'."],
  ])('rejects %o with a Spanish 400 and issues nothing', async (overrides, message) => {
    const festival = await createFestival();
    const res = await api('POST', '/api/media/upload-url', {
      token: ana.token,
      body: { festival_id: festival, fileName: 'foto.png', contentType: 'image/png', fileSize: 2048, ...overrides },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(await db().select().from(uploadsTable).where(eq(uploadsTable.festivalId, festival))).toHaveLength(0);
  });

  it('accepts image/jpg as jpeg, needs a token, and answers 404 for an unknown festival', async () => {
    const festival = await createFestival();
    const jpg = await api('POST', '/api/media/upload-url', {
      token: ana.token,
      body: { festival_id: festival, fileName: 'a.JPG', contentType: 'image/jpg', fileSize: 2048 },
    });
    expect(jpg.status).toBe(201);
    expect(jpg.json.key).toMatch(/\.jpg$/);
    expect(jpg.json.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    const anonymous = await api('POST', '/api/media/upload-url', {
      body: { festival_id: festival, fileName: 'a.png', contentType: 'image/png', fileSize: 2048 },
    });
    expect(anonymous.status).toBe(401);
    const missing = await api('POST', '/api/media/upload-url', {
      token: ana.token,
      body: { festival_id: 999999, fileName: 'a.png', contentType: 'image/png', fileSize: 2048 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Festival no encontrado');
  });

  it('answers 429 past the upload limit', async () => {
    rateLimits.upload.limit = 1;
    const user = await signIn();
    const festival = await createFestival();
    const body = { festival_id: festival, fileName: 'a.png', contentType: 'image/png', fileSize: 2048 };
    expect((await api('POST', '/api/media/upload-url', { token: user.token, body })).status).toBe(201);
    const blocked = await api('POST', '/api/media/upload-url', { token: user.token, body });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe('Has subido demasiadas imágenes en poco tiempo. Inténtalo de nuevo más tarde.');
  });
});

describe('images of a proposed festival (purpose festival)', () => {
  async function propose(user: SignedIn) {
    const res = await api('POST', '/api/festivals', {
      token: user.token,
      body: {
        name: `Propuesta ${Math.random()}`,
        location: 'Bilbao',
        start_date: '01-09-2031',
        end_date: '02-09-2031',
        description: 'Nuevo',
      },
    });
    return res.json.id as number;
  }

  async function attach(user: SignedIn, festival: number) {
    const bytes = imageBytes('webp', 2048);
    const res = await api('POST', '/api/media/upload-url', {
      token: user.token,
      body: {
        festival_id: festival,
        fileName: 'cartel.webp',
        contentType: 'image/webp',
        fileSize: 2048,
        purpose: 'festival',
      },
    });
    if (res.status !== 201) return res;
    await put(res.json.uploadUrl, bytes, { 'Content-Type': 'image/webp' });
    return api('POST', '/api/media/confirm', { token: user.token, body: { key: res.json.key } });
  }

  it('lets the proposer attach up to 5 images to their own pending festival, then refuses', async () => {
    const festival = await propose(ana);
    for (let i = 0; i < 5; i++) expect((await attach(ana, festival)).status).toBe(201);
    const sixth = await attach(ana, festival);
    expect(sixth.status).toBe(400);
    expect(sixth.json.error).toBe('Máximo 5 imágenes permitidas');
    const rows = await db().select().from(uploadsTable).where(eq(uploadsTable.festivalId, festival));
    expect(rows.filter((r) => r.status === 'confirmed' && r.purpose === 'festival')).toHaveLength(5);
    expect(await mediaOf(festival)).toHaveLength(5);
  });

  it("refuses someone else's proposal (404: they cannot see it) and an approved festival (403)", async () => {
    const festival = await propose(ana);
    const other = await attach(bruno, festival);
    expect(other.status).toBe(404);
    const approved = await attach(ana, await createFestival());
    expect(approved.status).toBe(403);
    expect(approved.json.error).toBe('Solo puedes añadir imágenes a tu propia propuesta pendiente.');
  });

  it('the multipart route counts against the same limit of 5', async () => {
    const festival = await propose(ana);
    const files = (n: number) => {
      const body = new FormData();
      body.append('festival_id', String(festival));
      for (let i = 0; i < n; i++)
        body.append('images[]', new File([imageBytes('png') as BlobPart], `f${i}.png`, { type: 'image/png' }));
      return body;
    };
    expect((await api('POST', '/api/media', { token: ana.token, body: files(3) })).status).toBe(201);
    const over = await api('POST', '/api/media', { token: ana.token, body: files(3) });
    expect(over.status).toBe(400);
    expect(over.json.error).toBe('Máximo 5 imágenes permitidas');
    const media = await mediaOf(festival);
    expect(media).toHaveLength(3);
    // The refused request's files were removed again.
    const stored = await db()
      .select({ key: uploadsTable.key })
      .from(uploadsTable)
      .where(eq(uploadsTable.festivalId, festival));
    expect(stored).toHaveLength(3);
  });
});

describe('POST /api/media (multipart images[])', () => {
  const form = (
    festival: number | string,
    files: { bytes: Uint8Array; type: string; name: string }[],
    extra: Record<string, string> = {},
  ) => {
    const body = new FormData();
    body.append('festival_id', String(festival));
    for (const [k, v] of Object.entries(extra)) body.append(k, v);
    for (const file of files)
      body.append('images[]', new File([file.bytes as BlobPart], file.name, { type: file.type }));
    return body;
  };

  it('stores each image through the storage interface as pending media', async () => {
    const festival = await createFestival();
    const res = await api('POST', '/api/media', {
      token: ana.token,
      body: form(
        festival,
        [
          { bytes: imageBytes('png'), type: 'image/png', name: 'a.png' },
          { bytes: imageBytes('gif'), type: 'image/gif', name: 'b.gif' },
        ],
        { caption: 'Cartel' },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe('Imágenes recibidas. Se publicarán cuando un administrador las apruebe.');
    expect(res.json.media).toHaveLength(2);
    expect(res.json.media[0]).toMatchObject({
      festival_id: festival,
      status: 'pending',
      caption: 'Cartel',
      User: { id: ana.user.id },
    });
    const media = await mediaOf(festival);
    expect(media).toHaveLength(2);
    for (const item of media) expect(existsSync(fileFor(item.storageKey!))).toBe(true);
  });

  it.each([
    ['no images', [], 400, 'Selecciona al menos una imagen.'],
    [
      'a non-image',
      [{ bytes: imageBytes('text'), type: 'image/png', name: 'a.png' }],
      400,
      'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP',
    ],
    [
      'a PNG declared as JPEG',
      [{ bytes: imageBytes('png'), type: 'image/jpeg', name: 'a.jpg' }],
      400,
      'Tipo de archivo no permitido. Usa: JPEG, JPG, PNG, GIF, WEBP',
    ],
    [
      'an image over 5 MB',
      [{ bytes: imageBytes('png', 5 * 1024 * 1024 + 1), type: 'image/png', name: 'a.png' }],
      413,
      'El archivo es demasiado grande (5.00 MB). Máximo permitido: 5MB',
    ],
  ])('refuses %s', async (_label, files, status, message) => {
    const festival = await createFestival();
    const res = await api('POST', '/api/media', { token: ana.token, body: form(festival, files) });
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(message);
    expect(await mediaOf(festival)).toHaveLength(0);
  });

  it('needs a token, a festival id and a visible festival', async () => {
    const festival = await createFestival();
    const png = [{ bytes: imageBytes('png'), type: 'image/png', name: 'a.png' }];
    expect((await api('POST', '/api/media', { body: form(festival, png) })).status).toBe(401);
    const noFestival = await api('POST', '/api/media', { token: ana.token, body: form('', png) });
    expect(noFestival.status).toBe(400);
    expect(noFestival.json.error).toBe('Selecciona un festival válido.');
    const hidden = await createFestival({ status: 'pending', proposedBy: bruno.user.id });
    expect((await api('POST', '/api/media', { token: ana.token, body: form(hidden, png) })).status).toBe(404);
  });

  it('lets an admin add gallery images to any visible festival', async () => {
    const admin = await signInAdmin();
    const pending = await createFestival({ status: 'pending', proposedBy: bruno.user.id });
    const res = await api('POST', '/api/media', {
      token: admin.token,
      body: form(pending, [{ bytes: imageBytes('png'), type: 'image/png', name: 'a.png' }]),
    });
    expect(res.status).toBe(201);
  });
});

describe('the local server end to end', () => {
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    const webRoot = path.join(dataDir, 'web');
    mkdirSync(webRoot, { recursive: true });
    const app = createLocalApp({ webRoot, uploadsDir });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('presigns, takes a real HTTP PUT, confirms and serves the re-encoded file under /uploads', async () => {
    const festival = await createFestival();
    const bytes = imageBytes('png', 5000);
    const signed = await fetch(`${base}/api/media/upload-url`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ana.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        festival_id: festival,
        fileName: 'foto.png',
        contentType: 'image/png',
        fileSize: bytes.byteLength,
      }),
    }).then((r) => r.json());
    const uploaded = await fetch(new URL(signed.uploadUrl, base), {
      method: 'PUT',
      headers: signed.headers,
      body: bytes as BodyInit,
    });
    expect(uploaded.status).toBe(200);
    const confirmed = await fetch(`${base}/api/media/confirm`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ana.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: signed.key }),
    });
    expect(confirmed.status).toBe(201);
    const served = await fetch(new URL(signed.publicUrl, base));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: 'png', width: 2, height: 2 });
  });
});
