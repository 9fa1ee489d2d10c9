/**
 * Media and gallery (spec §7 "Media and gallery", DESIGN.md "Uploads").
 *
 *   GET  /api/media/festival/{id}   public (Bearer optional: fills userRating); approved, not hidden, newest first;
 *                                   ?limit (default 200, max 500) &offset, total in X-Total-Count
 *   POST /api/media                 signed in; multipart images[] + festival_id (+ caption, comment)
 *   POST /api/media/upload-url      signed in; {festival_id, fileName, contentType, fileSize, purpose?} -> presigned PUT
 *   PUT  /api/media/uploads/{key}   local driver only; authorised by the URL's own signature, as S3 is
 *   POST /api/media/confirm         signed in; {key, caption?, comment?} -> checks the stored object, records pending media
 *   POST /api/media/{id}/report     anyone (Bearer optional, recorded)
 *   POST /api/gallery/{id}/rate     signed in; one vote per user and item, voting again replaces it
 *
 * upload-url/confirm sit beside POST /api/media because they end in the same record, mirror the
 * spec's admin pair (/api/admin/upload/get-signed-url, /confirm), and the router already sends
 * /api/media/* here. purpose 'festival' lets a proposer attach up to 5 images to their own
 * pending festival (spec §5 "Propose festival"); everything else is 'gallery'.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import {
  confirmUploadSchema,
  MEDIA_DEFAULT_LIMIT,
  mediaFormSchema,
  pageQuerySchema,
  reportSchema,
  uploadUrlSchema,
  voteSchema,
} from '../../core/community-schemas';
import { idParamSchema } from '../../core/festival-schemas';
import type { Media, MediaStatus, MediaType } from '../../core/types';
import type { Executor } from '../../db/festival-writes';
import { festivalsTable, mediaReportsTable, mediaTable, mediaVotesTable, uploadsTable, usersTable } from '../../db/schema';
import { createApp } from '../lib/app';
import { currentUser, optionalAuth, requireAuth, type AuthUser } from '../lib/auth';
import { db } from '../lib/db';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { rateLimit } from '../lib/rate-limit';
import { LocalStorage, LOCAL_UPLOAD_ROUTE } from '../lib/storage/local-storage';
import { storage } from '../lib/storage/storage';
import {
  assertFestivalImageRoom,
  discardFiles,
  festivalImageCount,
  findPendingUpload,
  issueUpload,
  jsonBodyLimit,
  markUploadConfirmed,
  MULTIPART_MAX_BYTES,
  putImages,
  readImageFiles,
  recordImages,
  verifyStoredImage,
  type StoredFile,
} from '../lib/uploads';
import { validate } from '../lib/validate';
import { readListVersion, requireVisibleFestival, type FestivalAccess, type VersionedFestival } from './festival-access';
import { SharedReads, VersionedListCache } from './response-cache';

const MEDIA_NOT_FOUND = 'Contenido no encontrado.';
const NOT_YOUR_PROPOSAL = 'Solo puedes añadir imágenes a tu propia propuesta pendiente.';

/** What the public gallery shows (spec §4 "Hiding media": hidden items leave it whatever their status). */
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
}

const toMedia = ({ userName, userAvatar, uploaded_at, rating, votesCount, ...row }: MediaRow): Media => ({
  ...row,
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
    })
    .from(page)
    .innerJoin(mediaTable, eq(mediaTable.id, page.pageId))
    .leftJoin(uploader, eq(uploader.id, mediaTable.userId))
    .leftJoin(voteStats, sql`true`)
    .orderBy(...newestFirst);
  return rows.map(toMedia);
}

/** A freshly recorded item as the gallery would show it (it is pending, so nobody has voted). */
function newMedia(
  row: { id: number; festivalId: number; url: string; caption: string | null; comment: string | null; uploadedAt: Date },
  user: AuthUser,
): Media {
  return {
    id: row.id,
    festival_id: row.festivalId,
    user_id: user.id,
    type: 'image',
    url: row.url,
    caption: row.caption,
    comment: row.comment,
    status: 'pending',
    uploaded_at: row.uploadedAt.toISOString(),
    rating: 0,
    votesCount: 0,
    userRating: null,
    User: { id: user.id, name: user.name, avatar_url: user.avatar_url },
  };
}

