import { z } from './zod';

const filterText = z
  .string()
  .trim()
  .max(100, { error: 'El filtro no puede superar los 100 caracteres.' })
  .optional()
  .transform((v) => v || undefined);

/** Filters of the public feeds (GET /api/feeds/festivals.ics and .rss). */
export const feedQuerySchema = z.object({ genre: filterText, country: filterText, artist: filterText });
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** Answer of POST /api/users/feed-token: the private feed's address, https and webcal. */
export interface FeedTokenResponse {
  token: string;
  url: string;
  webcal: string;
}
