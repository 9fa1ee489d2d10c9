import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  FILE_TOO_SMALL_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileTooLargeMessage,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_BYTES,
  imageExtension,
  MAX_IMAGES_PER_FESTIVAL,
  normaliseImageType,
  sniffImageType,
  TOO_MANY_IMAGES_MESSAGE,
  type ImageContentType,
  type UploadPurpose,
} from '#core/community-schemas';
import type { Database } from '#db/client';
import type { Executor } from '#db/client';
import { uploadsTable } from '#db/schema';
import { AppError, badRequest, conflict, notFound, tooLarge } from '../../errors';
import { stripImageMetadata } from '../../image-cleaning';
import type { ImageVariants } from '../../image-variants';
import { prepareVariants, storeVariants } from '../../stored-images';
import { pendingKey } from '../../storage/pending';
import { storage } from '../../storage/storage';
import type { PresignedUpload } from '../../storage/storage-types';

/** Presigned URLs live this long: enough for a 5 MB PUT on a slow line, short enough to limit reuse. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export type UploadRow = typeof uploadsTable.$inferSelect;

/** Keys live under a per-user prefix (so a user can only confirm their own uploads): users/{userId}/{purpose}/{uuid}.{ext}. */
export function uploadKey(userId: number, purpose: UploadPurpose, contentType: ImageContentType): string {
  return `users/${userId}/${purpose}/${randomUUID()}.${imageExtension(contentType)}`;
}

export interface IssueUploadInput {
  userId: number;
  festivalId: number | null;
  purpose: UploadPurpose;
  contentType: ImageContentType;
  /** Signed into the URL; null (admin call without fileSize) leaves the length to confirm. */
  contentLength: number | null;
}

/**
 * Signs a PUT for one image and records the key, so that only this user can later confirm it.
 * Callers check who may upload to which festival first.
 */
