import { and, eq, isNull } from 'drizzle-orm';
import type { AdminUploadUrlBody } from '#core/admin-schemas';
import type { Database } from '#db/client';
import { festivalsTable, uploadsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound, pgErrorCode } from '../../errors';
import type { PresignedUpload } from '../../storage/storage-types';
import { recordAudit } from '../audit/audit';
import {
  findPendingUpload,
  issueUpload,
  publishUpload,
  readUploadedImage,
  type CheckedImage,
  type UploadRow,
} from './uploads';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';

/**
 * An admin form's image (a festival's picture, a media item): the community uploads' key scheme,
 * presigned PUT and confirm checks. Confirming publishes the image but records nothing else
 * public: the form then saves the media or the festival with the public URL, which ties the
 * stored object to that row.
 */

const festivalNotFound = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');

/** A presigned PUT for an admin's image, and the name of the festival it is for (null for a festival not saved yet, unless the form named it). */
export async function issueAdminUpload(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  input: AdminUploadUrlBody,
): Promise<{ presigned: PresignedUpload; festivalName: string | null }> {
  let festivalName = input.festivalData?.name ?? null;
  if (input.festivalId !== null) {
    const [festival] = await database
      .select({ name: festivalsTable.name })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, input.festivalId));
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
  return { presigned, festivalName };
}

/**
 * Checks and publishes an admin's upload `key` (404 for a community upload), tying it to the
 * festival it was issued for or, failing that, to `festivalId`; the audit log records it.
 */
export async function confirmAdminUpload(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  input: { key: string; festivalId?: number | null },
): Promise<{ upload: UploadRow; checked: CheckedImage; festivalId: number | null }> {
  const upload = await findPendingUpload(database, input.key, null);
  if (upload.purpose !== 'admin') throw notFound('Subida no encontrada.', 'upload_not_found');
  const checked = await readUploadedImage(upload);
  const festivalId = upload.festivalId ?? input.festivalId ?? null;
  await publishUpload(database, upload, checked, async (tx) => {
    if (festivalId !== null && upload.festivalId === null) {
      await tx
        .update(uploadsTable)
        .set({ festivalId })
        .where(and(eq(uploadsTable.id, upload.id), isNull(uploadsTable.festivalId)));
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
  return { upload, checked, festivalId };
}
