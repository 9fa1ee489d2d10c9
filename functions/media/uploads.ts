/**
 * Image uploads to a festival's gallery or to one's own proposal (JPEG, PNG, GIF or WebP, 1 KB-5 MB,
 * at most 5 on a proposal; presigned PUT straight to storage, then confirm):
 *
 *   POST /api/media                 signed in; multipart images[] + festival_id (+ caption, comment)
 *   POST /api/media/upload-url      signed in; {festival_id, fileName, contentType, fileSize, purpose?} -> presigned PUT
 *   PUT  /api/media/uploads/{key}   local driver only; authorised by the URL's own signature, as S3 is
 *   POST /api/media/confirm         signed in; {key, caption?, comment?} -> checks the upload, publishes it, records pending media
 *
 * What a presigned PUT sends stays private (a pending key nobody can read) until confirm has
 * checked it and stored a copy without metadata at the public key (decision 021).
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { confirmUploadSchema, fileTooLargeMessage, IMAGE_MAX_BYTES, mediaFormSchema, uploadUrlSchema } from '#core/community-schemas';
import type { Executor } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import type { AuthUser } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { badRequest, conflict, forbidden, notFound, preconditionFailed, routeNotFoundError, tooLarge } from '../lib/errors';
import { discardFiles, jsonBodyLimit, putImages, readImageFiles, recordImages, type StoredFile } from '../lib/multipart-images';
import { rateLimit } from '../lib/rate-limit';
import { LocalStorage, LOCAL_UPLOAD_ROUTE } from '../lib/storage/local-storage';
import { storage } from '../lib/storage/storage';
import { assertFestivalImageRoom, festivalImageCount, findPendingUpload, issueUpload, publishUpload, readUploadedImage } from '../lib/domain/uploads/uploads';
import { validate } from '../lib/validate';
import { requireVisibleFestival, type FestivalAccess } from '../lib/domain/festivals/festival-access';
import type { Media } from '#core/response-schemas';
import { mediaReceivedResponse, mediaResponse, presignedUploadResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Galería');

const NOT_YOUR_PROPOSAL = 'Solo puedes añadir imágenes a tu propia propuesta pendiente.';
const invalidSignature = () => forbidden('Firma de subida no válida.', 'invalid_signature');

/** A freshly recorded item as the gallery would show it (it is pending, so nobody has voted). */
function newMedia(
  row: { id: number; festivalId: number; url: string; caption: string | null; comment: string | null; uploadedAt: Date },
  user: AuthUser,
): Media {
  return {
    id: row.id,
    festival_id: row.festivalId,
    user_id: user.id,
    type: 'image',
    url: row.url,
    caption: row.caption,
    comment: row.comment,
    status: 'pending',
    uploaded_at: row.uploadedAt.toISOString(),
    rating: 0,
    votesCount: 0,
    userRating: null,
    User: { id: user.id, name: user.name, avatar_url: user.avatar_url },
  };
}

const newMediaColumns = {
  id: mediaTable.id,
  festivalId: mediaTable.festivalId,
  url: mediaTable.url,
  caption: mediaTable.caption,
  comment: mediaTable.comment,
  uploadedAt: mediaTable.uploadedAt,
};

/**
 * Which kind of upload `user` may make to `festival`: gallery images for approved festivals (and
 * admins anywhere), proposal images for the proposer's own pending festival.
 */
function uploadPurposeFor(festival: FestivalAccess, user: AuthUser): 'gallery' | 'festival' {
  if (festival.status === 'approved') return 'gallery';
  if (festival.status === 'pending' && festival.proposedBy === user.id) return 'festival';
  if (user.role === 'admin') return 'gallery';
  throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
}

/** Locks the proposal so concurrent uploads cannot pass the limit of 5 images together. */
async function lockProposalWithRoom(tx: Executor, festivalId: number, user: AuthUser, adding: number): Promise<void> {
  const [festival] = await tx
    .select({ id: festivalsTable.id })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, festivalId), eq(festivalsTable.proposedBy, user.id), eq(festivalsTable.status, 'pending')))
    .for('update');
  if (!festival) throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
  assertFestivalImageRoom(await festivalImageCount(tx, festivalId), adding);
}

function localStorageOr404(): LocalStorage {
  const store = storage();
  if (!(store instanceof LocalStorage)) throw routeNotFoundError();
  return store;
}

