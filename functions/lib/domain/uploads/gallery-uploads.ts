import { and, eq } from 'drizzle-orm';
import type { ConfirmUploadBody, UploadUrlBody } from '#core/community-schemas';
import type { Media } from '#core/response-schemas';
import type { Database, Executor } from '#db/client';
import { festivalsTable, mediaTable, uploadsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { conflict, forbidden, notFound } from '../../errors';
import { recordImages, type StoredFile } from '../../multipart-images';
import { storage } from '../../storage/storage';
import type { PresignedUpload } from '../../storage/storage-types';
import { requireVisibleFestival, type FestivalAccess } from '../festivals/festival-access';
import {
  assertFestivalImageRoom,
  festivalImageCount,
  findPendingUpload,
  issueUpload,
  publishUpload,
  readUploadedImage,
} from './uploads';

/**
 * Photos a signed-in person adds to a festival's gallery, or to their own pending proposal (at
 * most 5 there): who may upload where, and the pending media rows the uploads become.
 */

const NOT_YOUR_PROPOSAL = 'Solo puedes añadir imágenes a tu propia propuesta pendiente.';
const notYourProposal = () => forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');

/** A freshly recorded item as the gallery would show it (it is pending, so nobody has voted). */
function newMedia(
  row: {
    id: number;
    festivalId: number;
    url: string;
    caption: string | null;
    comment: string | null;
    uploadedAt: Date;
  },
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
  throw notYourProposal();
}

/** Which kind of upload `user` may make to festival `festivalId`, once they may see it (404 otherwise). */
export async function galleryUploadPurpose(
  database: Database,
  festivalId: number,
  user: AuthUser,
): Promise<'gallery' | 'festival'> {
  return uploadPurposeFor(await requireVisibleFestival(database, festivalId, user), user);
}

/** Locks the proposal so concurrent uploads cannot pass the limit of 5 images together. */
async function lockProposalWithRoom(tx: Executor, festivalId: number, user: AuthUser, adding: number): Promise<void> {
  const [festival] = await tx
    .select({ id: festivalsTable.id })
    .from(festivalsTable)
    .where(
      and(
        eq(festivalsTable.id, festivalId),
        eq(festivalsTable.proposedBy, user.id),
        eq(festivalsTable.status, 'pending'),
      ),
    )
    .for('update');
  if (!festival) throw notYourProposal();
  assertFestivalImageRoom(await festivalImageCount(tx, festivalId), adding);
}

/** The pending media rows for images a form sent (already stored), as the gallery would show them. */
export async function recordFormImages(
  database: Database,
  user: AuthUser,
  input: {
    festivalId: number;
    purpose: 'gallery' | 'festival';
    files: StoredFile[];
    caption?: string | null;
    comment?: string | null;
  },
): Promise<Media[]> {
  const rows = await database.transaction(async (tx) => {
    if (input.purpose === 'festival') await lockProposalWithRoom(tx, input.festivalId, user, input.files.length);
    return recordImages(tx, {
      userId: user.id,
      festivalId: input.festivalId,
      purpose: input.purpose,
      files: input.files,
      caption: input.caption,
      comment: input.comment,
    });
  });
  return rows.map((row) => newMedia(row, user));
}

/** A presigned PUT for one photo, once `user` may upload to the festival (and the proposal has room). */
export async function issueGalleryUpload(
  database: Database,
  user: AuthUser,
  input: UploadUrlBody,
): Promise<PresignedUpload> {
  const festival = await requireVisibleFestival(database, input.festival_id, user);
  const purpose = uploadPurposeFor(festival, user);
  if (input.purpose === 'festival' && purpose !== 'festival') throw notYourProposal();
  if (purpose === 'festival') assertFestivalImageRoom(await festivalImageCount(database, festival.id), 1);
  return issueUpload(database, {
    userId: user.id,
    festivalId: festival.id,
    purpose,
    contentType: input.contentType,
    contentLength: input.fileSize,
  });
}

/**
 * Confirms `user`'s own photo upload `key` (404 for an admin's or anyone else's): checks what was
 * sent and publishes it as a pending media row, the proposal's room checked again under its lock.
 */
export async function confirmGalleryUpload(
  database: Database,
  user: AuthUser,
  input: ConfirmUploadBody,
): Promise<Media> {
  const upload = await findPendingUpload(database, input.key, user.id);
  if (upload.purpose === 'admin' || upload.festivalId === null)
    throw notFound('Subida no encontrada.', 'upload_not_found');
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
  return newMedia(row, user);
}

/** Before the local driver takes a PUT's bytes: the key must be an issued upload not confirmed yet. */
export async function assertUploadAwaitsBytes(database: Database, key: string): Promise<void> {
  const [upload] = await database
    .select({ status: uploadsTable.status })
    .from(uploadsTable)
    .where(eq(uploadsTable.key, key))
    .limit(1);
  if (!upload) throw notFound('Subida no encontrada.', 'upload_not_found');
  if (upload.status === 'confirmed') throw conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');
}
