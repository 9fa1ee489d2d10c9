import { Hono } from 'hono';
import { adminUploadConfirmSchema, adminUploadUrlSchema } from '#core/admin-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { confirmAdminUpload, issueAdminUpload } from '../lib/domain/uploads/admin-uploads';
import { validate } from '../lib/validate';
import { adminPresignedUploadResponse, adminUploadConfirmedResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

/**
 * The admin forms' upload pair (get-signed-url, confirm), on the community uploads module: the same key scheme,
 * presigned PUT (type signed, and the length when the client sends fileSize; short expiry) and
 * confirm checks (1 KB-5 MB, magic bytes, re-encoding without metadata). Older admin clients send no
 * fileSize, so then confirm is where the size is enforced. Confirming publishes the image but
 * records nothing else public: the form then saves the media (POST /api/admin/media) or the
 * festival (imageUrl) with the returned publicUrl, which ties the stored object to that row.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post(
    '/upload/get-signed-url',
    doc({
      summary: 'URL firmada para subir una imagen de festival',
      access: 'admin',
      responses: {
        201: { description: 'La subida firmada y dónde quedará el archivo', schema: adminPresignedUploadResponse },
      },
      errors: [404],
    }),
    validate('json', adminUploadUrlSchema),
    async (c) => {
      const input = c.req.valid('json');
      const { presigned, festivalName } = await issueAdminUpload(await db(), currentUser(c), input);
      const slash = presigned.key.lastIndexOf('/');
      return c.json(
        {
          uploadUrl: presigned.uploadUrl,
          key: presigned.key,
          publicUrl: presigned.publicUrl,
          method: 'PUT',
          headers: presigned.headers,
          expiresAt: presigned.expiresAt.toISOString(),
          structure: {
            folder: presigned.key.slice(0, slash),
            fileName: presigned.key.slice(slash + 1),
            originalName: input.fileName,
            contentType: input.contentType,
            fileSize: input.fileSize,
            festivalId: input.festivalId,
            festivalName,
            userId: input.userId ?? null,
          },
        },
        201,
      );
    },
  )
  .post(
    '/upload/confirm',
    doc({
      summary: 'Confirma una imagen subida: se comprueba y se publica',
      access: 'admin',
      responses: { 200: { description: 'La imagen guardada', schema: adminUploadConfirmedResponse } },
      errors: [404, 409, 413],
    }),
    validate('json', adminUploadConfirmSchema),
    async (c) => {
      const input = c.req.valid('json');
      const { upload, checked, festivalId } = await confirmAdminUpload(await db(), currentUser(c), input);
      // Loaded on use: the S3 client is the dearest part of a cold start, and most admin requests
      // (moderation, lists, the organisers' claims) never touch the bucket.
      const { storage } = await import('../lib/storage/storage');
      return c.json({
        message: 'Imagen subida correctamente',
        key: upload.key,
        publicUrl: storage().publicUrl(upload.key),
        size: checked.size,
        contentType: checked.contentType,
        festivalId,
      });
    },
  );
