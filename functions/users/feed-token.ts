import { Hono } from 'hono';
import type { FeedTokenResponse } from '#core/feed-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser, requireAuth } from '../lib/auth';
import { rateLimit } from '../lib/rate-limit';
import { db } from '../lib/db';
import { renewFeedToken } from '../lib/domain/favorites/feed-token';
import { siteUrl } from '../lib/mail/site-url';
import { feedTokenResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Calendarios');

/**
 * POST /api/users/feed-token: creates the signed-in user's private calendar feed, or replaces its
 * token so the old address stops working (a leaked link is revoked by asking for a new one).
 */
export const feedTokenRoutes = new Hono<AppEnv>().post(
  '/feed-token',
  doc({
    summary: 'Crea o renueva el enlace del calendario privado de favoritos',
    access: 'user',
    responses: { 200: { description: 'El enlace', schema: feedTokenResponse } },
    errors: [429],
  }),
  requireAuth,
  rateLimit('settings'),
  async (c) => {
    const token = await renewFeedToken(await db(), currentUser(c).id);
    const url = siteUrl(`/api/feeds/favorites/${token}.ics`);
    const body: FeedTokenResponse = { token, url, webcal: url.replace(/^https?:/, 'webcal:') };
    c.header('Cache-Control', 'private, no-store');
    return c.json(body);
  },
);
