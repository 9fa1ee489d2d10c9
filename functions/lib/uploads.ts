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
  MAX_IMAGES_PER_REQUEST,
  normaliseImageType,
  sniffImageType,
  TOO_MANY_IMAGES_MESSAGE,
  type ImageContentType,
  type UploadPurpose,
} from '../../core/community-schemas';
import { bodyLimit } from 'hono/body-limit';
import type { Executor } from '../../db/festival-writes';
import { mediaTable, uploadsTable } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, tooLarge } from './errors';
import { storage } from './storage/storage';
import type { PresignedUpload } from './storage/storage';

/** Multipart routes take up to five 5 MB images plus the form's text. */
export const MULTIPART_MAX_BYTES = MAX_IMAGES_PER_REQUEST * IMAGE_MAX_BYTES + 512 * 1024;

/** JSON routes of an app created with MULTIPART_MAX_BYTES keep a small limit of their own. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw tooLarge('La petición es demasiado grande.');
  },
});

/** Presigned URLs live this long: enough for a 5 MB PUT on a slow line, short enough to limit reuse. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export type UploadRow = typeof uploadsTable.$inferSelect;

/** Keys live under a per-user prefix (DESIGN.md "Uploads"): users/{userId}/{purpose}/{uuid}.{ext}. */
export function uploadKey(userId: number, purpose: UploadPurpose, contentType: ImageContentType): string {
  return `users/${userId}/${purpose}/${randomUUID()}.${imageExtension(contentType)}`;
}

