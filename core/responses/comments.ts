/** Comments, public and in the admin queue. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { commentStatuses } from '../types';
import { timestamp } from './common';
import { publicUserResponse } from './users';
import { festivalRefResponse } from './festivals';

// Comments

export const commentResponse = z.object({
  id: z.number().int(),
  festival_id: z.number().int(),
  content: z.string(),
  rating: z.number().int(),
  status: z.enum(commentStatuses),
  /** The edition (year) the comment is about, or null when it names none. */
  edition_year: z.number().int().nullable(),
  created_at: timestamp,
  User: publicUserResponse,
});
export type Comment = z.output<typeof commentResponse>;

/** POST /api/comments/with-media: the comment and the photos sent with it (pending moderation). */
export const commentWithMediaResponse = commentResponse.extend({
  media: z.array(z.object({ id: z.number().int(), url: z.string(), status: z.literal('pending') })),
});

export const adminCommentResponse = commentResponse.extend({ Festival: festivalRefResponse });
export type AdminComment = z.output<typeof adminCommentResponse>;