export async function issueUpload(executor: Executor, input: IssueUploadInput): Promise<PresignedUpload> {
  const key = uploadKey(input.userId, input.purpose, input.contentType);
  const presigned = await storage().presignPut({
    key,
    contentType: input.contentType,
    contentLength: input.contentLength,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  await executor.insert(uploadsTable).values({
    key,
    userId: input.userId,
    festivalId: input.festivalId,
    purpose: input.purpose,
    contentType: input.contentType,
    contentLength: input.contentLength,
    expiresAt: presigned.expiresAt,
  });
  return presigned;
}

const alreadyConfirmed = () => conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');

/** The upload `key` issued to `userId` and not confirmed yet: 404 for anyone else's key, 409 once confirmed. */
export async function findPendingUpload(executor: Executor, key: string, userId: number | null): Promise<UploadRow> {
  const [row] = await executor.select().from(uploadsTable).where(eq(uploadsTable.key, key)).limit(1);
  if (!row || (userId !== null && row.userId !== userId)) throw notFound('Subida no encontrada.', 'upload_not_found');
  if (row.status === 'confirmed') throw alreadyConfirmed();
  return row;
}

/** Size (1 KB-5 MB) and magic-byte (JPEG, PNG, GIF, WebP) checks, throwing their Spanish messages; `declared` must match what the bytes are. */
export function checkImage(size: number, head: Uint8Array, declared?: string | null): ImageContentType {
  if (size > IMAGE_MAX_BYTES) throw tooLarge(fileTooLargeMessage(size), 'file_too_large');
  if (size < IMAGE_MIN_BYTES) throw badRequest(FILE_TOO_SMALL_MESSAGE, 'file_too_small');
  const actual = sniffImageType(head);
  if (!actual || (declared && normaliseImageType(declared) !== actual))
    throw badRequest(FILE_TYPE_MESSAGE, 'file_type_not_allowed');
  return actual;
}

export interface CheckedImage {
  /** Bytes received (the 1 KB-5 MB rule applies to them). */
  size: number;
  contentType: ImageContentType;
  /** What is stored: the image re-encoded without metadata. */
  bytes: Uint8Array;
  /** Its resized copies, made from the clean bytes before any row is locked; null when sharp could not. */
  variants: ImageVariants | null;
}

/**
 * Reads what the browser PUT for an issued upload (still private, under its pending key), checks
 * it and re-encodes it without metadata. Whatever fails the checks is deleted, so storage never
 * keeps what the database does not reference; this is also where a length that was not signed
 * meets the 1 KB-5 MB rule.
 */
export async function readUploadedImage(upload: Pick<UploadRow, 'key' | 'contentType'>): Promise<CheckedImage> {
  const store = storage();
  const pending = pendingKey(upload.key);
  const object = await store.read(pending, IMAGE_MAX_BYTES);
  if (!object) throw badRequest('No hemos recibido el archivo: súbelo antes de confirmar.', 'upload_missing');
  try {
    // Over the limit the bytes were not read, and checkImage refuses on size before looking at them.
    const contentType = checkImage(object.size, object.bytes?.subarray(0, 16) ?? new Uint8Array(), upload.contentType);
    const bytes = await stripImageMetadata(object.bytes!, contentType);
    return { size: object.size, contentType, bytes, variants: await prepareVariants(bytes) };
  } catch (error) {
    if (error instanceof AppError) await store.delete(pending);
    throw error;
  }
}

/**
 * Makes a checked upload public. In one transaction: locks the upload's row (a second confirm of
 * the same key waits, then gets 409; the sweep cannot remove it meanwhile), lets `record` write
 * the rows that reference the image, writes the clean image at the public key and marks the upload
 * confirmed. The browser's original is deleted afterwards, and also when `record` refuses it.
 */
export async function publishUpload<T>(
  database: Database,
  upload: UploadRow,
  image: CheckedImage,
  record: (tx: Executor) => Promise<{ mediaId: number | null; result: T }>,
): Promise<T> {
  const store = storage();
  let result: T;
  try {
    result = await database.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: uploadsTable.id })
        .from(uploadsTable)
        .where(and(eq(uploadsTable.id, upload.id), eq(uploadsTable.status, 'issued')))
        .for('update');
      if (!locked) throw alreadyConfirmed();
      const recorded = await record(tx);
      // Last, so a refusal above leaves nothing public; a failed write rolls the rows back.
      await store.put({ key: upload.key, contentType: image.contentType, body: image.bytes });
      if (image.variants) await storeVariants(tx, upload.key, image.variants);
      await tx
        .update(uploadsTable)
        .set({ status: 'confirmed', confirmedAt: new Date(), mediaId: recorded.mediaId, contentLength: image.size })
        .where(eq(uploadsTable.id, upload.id));
      return recorded.result;
    });
  } catch (error) {
    // Refused (4xx): the original will never be used. Anything else may be retried with the same key.
    if (error instanceof AppError) await discardPending(upload.key);
    throw error;
  }
  // Confirmed: the original, with its metadata, has no further use.
  await discardPending(upload.key);
  return result;
}

/** Best effort: a leftover private object costs storage, not privacy (the bucket expires them). */
export async function discardPending(key: string): Promise<void> {
  await storage()
    .delete(pendingKey(key))
    .catch((error: unknown) => console.error('[storage] could not delete', pendingKey(key), error));
}

/** Images already attached to a proposal; the caller holds the festival row lock (a proposal takes at most 5). */
export async function festivalImageCount(executor: Executor, festivalId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(uploadsTable)
    .where(
      and(
        eq(uploadsTable.festivalId, festivalId),
        eq(uploadsTable.purpose, 'festival'),
        eq(uploadsTable.status, 'confirmed'),
      ),
    );
  return row.n;
}

export function assertFestivalImageRoom(already: number, adding: number): void {
  if (already + adding > MAX_IMAGES_PER_FESTIVAL) throw badRequest(TOO_MANY_IMAGES_MESSAGE, 'too_many_images');
}
