import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TOO_SMALL_MESSAGE, FILE_TYPE_MESSAGE, fileTooLargeMessage } from '#core/community-schemas';
import { mediaTable, uploadsTable } from '#db/schema';
import { LocalStorage } from '../../functions/lib/storage/local-storage';
import { pendingKey } from '../../functions/lib/storage/pending';
import { useStorage } from '../../functions/lib/storage/storage';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival, imageBytes } from '../support/fixtures';

let admin: SignedIn;
let user: SignedIn;
let festivalId: number;
let store: LocalStorage;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'festivales-admin-uploads-'));
  store = new LocalStorage({ directory, secret: 'admin-upload-test-secret' });
  useStorage(store);
  admin = await signInAdmin();
  user = await signIn();
  festivalId = await createFestival({ name: 'Festival Con Fotos' });
});

afterAll(() => {
  useStorage(undefined);
  rmSync(directory, { recursive: true, force: true });
});

const png = imageBytes('png', 4096);

async function signedUrl(body: Record<string, unknown>) {
  return api('POST', '/api/admin/upload/get-signed-url', {
    token: admin.token,
    body: { fileName: 'cartel.png', contentType: 'image/png', fileSize: png.byteLength, userId: user.user.id, ...body },
  });
}

const putFile = (uploadUrl: string, bytes: Uint8Array, contentType = 'image/png') =>
  api('PUT', uploadUrl, {
    body: bytes,
    headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) },
  });

/** get-signed-url, PUT, confirm: what the admin media form does before saving. */
async function uploadImage(body: Record<string, unknown> = { festivalId }) {
  const signed = await signedUrl(body);
  expect(signed.status).toBe(201);
  expect((await putFile(signed.json.uploadUrl, png)).status).toBe(200);
  const confirmed = await api('POST', '/api/admin/upload/confirm', {
    token: admin.token,
    body: {
      key: signed.json.key,
      publicUrl: signed.json.publicUrl,
      festivalId: body.festivalId,
      fileName: 'cartel.png',
      fileSize: png.byteLength,
      contentType: 'image/png',
    },
  });
  expect(confirmed.status).toBe(200);
  return confirmed.json as { key: string; publicUrl: string };
}

describe('POST /api/admin/upload/get-signed-url', () => {
  it('signs a PUT for the exact type and length under the admin prefix, with the structure of the key', async () => {
    const res = await signedUrl({ festivalId });
    expect(res.status).toBe(201);
    expect(res.json.key).toMatch(new RegExp(`^users/${admin.user.id}/admin/[0-9a-f-]{36}\\.png$`));
    expect(res.json.uploadUrl).toContain(`/api/media/uploads/${res.json.key}?`);
    expect(res.json.publicUrl).toBe(`/uploads/${res.json.key}`);
    expect(res.json.structure).toMatchObject({
      folder: `users/${admin.user.id}/admin`,
      originalName: 'cartel.png',
      festivalId,
      festivalName: 'Festival Con Fotos',
      userId: user.user.id,
    });
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, res.json.key));
    expect(row).toMatchObject({
      purpose: 'admin',
      status: 'issued',
      contentLength: png.byteLength,
      festivalId,
      userId: admin.user.id,
    });
    // The signature covers type and length: anything else is refused.
    expect((await putFile(res.json.uploadUrl, png, 'image/jpeg')).status).toBe(403);
    expect((await putFile(res.json.uploadUrl, imageBytes('png', 5000))).status).toBe(403);
  });

  it.each([
    [{ festivalId: undefined }, 'Selecciona un festival antes de subir una imagen.'],
    [{ festivalId: undefined, festivalData: { name: '' } }, 'Selecciona un festival antes de subir una imagen.'],
    [{ contentType: 'application/pdf', fileName: 'cartel.pdf' }, FILE_TYPE_MESSAGE],
    [{ fileSize: 6 * 1024 * 1024 }, fileTooLargeMessage(6 * 1024 * 1024)],
    [{ fileSize: 500 }, FILE_TOO_SMALL_MESSAGE],
    [{ fileSize: 'grande' }, 'fileSize debe ser el tamaño del archivo en bytes.'],
    [{ fileName: '' }, 'Falta el nombre del archivo.'],
  ])('answers 400 in Spanish for %o', async (overrides, message) => {
    const res = await signedUrl({ festivalId, ...overrides });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('answers 404 for an unknown festival', async () => {
    const res = await signedUrl({ festivalId: 999999 });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Festival no encontrado');
  });
});

