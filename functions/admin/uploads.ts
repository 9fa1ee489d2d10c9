import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminUploadConfirmSchema, adminUploadUrlSchema } from '#core/admin-schemas';
import { festivalsTable, uploadsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/domain/audit/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound, pgErrorCode } from '../lib/errors';
import { storage } from '../lib/storage/storage';
import { findPendingUpload, issueUpload, publishUpload, readUploadedImage } from '../lib/domain/uploads/uploads';
import { validate } from '../lib/validate';
import { adminPresignedUploadResponse, adminUploadConfirmedResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Administración');

const festivalNotFound = () => notFound('Festival no encontrado', 'festival_not_found');

/**
 * The admin forms' upload pair (get-signed-url, confirm), on the community uploads module: the same key scheme,
 * presigned PUT (type signed, and the length when the client sends fileSize; short expiry) and
 * confirm checks (1 KB-5 MB, magic bytes, re-encoding without metadata). Older admin clients send no
 * fileSize, so then confirm is where the size is enforced. Confirming publishes the image but
 * records nothing else public: the form then saves the media (POST /api/admin/media) or the
 * festival (imageUrl) with the returned publicUrl, which ties the stored object to that row.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/upload/get-signed-url', doc({ summary: 'URL firmada para subir una imagen de festival', access: 'admin', responses: { 201: { description: 'La subida firmada y dónde quedará el archivo', schema: adminPresignedUploadResponse } }, errors: [404] }), validate('json', adminUploadUrlSchema), async (c) => {
    const input = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    let festivalName = input.festivalData?.name ?? null;
    if (input.festivalId !== null) {
      const [festival] = await database.select({ name: festivalsTable.name }).from(festivalsTable).where(eq(festivalsTable.id, input.festivalId));
      if (!festival) throw festivalNotFound();
      festivalName = festival.name;
    }
    const presigned = await issueUpload(database, {
      userId: admin.id,
      festivalId: input.festivalId,
      purpose: 'admin',
      contentType: input.contentType,
      contentLength: input.fileSize,
    });
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
  })
  .post('/upload/confirm', doc({ summary: 'Confirma una imagen subida: se comprueba y se publica', access: 'admin', responses: { 200: { description: 'La imagen guardada', schema: adminUploadConfirmedResponse } }, errors: [404, 409, 413] }), validate('json', adminUploadConfirmSchema), async (c) => {
    const input = c.req.valid('json');
    const admin = currentUser(c);
    const database = await db();
    const upload = await findPendingUpload(database, input.key, null);
    if (upload.purpose !== 'admin') throw notFound('Subida no encontrada.', 'upload_not_found');
    const checked = await readUploadedImage(upload);
    const festivalId = upload.festivalId ?? input.festivalId ?? null;
    await publishUpload(database, upload, checked, async (tx) => {
      if (festivalId !== null && upload.festivalId === null) {
        await tx.update(uploadsTable).set({ festivalId }).where(and(eq(uploadsTable.id, upload.id), isNull(uploadsTable.festivalId)));
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'confirm',
        entity: 'upload',
        entityId: upload.id,
        details: { key: upload.key, size: checked.size, contentType: checked.contentType, festival_id: festivalId },
      });
      return { mediaId: null, result: undefined };
    }).catch((error: unknown) => {
      if (pgErrorCode(error) === '23503') throw festivalNotFound();
      throw error;
    });
    return c.json({
      message: 'Imagen subida correctamente',
      key: upload.key,
      publicUrl: storage().publicUrl(upload.key),
      size: checked.size,
      contentType: checked.contentType,
      festivalId,
    });
  });