const newMediaColumns = {
  id: mediaTable.id,
  festivalId: mediaTable.festivalId,
  url: mediaTable.url,
  caption: mediaTable.caption,
  comment: mediaTable.comment,
  uploadedAt: mediaTable.uploadedAt,
};

/**
 * Which kind of upload `user` may make to `festival`: gallery images for approved festivals (and
 * admins anywhere), proposal images for the proposer's own pending festival.
 */
function uploadPurposeFor(festival: FestivalAccess, user: AuthUser): 'gallery' | 'festival' {
  if (festival.status === 'approved') return 'gallery';
  if (festival.status === 'pending' && festival.proposedBy === user.id) return 'festival';
  if (user.role === 'admin') return 'gallery';
  throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
}

/** Locks the proposal so concurrent uploads cannot pass the limit of 5 images together. */
async function lockProposalWithRoom(tx: Executor, festivalId: number, user: AuthUser, adding: number): Promise<void> {
  const [festival] = await tx
    .select({ id: festivalsTable.id })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, festivalId), eq(festivalsTable.proposedBy, user.id), eq(festivalsTable.status, 'pending')))
    .for('update');
  if (!festival) throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
  assertFestivalImageRoom(await festivalImageCount(tx, festivalId), adding);
}

function localStorageOr404(): LocalStorage {
  const store = storage();
  if (!(store instanceof LocalStorage)) throw notFound('Ruta no encontrada.', 'route_not_found');
  return store;
}

const mediaPages = new VersionedListCache<Media>();
const versionReads = new SharedReads<VersionedFestival>();