describe('POST /api/admin/upload/confirm', () => {
  it('checks the stored object and confirms it once', async () => {
    const signed = await signedUrl({ festivalId });
    await putFile(signed.json.uploadUrl, png);
    const res = await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: { key: signed.json.key } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      key: signed.json.key,
      publicUrl: signed.json.publicUrl,
      size: png.byteLength,
      contentType: 'image/png',
    });
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, signed.json.key));
    expect(row.status).toBe('confirmed');
    const audit = await api('GET', `/api/admin/audit?entity=upload&entity_id=${row.id}`, { token: admin.token });
    expect(audit.json[0]).toMatchObject({ action: 'confirm' });
    const again = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: signed.json.key },
    });
    expect(again.status).toBe(409);
  });

  it('refuses a key that was never uploaded, and deletes an object that is not an image', async () => {
    const missing = await signedUrl({ festivalId });
    const notSent = await api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key: missing.json.key },
    });
    expect(notSent.status).toBe(400);
    expect(notSent.json.error).toBe('No hemos recibido el archivo: súbelo antes de confirmar.');

    const text = imageBytes('text', 4096);
    const fake = await signedUrl({ festivalId, fileSize: text.byteLength });
    expect((await putFile(fake.json.uploadUrl, text)).status).toBe(200);
    const res = await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: { key: fake.json.key } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(FILE_TYPE_MESSAGE);
    expect(await store.inspect(fake.json.key)).toBeNull();
    expect(await store.inspect(pendingKey(fake.json.key))).toBeNull();
  });

  it('answers 404 for unknown keys and for uploads that are not the admin kind, 400 without a key', async () => {
    expect(
      (await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: { key: 'users/1/admin/nope.png' } }))
        .status,
    ).toBe(404);
    const [gallery] = await db()
      .insert(uploadsTable)
      .values({
        key: `users/${user.user.id}/gallery/x.png`,
        userId: user.user.id,
        festivalId,
        purpose: 'gallery',
        contentType: 'image/png',
        contentLength: 4096,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    expect(
      (await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: { key: gallery.key } })).status,
    ).toBe(404);
    const noKey = await api('POST', '/api/admin/upload/confirm', { token: admin.token, body: {} });
    expect(noKey.status).toBe(400);
    expect(noKey.json.error).toBe('Falta la clave de la subida.');
  });
});

describe('uploaded images in the admin forms', () => {
  it('media saved with an uploaded URL owns its object, and deleting the media deletes the object', async () => {
    const { key, publicUrl } = await uploadImage();
    const created = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: publicUrl, festival_id: festivalId, user_id: user.user.id, status: 'approved' },
    });
    expect(created.status).toBe(201);
    const [row] = await db().select().from(mediaTable).where(eq(mediaTable.id, created.json.id));
    expect(row.storageKey).toBe(key);
    expect(await store.inspect(key)).not.toBeNull();

    const deleted = await api('DELETE', `/api/admin/media/${created.json.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await store.inspect(key)).toBeNull();
  });

  it('replacing the URL of media deletes the old object', async () => {
    const first = await uploadImage();
    const second = await uploadImage();
    const created = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: first.publicUrl, festival_id: festivalId, user_id: user.user.id },
    });
    await api('PUT', `/api/admin/media/${created.json.id}`, {
      token: admin.token,
      body: { url: second.publicUrl, festival_id: festivalId, user_id: user.user.id },
    });
    expect(await store.inspect(first.key)).toBeNull();
    expect(await store.inspect(second.key)).not.toBeNull();
  });

  it("a new festival's uploaded image and its media's objects go when the festival is deleted", async () => {
    const poster = await uploadImage({
      festivalData: { name: 'Festival Con Cartel', location: 'Gijón', start_date: '2031-08-01' },
    });
    const festival = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: {
        name: 'Festival Con Cartel',
        location: 'Gijón',
        start_date: '2031-08-01',
        description: 'Con cartel',
        imageUrl: poster.publicUrl,
      },
    });
    expect(festival.status).toBe(201);
    expect(festival.json.image_url).toBe(poster.publicUrl);
    const photo = await uploadImage({ festivalId: festival.json.id });
    const media = await api('POST', '/api/admin/media', {
      token: admin.token,
      body: { url: photo.publicUrl, festival_id: festival.json.id, user_id: user.user.id },
    });
    expect(media.status).toBe(201);

    const res = await api('DELETE', `/api/admin/festivals/${festival.json.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await store.inspect(poster.key)).toBeNull();
    expect(await store.inspect(photo.key)).toBeNull();
    expect(await db().select().from(mediaTable).where(eq(mediaTable.festivalId, festival.json.id))).toHaveLength(0);
  });
});

