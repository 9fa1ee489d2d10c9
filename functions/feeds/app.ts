import type { Context } from 'hono';
import { feedQuerySchema } from '#core/feed-schemas';
import { createApp } from '../lib/app';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { etagOf, lineupsOf, publicFeedFestivals, renderIcs, renderRss } from '../lib/feeds/calendar-feed';
import { favoriteFeed } from '../lib/feeds/favorite-feed';
import { updatesRss } from '../lib/feeds/updates-feed';
import { idParamSchema } from '#core/festival-schemas';
import { isToken } from '../lib/domain/newsletter/subscriptions';
import { siteUrl } from '../lib/mail/site-url';
import { validate } from '../lib/validate';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Calendarios');

function answer(c: Context, body: string, type: string, cacheControl: string) {
  const etag = etagOf(body);
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  c.header('Content-Type', type);
  return c.body(body);
}

const FEED_NOT_FOUND = 'Este calendario no existe o su enlace se ha renovado.';

const PUBLIC_CACHE = 'public, max-age=300, s-maxage=900, stale-while-revalidate=3600';

/** Calendar feeds: public ones of the catalogue, and each user's private feed of favourites. */
export const app = createApp('/api/feeds')
  .get(
    '/festivals.ics',
    doc({
      summary: 'Calendario iCalendar público de festivales (filtros opcionales)',
      responses: {
        200: { description: 'iCalendar', schema: z.string(), contentType: 'text/calendar' },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', feedQuerySchema),
    async (c) => {
      const database = await db();
      const festivals = await publicFeedFestivals(database, c.req.valid('query'));
      const lineups = await lineupsOf(
        database,
        festivals.map((f) => f.id),
      );
      return answer(
        c,
        renderIcs('Festivales', festivals, new Date(), lineups),
        'text/calendar; charset=utf-8',
        PUBLIC_CACHE,
      );
    },
  )
  .get(
    '/festivals.rss',
    doc({
      summary: 'Canal RSS público de festivales (filtros opcionales)',
      responses: {
        200: { description: 'RSS', schema: z.string(), contentType: 'application/rss+xml' },
        304: { description: 'Sin cambios (ETag)' },
      },
    }),
    validate('query', feedQuerySchema),
    async (c) => {
      const database = await db();
      const festivals = await publicFeedFestivals(database, c.req.valid('query'));
      const lineups = await lineupsOf(
        database,
        festivals.map((f) => f.id),
      );
      return answer(
        c,
        renderRss('Festivales', festivals, siteUrl(c.req.path), lineups),
        'application/rss+xml; charset=utf-8',
        PUBLIC_CACHE,
      );
    },
  )
  .get(
    '/festivals/:id/novedades.rss',
    doc({
      summary: "Canal RSS de las novedades de un festival ('Novedades')",
      responses: {
        200: { description: 'RSS', schema: z.string(), contentType: 'application/rss+xml' },
        304: { description: 'Sin cambios (ETag)' },
      },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const body = await updatesRss(await db(), c.req.valid('param').id, siteUrl(c.req.path));
      // Shorter than the catalogue's: an update is news the day it is posted.
      return answer(c, body, 'application/rss+xml; charset=utf-8', 'public, max-age=60, s-maxage=60');
    },
  )
  // The token is the only credential: calendar programs send no session. Unknown and rotated tokens get the same 404.
  .get(
    '/favorites/:file',
    doc({
      summary: 'Calendario privado de favoritos: {token}.ics (el token es la credencial)',
      responses: {
        200: { description: 'iCalendar', schema: z.string(), contentType: 'text/calendar' },
        304: { description: 'Sin cambios (ETag)' },
      },
      errors: [404],
    }),
    async (c) => {
      const token = /^(.+)\.ics$/.exec(c.req.param('file'))?.[1];
      if (!isToken(token)) throw notFound(FEED_NOT_FOUND);
      const feed = await favoriteFeed(await db(), token, c.req.header('If-None-Match'));
      if (!feed.found) throw notFound(FEED_NOT_FOUND);
      c.header('ETag', feed.etag);
      c.header('Cache-Control', 'private, max-age=300');
      if (feed.notModified) return c.body(null, 304);
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      return c.body(new Uint8Array(feed.body));
    },
  );