export interface IssueUploadInput {
  userId: number;
  festivalId: number | null;
  purpose: UploadPurpose;
  contentType: ImageContentType;
  contentLength: number;
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

/** The upload `key` issued to `userId` and not confirmed yet: 404 for anyone else's key, 409 once confirmed. */
export async function findPendingUpload(executor: Executor, key: string, userId: number | null): Promise<UploadRow> {
  const [row] = await executor.select().from(uploadsTable).where(eq(uploadsTable.key, key)).limit(1);
  if (!row || (userId !== null && row.userId !== userId)) throw notFound('Subida no encontrada.', 'upload_not_found');
  if (row.status === 'confirmed') throw conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');
  return row;
}

/** Size and magic-byte checks of spec §5, throwing its messages; `declared` must match what the bytes are. */
export function checkImage(size: number, head: Uint8Array, declared?: string | null): ImageContentType {
  if (size > IMAGE_MAX_BYTES) throw tooLarge(fileTooLargeMessage(size), 'file_too_large');
  if (size < IMAGE_MIN_BYTES) throw badRequest(FILE_TOO_SMALL_MESSAGE, 'file_too_small');
  const actual = sniffImageType(head);
  if (!actual || (declared && normaliseImageType(declared) !== actual)) throw badRequest(FILE_TYPE_MESSAGE, 'file_type_not_allowed');
  return actual;
}

/**
 * Inspects what the browser stored under an issued key. An object that fails the checks is
 * deleted, so storage never keeps what the database does not reference.
 */
export async function verifyStoredImage(upload: Pick<UploadRow, 'key' | 'contentType'>): Promise<{ size: number; contentType: ImageContentType }> {
  const store = storage();
  const object = await store.inspect(upload.key);
  if (!object) throw badRequest('No hemos recibido el archivo: súbelo antes de confirmar.', 'upload_missing');
  try {
    return { size: object.size, contentType: checkImage(object.size, object.head, upload.contentType) };
  } catch (error) {
    if (error instanceof AppError) await store.delete(upload.key);
    throw error;
  }
}

/** Marks an issued upload confirmed for `mediaId`; false when someone confirmed it meanwhile. */
export async function markUploadConfirmed(executor: Executor, uploadId: number, mediaId: number | null): Promise<boolean> {
  const rows = await executor
    .update(uploadsTable)
    .set({ status: 'confirmed', confirmedAt: new Date(), mediaId })
    .where(and(eq(uploadsTable.id, uploadId), eq(uploadsTable.status, 'issued')))
    .returning({ id: uploadsTable.id });
  return rows.length === 1;
}

/** Images already attached to a proposal; the caller holds the festival row lock (spec §5: at most 5). */
export async function festivalImageCount(executor: Executor, festivalId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(uploadsTable)
    .where(and(eq(uploadsTable.festivalId, festivalId), eq(uploadsTable.purpose, 'festival'), eq(uploadsTable.status, 'confirmed')));
  return row.n;
}

export function assertFestivalImageRoom(already: number, adding: number): void {
  if (already + adding > MAX_IMAGES_PER_FESTIVAL) throw badRequest(TOO_MANY_IMAGES_MESSAGE, 'too_many_images');
}

// ---------------------------------------------------------------------------------------------
// Files sent through the API (multipart images[]), stored with the same interface.

export interface ReceivedImage {
  bytes: Uint8Array;
  contentType: ImageContentType;
}

/** The images[] of a multipart form, checked like presigned uploads (at most 5 per request). */
export async function readImageFiles(form: FormData): Promise<ReceivedImage[]> {
  const entries = [...form.getAll('images[]'), ...form.getAll('images')];
  if (entries.some((entry) => typeof entry === 'string')) throw badRequest('images[] debe contener archivos.', 'invalid_input');
  const files = entries as File[];
  if (files.length > MAX_IMAGES_PER_REQUEST) throw badRequest(TOO_MANY_IMAGES_MESSAGE, 'too_many_images');
  const images: ReceivedImage[] = [];
  for (const file of files) {
    // Size first: no need to read 50 MB to refuse it.
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge(fileTooLargeMessage(file.size), 'file_too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const declared = file.type && file.type !== 'application/octet-stream' ? file.type : null;
    images.push({ bytes, contentType: checkImage(bytes.byteLength, bytes.subarray(0, 16), declared) });
  }
  return images;
}

export interface StoredFile {
  key: string;
  url: string;
  contentType: ImageContentType;
  size: number;
}

/** Puts the images in storage; if one fails, the ones already stored are removed. */
export async function putImages(userId: number, purpose: UploadPurpose, images: ReceivedImage[]): Promise<StoredFile[]> {
  const store = storage();
  const stored: StoredFile[] = [];
  try {
    for (const image of images) {
      const key = uploadKey(userId, purpose, image.contentType);
      await store.put({ key, contentType: image.contentType, body: image.bytes });
      stored.push({ key, url: store.publicUrl(key), contentType: image.contentType, size: image.bytes.byteLength });
    }
  } catch (error) {
    await discardFiles(stored);
    throw error;
  }
  return stored;
}

/** Best effort: a leftover object costs storage, not correctness. */
export async function discardFiles(files: Pick<StoredFile, 'key'>[]): Promise<void> {
  const store = storage();
  await Promise.all(files.map((file) => store.delete(file.key).catch((error) => console.error('discard upload', file.key, error))));
}

export interface RecordImagesInput {
  userId: number;
  festivalId: number;
  purpose: UploadPurpose;
  files: StoredFile[];
  caption?: string | null;
  comment?: string | null;
  commentId?: number | null;
}

export interface RecordedMedia {
  id: number;
  festivalId: number;
  url: string;
  caption: string | null;
  comment: string | null;
  uploadedAt: Date;
}

/** Pending media rows for stored files, each with its (confirmed) uploads row; returned in the files' order. */
export async function recordImages(executor: Executor, input: RecordImagesInput): Promise<RecordedMedia[]> {
  if (input.files.length === 0) return [];
  const media = await executor
    .insert(mediaTable)
    .values(
      input.files.map((file) => ({
        festivalId: input.festivalId,
        userId: input.userId,
        commentId: input.commentId ?? null,
        type: 'image' as const,
        url: file.url,
        storageKey: file.key,
        caption: input.caption ?? null,
        comment: input.comment ?? null,
        status: 'pending' as const,
      })),
    )
    .returning({
      id: mediaTable.id,
      key: mediaTable.storageKey,
      festivalId: mediaTable.festivalId,
      url: mediaTable.url,
      caption: mediaTable.caption,
      comment: mediaTable.comment,
      uploadedAt: mediaTable.uploadedAt,
    });
  // RETURNING order is not promised to follow VALUES order: match rows by key.
  const byKey = new Map(media.map(({ key, ...row }) => [key, row]));
  const now = new Date();
  await executor.insert(uploadsTable).values(
    input.files.map((file) => ({
      key: file.key,
      userId: input.userId,
      festivalId: input.festivalId,
      purpose: input.purpose,
      contentType: file.contentType,
      contentLength: file.size,
      status: 'confirmed' as const,
      mediaId: byKey.get(file.key)!.id,
      expiresAt: now,
      confirmedAt: now,
    })),
  );
  return input.files.map((file) => byKey.get(file.key)!);
}