describe('the get-signed-url body without fileSize', () => {
  /** What older admin clients send: fileName, contentType, userId and festivalId or festivalData. */
  const specBody = (target: Record<string, unknown>) => ({
    fileName: 'cartel.png',
    contentType: 'image/png',
    userId: user.user.id,
    ...target,
  });
  const signSpec = (target: Record<string, unknown> = { festivalId }) =>
    api('POST', '/api/admin/upload/get-signed-url', { token: admin.token, body: specBody(target) });
  /** The PUT as a browser sends it, without a length signed into the URL. */
  const putUnsized = (signed: { uploadUrl: string; headers: Record<string, string> }, bytes: Uint8Array) =>
    api('PUT', signed.uploadUrl, {
      body: bytes,
      headers: { ...signed.headers, 'Content-Length': String(bytes.byteLength) },
    });
  const confirmKey = (key: string) =>
    api('POST', '/api/admin/upload/confirm', {
      token: admin.token,
      body: { key, fileName: 'cartel.png', contentType: 'image/png' },
    });

  it('is accepted with festivalId or festivalData; the URL signs the type but no length', async () => {
    const res = await signSpec();
    expect(res.status, res.text).toBe(201);
    expect(res.json.uploadUrl).not.toContain('len=');
    expect(res.json.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(res.json.structure).toMatchObject({
      originalName: 'cartel.png',
      fileSize: null,
      festivalId,
      userId: user.user.id,
    });
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, res.json.key));
    expect(row).toMatchObject({ status: 'issued', contentLength: null });
    const withData = await signSpec({
      festivalData: { name: 'Festival Nuevo', start_date: '2031-07-01', location: 'Vigo' },
    });
    expect(withData.status).toBe(201);
    // The type is still checked up front.
    const pdf = await api('POST', '/api/admin/upload/get-signed-url', {
      token: admin.token,
      body: { ...specBody({ festivalId }), fileName: 'a.pdf', contentType: 'application/pdf' },
    });
    expect(pdf.status).toBe(400);
    expect(pdf.json.error).toBe(FILE_TYPE_MESSAGE);
  });

  it('an image of any length within 1 KB-5 MB goes through, and confirm records the size received', async () => {
    const signed = await signSpec();
    const bytes = imageBytes('png', 7777);
    expect((await putUnsized(signed.json, bytes)).status).toBe(200);
    const confirmed = await confirmKey(signed.json.key);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ size: 7777, contentType: 'image/png', publicUrl: signed.json.publicUrl });
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, signed.json.key));
    expect(row).toMatchObject({ status: 'confirmed', contentLength: 7777 });
    expect(await store.inspect(signed.json.key)).not.toBeNull();
  });

  it('confirm refuses an image under 1 KB with a Spanish 400 and deletes it', async () => {
    const signed = await signSpec();
    expect((await putUnsized(signed.json, imageBytes('png', 600))).status).toBe(200);
    const res = await confirmKey(signed.json.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(FILE_TOO_SMALL_MESSAGE);
    expect(await store.inspect(pendingKey(signed.json.key))).toBeNull();
    expect(await store.inspect(signed.json.key)).toBeNull();
    const [row] = await db().select().from(uploadsTable).where(eq(uploadsTable.key, signed.json.key));
    expect(row.status).toBe('issued');
  });

  it('confirm refuses what is over 5 MB with its Spanish message and deletes it', async () => {
    const signed = await signSpec();
    // The local PUT itself stops at 5 MB without a signed length; S3 does not, so confirm checks again.
    const tooBig = imageBytes('png', 5 * 1024 * 1024 + 100);
    const put = await putUnsized(signed.json, tooBig);
    expect(put.status).toBe(413);
    await store.put({ key: pendingKey(signed.json.key), contentType: 'image/png', body: tooBig });
    const res = await confirmKey(signed.json.key);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(fileTooLargeMessage(tooBig.byteLength));
    expect(await store.inspect(pendingKey(signed.json.key))).toBeNull();
    expect(await store.inspect(signed.json.key)).toBeNull();
  });
});