export const app = createApp('/api/media', { maxBodyBytes: MULTIPART_MAX_BYTES })
  .get('/festival/:id', optionalAuth, validate('param', idParamSchema), validate('query', pageQuerySchema), async (c) => {
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
      const parts = items.map((item) => JSON.stringify(item));
      return { items, parts, body: `[${parts.join(',')}]`, total: total.n };
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
    // Only the voted items change. The key cannot occur unescaped inside a string value of the JSON.
    const parts = page.items.map((item, i) => {
      const rating = ratingOf.get(item.id);
      return rating === undefined ? page.parts![i] : page.parts![i].replace('"userRating":null', `"userRating":${rating}`);
    });
    return c.body(`[${parts.join(',')}]`);
  })
  .post('/', requireAuth, validate('form', mediaFormSchema), rateLimit('upload'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('form');
    const images = await readImageFiles(await c.req.formData());
    if (images.length === 0) throw badRequest('Selecciona al menos una imagen.', 'no_images');
    const database = await db();
    const purpose = uploadPurposeFor(await requireVisibleFestival(database, input.festival_id, user), user);
    const files: StoredFile[] = await putImages(user.id, purpose, images);
    try {
      const rows = await database.transaction(async (tx) => {
        if (purpose === 'festival') await lockProposalWithRoom(tx, input.festival_id, user, files.length);
        return recordImages(tx, {
          userId: user.id,
          festivalId: input.festival_id,
          purpose,
          files,
          caption: input.caption,
          comment: input.comment,
        });
      });
      return c.json(
        { message: 'Imágenes recibidas. Se publicarán cuando un administrador las apruebe.', media: rows.map((row) => newMedia(row, user)) },
        201,
      );
    } catch (error) {
      await discardFiles(files);
      throw error;
    }
  })
  .post('/upload-url', jsonBodyLimit, requireAuth, validate('json', uploadUrlSchema), rateLimit('upload'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const database = await db();
    const festival = await requireVisibleFestival(database, input.festival_id, user);
    const purpose = uploadPurposeFor(festival, user);
    if (input.purpose === 'festival' && purpose !== 'festival') throw forbidden(NOT_YOUR_PROPOSAL, 'not_proposer');
    if (purpose === 'festival') assertFestivalImageRoom(await festivalImageCount(database, festival.id), 1);
    const presigned = await issueUpload(database, {
      userId: user.id,
      festivalId: festival.id,
      purpose,
      contentType: input.contentType,
      contentLength: input.fileSize,
    });
    return c.json({ ...presigned, method: 'PUT', expiresAt: presigned.expiresAt.toISOString() }, 201);
  })
  .put('/uploads/*', async (c) => {
    const store = localStorageOr404();
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(LOCAL_UPLOAD_ROUTE.length + 1));
    } catch {
      throw forbidden('Firma de subida no válida.', 'invalid_signature');
    }
    const contentType = c.req.header('Content-Type') ?? '';
    const verify = (contentLength: number) => {
      const check = store.verifySignedPut({
        key,
        contentType,
        contentLength,
        expires: Number(c.req.query('expires')),
        signature: c.req.query('sig') ?? '',
      });
      if (check === 'expired') throw forbidden('El enlace de subida ha caducado. Pide uno nuevo.', 'upload_url_expired');
      if (check !== 'ok') throw forbidden('Firma de subida no válida.', 'invalid_signature');
    };
    // The declared length is checked before reading the body, the real one after, like S3's signed Content-Length.
    const declared = c.req.header('Content-Length');
    if (declared !== undefined) verify(Number(declared));
    const body = new Uint8Array(await c.req.arrayBuffer());
    verify(body.byteLength);
    // Unlike S3 we can refuse to overwrite an object that was already confirmed.
    const [upload] = await (await db())
      .select({ status: uploadsTable.status })
      .from(uploadsTable)
      .where(eq(uploadsTable.key, key))
      .limit(1);
    if (!upload) throw notFound('Subida no encontrada.', 'upload_not_found');
    if (upload.status === 'confirmed') throw conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');
    await store.put({ key, contentType, body });
    return c.body(null, 200);
  })
  .post('/confirm', jsonBodyLimit, requireAuth, validate('json', confirmUploadSchema), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const database = await db();
    const upload = await findPendingUpload(database, input.key, user.id);
    if (upload.purpose === 'admin' || upload.festivalId === null) throw notFound('Subida no encontrada.', 'upload_not_found');
    await verifyStoredImage(upload);
    const festivalId = upload.festivalId;
    const store = storage();
    try {
      const row = await database.transaction(async (tx) => {
        if (upload.purpose === 'festival') await lockProposalWithRoom(tx, festivalId, user, 1);
        const [media] = await tx
          .insert(mediaTable)
          .values({
            festivalId,
            userId: user.id,
            type: 'image',
            url: store.publicUrl(upload.key),
            storageKey: upload.key,
            caption: input.caption,
            comment: input.comment,
            status: 'pending',
          })
          .returning(newMediaColumns);
        if (!(await markUploadConfirmed(tx, upload.id, media.id))) {
          throw conflict('Esta imagen ya se había confirmado.', 'upload_already_confirmed');
        }
        return media;
      });
      return c.json(newMedia(row, user), 201);
    } catch (error) {
      // Over the proposal's limit: the object will never be used.
      if ((error as { code?: string }).code === 'too_many_images') await discardFiles([upload]);
      throw error;
    }
  })
  .post('/:id/report', jsonBodyLimit, optionalAuth, validate('param', idParamSchema), validate('json', reportSchema), rateLimit('report'), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const reporter = c.get('user');
    const database = await db();
    const [media] = await database.select({ id: mediaTable.id }).from(mediaTable).where(and(eq(mediaTable.id, id), publicMedia)).limit(1);
    if (!media) throw notFound(MEDIA_NOT_FOUND, 'media_not_found');
    const [report] = await database
      .insert(mediaReportsTable)
      .values({ mediaId: id, userId: reporter?.id ?? null, reason: input.reason, details: input.details })
      .returning({ id: mediaReportsTable.id });
    return c.json({ message: 'Reporte enviado. Gracias por avisarnos.', id: report.id }, 201);
  });

export const galleryApp = createApp('/api/gallery').post(
  '/:id/rate',
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
  .route('/', app)
  .route('/', galleryApp)
  .notFound((c) => c.json({ error: 'Ruta no encontrada.', code: 'route_not_found' }, 404));
