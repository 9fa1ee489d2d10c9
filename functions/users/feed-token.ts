import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { FeedTokenResponse } from '#core/feed-schemas';
import { feedTokensTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { siteUrl } from '../lib/mail/site-url';
import { feedTokenResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Calendarios');

/**
 * POST /api/users/feed-token: creates the signed-in user's private calendar feed, or replaces its
 * token so the old address stops working (a leaked link is revoked by asking for a new one).
 */
export const feedTokenRoutes = new Hono<AppEnv>().post('/feed-token', doc({ summary: 'Crea o renueva el enlace del calendario privado de favoritos', access: 'user', responses: { 200: { description: 'El enlace', schema: feedTokenResponse } } }), requireAuth, async (c) => {
  const userId = currentUser(c).id;
  const [row] = await (await db())
    .insert(feedTokensTable)
    .values({ userId })
    .onConflictDoUpdate({ target: feedTokensTable.userId, set: { token: sql`gen_random_uuid()`, createdAt: sql`now()` } })
    .returning({ token: feedTokensTable.token });
  const url = siteUrl(`/api/feeds/favorites/${row.token}.ics`);
  const body: FeedTokenResponse = { token: row.token, url, webcal: url.replace(/^https?:/, 'webcal:') };
  c.header('Cache-Control', 'private, no-store');
  return c.json(body);
});
