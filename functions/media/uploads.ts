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
import { Hono } from 'hono';
import {
  confirmUploadSchema,
  fileTooLargeMessage,
  IMAGE_MAX_BYTES,
  mediaFormSchema,
  uploadUrlSchema,
} from '#core/community-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { badRequest, forbidden, preconditionFailed, routeNotFoundError, tooLarge } from '../lib/errors';
import { discardFiles, jsonBodyLimit, putImages, readImageFiles, type StoredFile } from '../lib/multipart-images';
import { rateLimit } from '../lib/rate-limit';
import { LocalStorage, LOCAL_UPLOAD_ROUTE } from '../lib/storage/local-storage';
import { storage } from '../lib/storage/storage';
import {
  assertUploadAwaitsBytes,
  confirmGalleryUpload,
  galleryUploadPurpose,
  issueGalleryUpload,
  recordFormImages,
} from '../lib/domain/uploads/gallery-uploads';
import { validate } from '../lib/validate';
import { mediaReceivedResponse, mediaResponse, presignedUploadResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Galería');

const invalidSignature = () => forbidden('Firma de subida no válida.', 'invalid_signature');

function localStorageOr404(): LocalStorage {
  const store = storage();
  if (!(store instanceof LocalStorage)) throw routeNotFoundError();
  return store;
}

export const mediaUploadRoutes = new Hono<AppEnv>()
  .post(
    '/',
    doc({
      summary: 'Sube fotos a la galería de un festival (multipart)',
      access: 'user',
      responses: { 201: { description: 'Fotos recibidas, pendientes de moderación', schema: mediaReceivedResponse } },
      errors: [404, 409, 413, 429],
    }),
    requireAuth,
    validate('form', mediaFormSchema),
    rateLimit('upload'),
    async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('form');
      const images = await readImageFiles(await c.req.formData());
      if (images.length === 0) throw badRequest('Selecciona al menos una imagen.', 'no_images');
      const database = await db();
      const purpose = await galleryUploadPurpose(database, input.festival_id, user);
      const files: StoredFile[] = await putImages(user.id, purpose, images);
      try {
        const media = await recordFormImages(database, user, {
          festivalId: input.festival_id,
          purpose,
          files,
          caption: input.caption,
          comment: input.comment,
        });
        return c.json(
          { message: 'Imágenes recibidas. Se publicarán cuando un administrador las apruebe.', media },
          201,
        );
      } catch (error) {
        await discardFiles(files);
        throw error;
      }
    },
  )
  .post(
    '/upload-url',
    doc({
      summary: 'URL firmada para subir una foto directamente al almacenamiento',
      access: 'user',
      responses: { 201: { description: 'La subida firmada', schema: presignedUploadResponse } },
      errors: [404, 409, 429],
    }),
    jsonBodyLimit,
    requireAuth,
    validate('json', uploadUrlSchema),
    rateLimit('upload'),
    async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('json');
      const presigned = await issueGalleryUpload(await db(), user, input);
      return c.json({ ...presigned, method: 'PUT', expiresAt: presigned.expiresAt.toISOString() }, 201);
    },
  )
  .put(
    '/uploads/:key{.+}',
    doc({
      summary: 'Recibe los bytes de una subida firmada (almacenamiento local)',
      description: 'Solo en el servidor propio: con S3 la URL firmada apunta al bucket.',
      responses: { 200: { description: 'Guardado' } },
      errors: [403, 404, 409, 412, 413],
    }),
    async (c) => {
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
        signature: c.req.query('sig') ?? '',
      });
      if (check === 'expired')
        throw forbidden('El enlace de subida ha caducado. Pide uno nuevo.', 'upload_url_expired');
      if (check !== 'ok') throw invalidSignature();
      const declared = c.req.header('Content-Length');
      if (declared !== undefined && signedLength !== null && Number(declared) !== signedLength)
        throw invalidSignature();
      if (declared !== undefined && signedLength === null && Number(declared) > IMAGE_MAX_BYTES) {
        throw tooLarge(fileTooLargeMessage(Number(declared)), 'file_too_large');
      }
      await assertUploadAwaitsBytes(await db(), key);
      // Without Content-Length (chunked) the body is counted as it streams to disk and cut at the limit.
      const received = await store.receivePut(
        key,
        c.req.raw.body,
        signedLength ?? IMAGE_MAX_BYTES,
        signedLength !== null,
      );
      if (received.status === 'exists')
        throw preconditionFailed('Ya se ha subido un archivo con este enlace. Pide uno nuevo.', 'upload_exists');
      if (received.status === 'too-large' && signedLength === null)
        throw tooLarge(fileTooLargeMessage(IMAGE_MAX_BYTES + 1), 'file_too_large');
      if (received.status !== 'stored') throw invalidSignature();
      return c.body(null, 200);
    },
  )
  .post(
    '/confirm',
    doc({
      summary: 'Confirma una foto subida: se comprueba y queda pendiente de moderación',
      access: 'user',
      responses: { 201: { description: 'La foto', schema: mediaResponse } },
      errors: [404, 409, 413],
    }),
    jsonBodyLimit,
    requireAuth,
    validate('json', confirmUploadSchema),
    async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('json');
      return c.json(await confirmGalleryUpload(await db(), user, input), 201);
    },
  );
