/** Signed uploads and their confirmation. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { timestamp } from './common';

// Uploads

/** A presigned PUT: the browser sends the bytes straight to storage with these headers. */
export const presignedUploadResponse = z.object({
  uploadUrl: z.string(),
  key: z.string(),
  publicUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: timestamp,
});

/** POST /api/admin/upload/get-signed-url: the presigned PUT and where the file will live. */
export const adminPresignedUploadResponse = presignedUploadResponse.extend({
  structure: z.object({
    folder: z.string(),
    fileName: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    fileSize: z.number().int().nullable(),
    festivalId: z.number().int().nullable(),
    festivalName: z.string().nullable(),
    userId: z.number().int().nullable(),
  }),
});

export const adminUploadConfirmedResponse = z.object({
  message: z.string(),
  key: z.string(),
  publicUrl: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  festivalId: z.number().int().nullable(),
});
