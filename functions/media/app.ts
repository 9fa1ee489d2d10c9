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
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { MEDIA_DEFAULT_LIMIT, pageQuerySchema, reportSchema, voteSchema } from '#core/community-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { MediaStatus, MediaType } from '#core/types';
import type { Executor } from '#db/client';
import { imageVariantsTable, mediaTable, mediaVotesTable, usersTable } from '#db/schema';
import { imageInfo } from '../lib/image-variant-records';
import { createApp, routeNotFound } from '../lib/app';
import { fileReport } from '../lib/domain/media-reports/media-reports';
import { requestContext } from '../lib/request-context';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { jsonBodyLimit, MULTIPART_MAX_BYTES } from '../lib/multipart-images';
import { rateLimit } from '../lib/rate-limit';
import { LOCAL_UPLOAD_ROUTE } from '../lib/storage/local-storage';
import { validate } from '../lib/validate';
import { readListVersion, type VersionedFestival } from '../lib/festival-access';
import { SharedReads, VersionedListCache } from '../lib/response-cache';
import { mediaUploadRoutes } from './uploads';
import type { Media } from '#core/response-schemas';
import { mediaResponse, messageResponse, voteResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Galería');

const MEDIA_NOT_FOUND = 'Contenido no encontrado.';

/** What the public gallery shows (hidden items leave it whatever their status). */
const publicMedia = and(eq(mediaTable.status, 'approved'), isNull(mediaTable.hiddenAt))!;

// Aggregates per item in SQL: the lateral subquery reads each item's votes through the primary key.
const voteStats = sql`lateral (
  select round(avg(v.rating)::numeric, 2)::float8 as rating, count(*)::int as votes_count
  from media_votes v where v.media_id = "media"."id") as vote_stats`;

interface MediaRow {
  id: number;
  festival_id: number;
  user_id: number | null;
  type: MediaType;
  url: string;
  caption: string | null;
  comment: string | null;
  status: MediaStatus;
  uploaded_at: Date;
  rating: number | null;
  votesCount: number | null;
  userName: string | null;
  userAvatar: string | null;
  variants: typeof imageVariantsTable.$inferSelect | null;
}

const toMedia = ({ userName, userAvatar, uploaded_at, rating, votesCount, variants, ...row }: MediaRow): Media => ({
  ...row,
  image: variants ? imageInfo(variants, row.url) : null,
  uploaded_at: uploaded_at.toISOString(),
  rating: rating ?? 0,
  votesCount: votesCount ?? 0,
  userRating: null,
  User: row.user_id !== null && userName !== null ? { id: row.user_id, name: userName, avatar_url: userAvatar } : null,
});

/** A page of the public gallery with each item's vote aggregates; userRating is filled per caller afterwards. */
async function listPublicMedia(database: Executor, festivalId: number, limit: number, offset: number): Promise<Media[]> {
  // NULLS LAST as in media_festival_public_idx, so the page is read off the index.
  const newestFirst = [sql`${mediaTable.uploadedAt} desc nulls last`, sql`${mediaTable.id} desc nulls last`];
  // The page is chosen first, so aggregates run for its rows only, however deep the offset.
  const page = database
    .select({ pageId: mediaTable.id })
    .from(mediaTable)
    .where(and(eq(mediaTable.festivalId, festivalId), publicMedia))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .as('page');
  const uploader = alias(usersTable, 'uploader');
  const rows = await database
    .select({
      id: mediaTable.id,
      festival_id: mediaTable.festivalId,
      user_id: mediaTable.userId,
      type: mediaTable.type,
      url: mediaTable.url,
      caption: mediaTable.caption,
      comment: mediaTable.comment,
      status: mediaTable.status,
      uploaded_at: mediaTable.uploadedAt,
      rating: sql<number | null>`vote_stats.rating`,
      votesCount: sql<number | null>`vote_stats.votes_count`,
      userName: uploader.name,
      userAvatar: uploader.avatarUrl,
      variants: imageVariantsTable,
    })
    .from(page)
    .innerJoin(mediaTable, eq(mediaTable.id, page.pageId))
    .leftJoin(uploader, eq(uploader.id, mediaTable.userId))
    .leftJoin(imageVariantsTable, eq(imageVariantsTable.key, mediaTable.storageKey))
    .leftJoin(voteStats, sql`true`)
    .orderBy(...newestFirst);
  return rows.map(toMedia);
}

const mediaPages = new VersionedListCache<Media>();
const versionReads = new SharedReads<VersionedFestival>();

export const app = createApp('/api/media', {
  maxBodyBytes: MULTIPART_MAX_BYTES,
  // The local signed PUT streams its body to disk and stops at the signed length (./uploads.ts).
  streamsBody: (c) => c.req.method === 'PUT' && c.req.path.startsWith(`${LOCAL_UPLOAD_ROUTE}/`),
})
  .get('/festival/:id', doc({ summary: 'Galería aprobada de un festival (con el voto propio si hay sesión)', access: 'optional', responses: { 200: { description: 'Fotos y vídeos', schema: z.array(mediaResponse) } }, errors: [404] }), optionalAuth, validate('param', idParamSchema), validate('query', pageQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { limit = MEDIA_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    const user = c.get('user');
    const database = await db();
    // One primary-key read when the page is cached and current; three queries when it is not.
    const festival = await readListVersion(database, id, user, 'media_version', versionReads);
    const page = await mediaPages.get(`${id}:${limit}:${offset}`, festival.extra, async () => {
      const [[total], items] = await Promise.all([
        database.select({ n: count() }).from(mediaTable).where(and(eq(mediaTable.festivalId, id), publicMedia)),
        listPublicMedia(database, id, limit, offset),
      ]);
      return { items, body: JSON.stringify(items), total: total.n };
    });
    c.header('X-Total-Count', String(page.total));
    c.header('Content-Type', 'application/json; charset=utf-8');
    if (!user || page.items.length === 0) return c.body(page.body);
    // The page is shared; the caller's own votes on it are one more query.
    const mine = await database
      .select({ mediaId: mediaVotesTable.mediaId, rating: mediaVotesTable.rating })
      .from(mediaVotesTable)
      .where(and(eq(mediaVotesTable.userId, user.id), sql`${mediaVotesTable.mediaId} = any(${sql.param(page.items.map((m) => m.id))}::int[])`));
    if (mine.length === 0) return c.body(page.body);
    const ratingOf = new Map(mine.map((v) => [v.mediaId, v.rating]));
    // The shared page's items with the caller's own votes.
    return c.json(page.items.map((item) => ({ ...item, userRating: ratingOf.get(item.id) ?? item.userRating })) satisfies Media[]);
  })
  .route('/', mediaUploadRoutes)
  .post('/:id/report', doc({ summary: 'Reporta un contenido', access: 'optional', responses: { 201: { description: 'Reporte enviado', schema: messageResponse } }, errors: [404, 429] }), jsonBodyLimit, optionalAuth, validate('param', idParamSchema), validate('json', reportSchema), rateLimit('report'), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const reporter = c.get('user');
    const database = await db();
    const [media] = await database.select({ id: mediaTable.id }).from(mediaTable).where(and(eq(mediaTable.id, id), publicMedia)).limit(1);
    if (!media) throw notFound(MEDIA_NOT_FOUND, 'media_not_found');
    const reportId = await fileReport(database, id, reporter, input);
    return c.json({ message: 'Reporte enviado. Gracias por avisarnos.', id: reportId }, 201);
  });

export const galleryApp = createApp('/api/gallery').post(
  '/:id/rate',
  doc({ summary: 'Vota un contenido de la galería (1-5 estrellas)', access: 'user', responses: { 200: { description: 'El voto y la nueva media', schema: voteResponse } }, errors: [404, 409, 429] }),
  requireAuth,
  validate('param', idParamSchema),
  validate('json', voteSchema),
  rateLimit('vote'),
  async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { rating } = c.req.valid('json');
    const database = await db();
    const voted = await database
      .insert(mediaVotesTable)
      .select(
        database
          .select({
            mediaId: mediaTable.id,
            userId: sql<number>`${user.id}::int`.as('user_id'),
            rating: sql<number>`${rating}::smallint`.as('rating'),
            createdAt: sql<Date>`now()`.as('created_at'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(mediaTable)
          .where(and(eq(mediaTable.id, id), publicMedia)),
      )
      .onConflictDoUpdate({
        target: [mediaVotesTable.mediaId, mediaVotesTable.userId],
        set: { rating: sql`excluded.rating`, updatedAt: sql`now()` },
      })
      .returning({ mediaId: mediaVotesTable.mediaId });
    if (voted.length === 0) throw notFound(MEDIA_NOT_FOUND, 'media_not_found');
    versionReads.written();
    const [stats] = await database
      .select({
        rating: sql<number>`round(avg(${mediaVotesTable.rating})::numeric, 2)::float8`.mapWith(Number),
        votesCount: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(mediaVotesTable)
      .where(eq(mediaVotesTable.mediaId, id));
    return c.json({ message: `Voto: ${rating}/5 estrellas`, media_id: id, rating: stats.rating, votesCount: stats.votesCount, userRating: rating });
  },
);

/** Both prefixes in one function (the router sends /api/media/* and /api/gallery/* here). */
export const mediaFunction = new Hono()
  .use('*', requestContext)
  .route('/', app)
  .route('/', galleryApp)
  .notFound(routeNotFound);
