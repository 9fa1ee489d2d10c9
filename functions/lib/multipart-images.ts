/**
 * Images sent through the API (multipart images[]: POST /api/media and POST
 * /api/comments/with-media): checked like presigned uploads, stored with the same interface.
 */
import { bodyLimit } from 'hono/body-limit';
import {
  fileTooLargeMessage,
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_REQUEST,
  TOO_MANY_IMAGES_MESSAGE,
  type ImageContentType,
  type UploadPurpose,
} from '#core/community-schemas';
import type { Executor } from '#db/client';
import { mediaTable, uploadsTable } from '#db/schema';
import { badRequest, tooLarge } from './errors';
import { stripImageMetadata } from './image-cleaning';
import type { ImageVariants } from './image-variants';
import { recordVariants } from './image-variant-records';
import { possibleVariantKeys, prepareVariants, putVariantObjects } from './stored-images';
import type { StoredImageVariant } from '#db/schema';
import { storage } from './storage/storage';
import { checkImage, uploadKey } from './domain/uploads/uploads';

/** Multipart routes take up to five 5 MB images plus the form's text. */
export const MULTIPART_MAX_BYTES = MAX_IMAGES_PER_REQUEST * IMAGE_MAX_BYTES + 512 * 1024;

/** JSON routes of an app created with MULTIPART_MAX_BYTES keep a small limit of their own. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw tooLarge('La petición es demasiado grande.');
  },
});

export interface ReceivedImage {
  /** The image re-encoded without metadata: what gets stored. */
  bytes: Uint8Array;
  contentType: ImageContentType;
  /** Bytes received (the 1 KB-5 MB rule applies to them). */
  size: number;
  /** Resized copies made from the clean bytes; null when sharp could not. */
  variants: ImageVariants | null;
}

/**
 * The images[] of a multipart form, checked like presigned uploads (at most 5 per request) and
 * re-encoded without metadata before anything is stored.
 */
export async function readImageFiles(form: FormData): Promise<ReceivedImage[]> {
  const entries = [...form.getAll('images[]'), ...form.getAll('images')];
  if (entries.some((entry) => typeof entry === 'string'))
    throw badRequest('images[] debe contener archivos.', 'invalid_input');
  const files = entries as File[];
  if (files.length > MAX_IMAGES_PER_REQUEST) throw badRequest(TOO_MANY_IMAGES_MESSAGE, 'too_many_images');
  const images: ReceivedImage[] = [];
  for (const file of files) {
    // Size first: no need to read 50 MB to refuse it.
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge(fileTooLargeMessage(file.size), 'file_too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const declared = file.type && file.type !== 'application/octet-stream' ? file.type : null;
    const contentType = checkImage(bytes.byteLength, bytes.subarray(0, 16), declared);
    const clean = await stripImageMetadata(bytes, contentType);
    images.push({ bytes: clean, contentType, size: bytes.byteLength, variants: await prepareVariants(clean) });
  }
  return images;
}

export interface StoredFile {
  key: string;
  url: string;
  contentType: ImageContentType;
  size: number;
  /** The copies stored beside it, recorded with the media row. */
  variants: { made: Pick<ImageVariants, 'width' | 'height' | 'placeholder'>; stored: StoredImageVariant[] } | null;
}

/** Puts the images in storage; if one fails, the ones already stored are removed. */
export async function putImages(
  userId: number,
  purpose: UploadPurpose,
  images: ReceivedImage[],
): Promise<StoredFile[]> {
  const store = storage();
  const stored: StoredFile[] = [];
  try {
    for (const image of images) {
      const key = uploadKey(userId, purpose, image.contentType);
      await store.put({ key, contentType: image.contentType, body: image.bytes });
      const file: StoredFile = {
        key,
        url: store.publicUrl(key),
        contentType: image.contentType,
        size: image.size,
        variants: null,
      };
      stored.push(file);
      if (image.variants)
        file.variants = { made: image.variants, stored: await putVariantObjects(key, image.variants) };
    }
  } catch (error) {
    await discardFiles(stored);
    throw error;
  }
  return stored;
}

/** Best effort: a leftover object costs storage, not correctness. */
export async function discardFiles(
  files: (Pick<StoredFile, 'key'> & Partial<Pick<StoredFile, 'variants'>>)[],
): Promise<void> {
  const store = storage();
  const keys = files.flatMap((file) => [
    file.key,
    ...new Set([...possibleVariantKeys(file.key), ...(file.variants?.stored.map((v) => v.key) ?? [])]),
  ]);
  await Promise.all(keys.map((key) => store.delete(key).catch((error) => console.error('discard upload', key, error))));
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
  for (const file of input.files)
    if (file.variants) await recordVariants(executor, file.key, file.variants.made, file.variants.stored);
  return input.files.map((file) => byKey.get(file.key)!);
}
