/**
 * Media and gallery (list, multipart upload, votes, reports; browsers upload straight to storage with signed URLs).
 *
 *   GET  /api/media/festival/{id}   public (Bearer optional: fills userRating); approved, not hidden, newest first;
 *                                   ?limit (default 200, max 500) &offset, total in X-Total-Count
 *   POST /api/media, /upload-url, PUT /uploads/{key}, POST /confirm: uploads (./uploads.ts)
 *   POST /api/media/{id}/report     anyone (Bearer optional, recorded)
 *   POST /api/gallery/{id}/rate     signed in; one vote per user and item, voting again replaces it
 *
 * upload-url/confirm sit beside POST /api/media because they end in the same record, mirror the
 * admin pair (/api/admin/upload/get-signed-url, /confirm), and the router already sends
 * /api/media/* here. purpose 'festival' lets a proposer attach up to 5 images to their own
 * pending festival; everything else is 'gallery'.
 */
import { Hono } from 'hono';
import { MEDIA_DEFAULT_LIMIT, pageQuerySchema, reportSchema, voteSchema } from '#core/community-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { createApp, routeNotFound } from '../lib/app';
import { fileReport } from '../lib/domain/media-reports/media-reports';
import { isPublicMedia, MEDIA_NOT_FOUND, votesOf } from '../lib/domain/media/read-media';
import { castVote } from '../lib/domain/media/votes';
import { festivalGallery } from '../lib/domain/media/gallery-pages';
import { requestContext } from '../lib/request-context';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { jsonBodyLimit, MULTIPART_MAX_BYTES } from '../lib/multipart-images';
import { rateLimit } from '../lib/rate-limit';
import { LOCAL_UPLOAD_ROUTE } from '../lib/storage/local-storage';
import { validate } from '../lib/validate';
import { sendListPage } from '../lib/cached-body';
import { mediaUploadRoutes } from './uploads';
import type { Media } from '#core/response-schemas';
import { mediaResponse, messageResponse, voteResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Galería');

export const app = createApp('/api/media', {
  maxBodyBytes: MULTIPART_MAX_BYTES,
  // The local signed PUT streams its body to disk and stops at the signed length (./uploads.ts).
  streamsBody: (c) => c.req.method === 'PUT' && c.req.path.startsWith(`${LOCAL_UPLOAD_ROUTE}/`),
})
  .get(
    '/festival/:id',
    doc({
      summary: 'Galería aprobada de un festival (con el voto propio si hay sesión)',
      access: 'optional',
      responses: { 200: { description: 'Fotos y vídeos', schema: z.array(mediaResponse) } },
      errors: [404],
    }),
    optionalAuth,
    validate('param', idParamSchema),
    validate('query', pageQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { limit = MEDIA_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
      const user = c.get('user');
      const database = await db();
      const page = await festivalGallery(database, id, { limit, offset }, user);
      if (!user || page.items.length === 0) return sendListPage(c, page);
      // The page is shared; the caller's own votes on it are one more query.
      const ratingOf = await votesOf(
        database,
        user.id,
        page.items.map((m) => m.id),
      );
      if (ratingOf.size === 0) return sendListPage(c, page);
      c.header('X-Total-Count', String(page.total));
      // The shared page's items with the caller's own votes.
      return c.json(
        page.items.map((item) => ({ ...item, userRating: ratingOf.get(item.id) ?? item.userRating })) satisfies Media[],
      );
    },
  )
  .route('/', mediaUploadRoutes)
  .post(
    '/:id/report',
    doc({
      summary: 'Reporta un contenido',
      access: 'optional',
      responses: { 201: { description: 'Reporte enviado', schema: messageResponse } },
      errors: [404, 429],
    }),
    jsonBodyLimit,
    optionalAuth,
    validate('param', idParamSchema),
    validate('json', reportSchema),
    rateLimit('report'),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const reporter = c.get('user');
      const database = await db();
      if (!(await isPublicMedia(database, id))) throw notFound(MEDIA_NOT_FOUND, 'media_not_found');
      const reportId = await fileReport(database, id, reporter, input);
      return c.json({ message: 'Reporte enviado. Gracias por avisarnos.', id: reportId }, 201);
    },
  );

export const galleryApp = createApp('/api/gallery').post(
  '/:id/rate',
  doc({
    summary: 'Vota un contenido de la galería (1-5 estrellas)',
    access: 'user',
    responses: { 200: { description: 'El voto y la nueva media', schema: voteResponse } },
    errors: [404, 409, 429],
  }),
  requireAuth,
  validate('param', idParamSchema),
  validate('json', voteSchema),
  rateLimit('vote'),
  async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { rating } = c.req.valid('json');
    const stats = await castVote(await db(), user.id, id, rating);
    return c.json({
      message: `Voto: ${rating}/5 estrellas`,
      media_id: id,
      rating: stats.rating,
      votesCount: stats.votesCount,
      userRating: rating,
    });
  },
);

/** Both prefixes in one function (the router sends /api/media/* and /api/gallery/* here). */
export const mediaFunction = new Hono()
  .use('*', requestContext)
  .route('/', app)
  .route('/', galleryApp)
  .notFound(routeNotFound);
