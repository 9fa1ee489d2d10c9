/** Favourites, notifications, newsletter and contact. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { notificationTypes } from '../types';
import { timestamp } from './common';

// Favourites, notifications, newsletter, contact

export const favoriteIdsResponse = z
  .array(z.number().int())
  .describe('Ids de los festivales favoritos, del más antiguo al más reciente.');
export const favoritesSyncResponse = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  favorites: favoriteIdsResponse,
});
export const favoriteChangedResponse = z.object({
  message: z.string(),
  festival_id: z.number().int(),
  favorite: z.boolean(),
});

export const notificationResponse = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  message: z.string(),
  url: z.string().nullable().describe('La página a la que lleva (la del festival), o null.'),
  read: z.boolean(),
  created_at: timestamp,
});
export type Notification = z.output<typeof notificationResponse>;

export const newsletterResponse = z.object({ message: z.string() });

export const contactMessageResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string().nullable(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  read: z.boolean(),
  read_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ContactMessage = z.output<typeof contactMessageResponse>;