export const mediaUploadRoutes = new Hono<AppEnv>()
  .post('/', doc({ summary: 'Sube fotos a la galería de un festival (multipart)', access: 'user', responses: { 201: { description: 'Fotos recibidas, pendientes de moderación', schema: mediaReceivedResponse } }, errors: [404, 409, 413, 429] }), requireAuth, validate('form', mediaFormSchema), rateLimit('upload'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('form');
    const images = await readImageFiles(await c.req.formData());
    if (images.length === 0) throw badRequest('Selecciona al menos una imagen.', 'no_images');
    const database = await db();
    const purpose = uploadPurposeFor(await requireVisibleFestival(database, input.festival_id, user), user);
    const files: StoredFile[] = await putImages(user.id, purpose, images);
    try {
      const rows = await database.transaction(async (tx) => {
        if (purpose === 'festival') await lockProposalWithRoom(tx, input.festival_id, user, files.length);
        return recordImages(tx, {
          userId: user.id,
          festivalId: input.festival_id,
          purpose,
          files,
          caption: input.caption,
          comment: input.comment,
        });
      });
      return c.json(
        { message: 'Imágenes recibidas. Se publicarán cuando un administrador las apruebe.', media: rows.map((row) => newMedia(row, user)) },
        201,
      );
    } catch (error) {
      await discardFiles(files);
      throw error;
    }
  })
  .post('/upload-url', doc({ summary: 'URL firmada para subir una foto directamente al almacenamiento', access: 'user', responses: { 201: { description: 'La subida firmada', schema: presignedUploadResponse } }, errors: [404, 409, 429] }), jsonBodyLimit, requireAuth, validate('json', uploadUrlSchema), rateLimit('upload'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const database = await db();
    const festival = await requireVisibleFestival(database, input.festival_id, user);
    const purpose = uploadPurposeFor(festival, user);
    if (input.purpose === 'festival' && purpose !== 'festival') throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
    if (purpose === 'festival') assertFestivalImageRoom(await festivalImageCount(database, festival.id), 1);
    const presigned = await issueUpload(database, {
      userId: user.id,
      festivalId: festival.id,
      purpose,
      contentType: input.contentType,
      contentLength: input.fileSize,
    });
    return c.json({ ...presigned, method: 'PUT', expiresAt: presigned.expiresAt.toISOString() }, 201);
  })
  .put('/uploads/:key{.+}', doc({ summary: 'Recibe los bytes de una subida firmada (almacenamiento local)', description: 'Solo en el servidor propio: con S3 la URL firmada apunta al bucket.', responses: { 200: { description: 'Guardado' } }, errors: [403, 404, 409, 412, 413] }), async (c) => {
    const store = localStorageOr404();
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(LOCAL_UPLOAD_ROUTE.length + 1));
    } catch {
      throw invalidSignature();
    }
    const len = c.req.query('len');
    const signedLength = len === undefined ? null : Number(len);
    // Everything is checked before the body is read, as S3 does with a presigned PUT.
    const check = store.verifySignedPut({
      key,
      contentType: c.req.header('Content-Type') ?? '',
      contentLength: signedLength,
      expires: Number(c.req.query('expires')),
      ifNoneMatch: c.req.header('If-None-Match') ?? '',
      signature: c.req.query('sig') ?? '',
    });
    if (check === 'expired') throw forbidden('El enlace de subida ha caducado. Pide uno nuevo.', 'upload_url_expired');
    if (check !== 'ok') throw invalidSignature();
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && signedLength !== null && Number(declared) !== signedLength) throw invalidSignature();
    if (declared !== undefined && signedLength === null && Number(declared) > IMAGE_MAX_BYTES) {
      throw tooLarge(fileTooLargeMessage(Number(declared)), 'file_too_large');
    }
    const [upload] = await (await db()).select({ status: uploadsTable.status }).from(uploadsTable).where(eq(uploadsTable.key, key)).limit(1);
    if (!upload) throw notFound('Subida no encontrada.', 'upload_not_found');
    if (upload.status === 'confirmed') throw conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');
    // Without Content-Length (chunked) the body is counted as it streams to disk and cut at the limit.
    const received = await store.receivePut(key, c.req.raw.body, signedLength ?? IMAGE_MAX_BYTES, signedLength !== null);
    if (received.status === 'exists') throw preconditionFailed('Ya se ha subido un archivo con este enlace. Pide uno nuevo.', 'upload_exists');
    if (received.status === 'too-large' && signedLength === null) throw tooLarge(fileTooLargeMessage(IMAGE_MAX_BYTES + 1), 'file_too_large');
    if (received.status !== 'stored') throw invalidSignature();
    return c.body(null, 200);
  })
  .post('/confirm', doc({ summary: 'Confirma una foto subida: se comprueba y queda pendiente de moderación', access: 'user', responses: { 201: { description: 'La foto', schema: mediaResponse } }, errors: [404, 409, 413] }), jsonBodyLimit, requireAuth, validate('json', confirmUploadSchema), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const database = await db();
    const upload = await findPendingUpload(database, input.key, user.id);
    if (upload.purpose === 'admin' || upload.festivalId === null) throw notFound('Subida no encontrada.', 'upload_not_found');
    const festivalId = upload.festivalId;
    const image = await readUploadedImage(upload);
    const row = await publishUpload(database, upload, image, async (tx) => {
      if (upload.purpose === 'festival') await lockProposalWithRoom(tx, festivalId, user, 1);
      const [media] = await tx
        .insert(mediaTable)
        .values({
          festivalId,
          userId: user.id,
          type: 'image',
          url: storage().publicUrl(upload.key),
          storageKey: upload.key,
          caption: input.caption,
          comment: input.comment,
          status: 'pending',
        })
        .returning(newMediaColumns);
      return { mediaId: media.id, result: media };
    });
    return c.json(newMedia(row, user), 201);
  });
