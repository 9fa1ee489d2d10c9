/** Gallery items, votes and reports. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { mediaStatuses, mediaTypes, reportReasons } from '../types';
import { messageResponse, timestamp } from './common';
import { publicUserResponse } from './users';
import { festivalRefResponse } from './festivals';

// Media, votes and reports

/** A stored photo's size, blurred placeholder and resized copies (absent for external images and photos not processed yet). */
export const imageInfoSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().describe('ThumbHash en base64: una vista previa borrosa mientras carga.'),
  sources: z.array(z.object({ url: z.string(), type: z.enum(['image/avif', 'image/webp']), width: z.number().int() })),
});
export type ImageInfo = z.output<typeof imageInfoSchema>;

export const mediaResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  user_id: z.number().int().nullable(),
  type: z.enum(mediaTypes),
  url: z.string(),
  caption: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.enum(mediaStatuses),
  uploaded_at: timestamp,
  rating: z.number().describe('Media de los votos; 0 si no hay ninguno.'),
  votesCount: z.number().int(),
  userRating: z.number().int().nullable().describe('El voto de quien llama, si envió su token.'),
  User: publicUserResponse.nullable(),
  image: imageInfoSchema.nullable().optional(),
});
export type Media = z.output<typeof mediaResponse>;

export const adminMediaResponse = mediaResponse.extend({
  hidden_at: timestamp.nullable(),
  /** Where an admin reads a hidden stored photo, which is no longer at `url`; null otherwise. */
  file_url: z.string().nullable(),
  reviewed_at: timestamp.nullable(),
  Festival: festivalRefResponse,
});
export type AdminMedia = z.output<typeof adminMediaResponse>;

/** POST /api/media (multipart): the photos received, pending moderation. */
export const mediaReceivedResponse = z.object({ message: z.string(), media: z.array(mediaResponse) });

export const voteResponse = z.object({
  message: z.string(),
  media_id: z.number().int(),
  rating: z.number(),
  votesCount: z.number().int(),
  userRating: z.number().int(),
});

export const mediaReportResponse = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  created_at: timestamp,
  Media: z.object({ type: z.enum(mediaTypes), url: z.string() }),
  User: z.object({ name: z.string(), avatar_url: z.string().nullable() }).nullable(),
});
export type MediaReport = z.output<typeof mediaReportResponse>;
export type AdminMediaReport = MediaReport;

export const hiddenMediaResponse = messageResponse.extend({ hidden_at: timestamp });
