import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';
import {
  festivalsTable,
  imageVariantsTable,
  mediaTable,
  mediaVoteCountsTable,
  mediaVotesTable,
  usersTable,
} from '#db/schema';
import type { AdminMedia, Media } from '#core/response-schemas';
import { imageInfo } from '../../image-variant-records';
import { notFound } from '../../errors';
import { sqlRows } from '../sql-rows';
import { jsonObjectOf, jsonObjectOrNull, type FieldsOf } from '../sql-json';

/**
 * Gallery items and who sees them: an upload is pending until an admin approves it; the public
 * gallery shows approved items an admin has not hidden, newest first, each with the average and
 * count of its votes. The admin lists show every item with the same fields plus its moderation
 * dates and festival, serialised by Postgres (decision 012) from the same field list.
 */

export const MEDIA_NOT_FOUND = 'Contenido no encontrado.';
export const mediaNotFound = () => notFound('Contenido no encontrado', 'media_not_found');

/** What the public gallery shows (hidden items leave it whatever their status). */
export const publicMedia = and(eq(mediaTable.status, 'approved'), isNull(mediaTable.hiddenAt))!;

// Each item's average and count come from its counter row (media_vote_counts, kept by triggers on
// media_votes in the vote's transaction, decision 043), never aggregated over its votes.
export const voteAverage = sql<number>`coalesce(
  round(${mediaVoteCountsTable.votesSum}::numeric / nullif(${mediaVoteCountsTable.votesCount}, 0), 2)::float8,
  0
)`;

/** The fields of a gallery item (core/response-schemas Media), without its photo copies. */
const mediaFields = {
  id: mediaTable.id,
  festival_id: mediaTable.festivalId,
  user_id: mediaTable.userId,
  type: mediaTable.type,
  url: mediaTable.url,
  caption: mediaTable.caption,
  comment: mediaTable.comment,
  status: mediaTable.status,
  uploaded_at: mediaTable.uploadedAt,
  rating: voteAverage.mapWith(Number),
  votesCount: sql<number>`coalesce(${mediaVoteCountsTable.votesCount}, 0)`.mapWith(Number),
  // The caller's own vote is read apart, so one page serves everyone.
  userRating: sql<number | null>`null`,
  User: jsonObjectOrNull(usersTable.id, { id: usersTable.id, name: usersTable.name, avatar_url: usersTable.avatarUrl }),
} satisfies FieldsOf<Omit<Media, 'image'>>;

const adminMediaFields = {
  ...mediaFields,
  hidden_at: mediaTable.hiddenAt,
  // A hidden stored photo has left its public URL (hidden-files.ts): the admin reads it here.
  file_url: sql<string | null>`case when ${mediaTable.hiddenAt} is not null and ${mediaTable.storageKey} is not null
    then '/api/admin/media/' || ${mediaTable.id} || '/file' end`,
  reviewed_at: mediaTable.reviewedAt,
  Festival: { id: festivalsTable.id, name: festivalsTable.name },
} satisfies FieldsOf<Omit<AdminMedia, 'image'>>;

// NULLS LAST as in media_festival_public_idx, so the page is read off the index.
const newestFirst = [sql`${mediaTable.uploadedAt} desc nulls last`, sql`${mediaTable.id} desc nulls last`];

/** How many items the festival's public gallery holds. */
export async function countPublicMedia(database: Executor, festivalId: number): Promise<number> {
  const [total] = await database
    .select({ n: count() })
    .from(mediaTable)
    .where(and(eq(mediaTable.festivalId, festivalId), publicMedia));
  return total.n;
}

/** A page of the public gallery with each item's vote average and count; userRating is filled per caller afterwards. */
export async function listPublicMedia(
  database: Executor,
  festivalId: number,
  limit: number,
  offset: number,
): Promise<Media[]> {
  // The page is chosen first, so the joins run for its rows only, however deep the offset.
  const page = database
    .select({ pageId: mediaTable.id })
    .from(mediaTable)
    .where(and(eq(mediaTable.festivalId, festivalId), publicMedia))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .as('page');
  const { User: _user, ...fields } = mediaFields;
  const rows = await database
    .select({
      ...fields,
      uploader: { id: usersTable.id, name: usersTable.name, avatar_url: usersTable.avatarUrl },
      variants: imageVariantsTable,
    })
    .from(page)
    .innerJoin(mediaTable, eq(mediaTable.id, page.pageId))
    .leftJoin(usersTable, eq(usersTable.id, mediaTable.userId))
    .leftJoin(imageVariantsTable, eq(imageVariantsTable.key, mediaTable.storageKey))
    .leftJoin(mediaVoteCountsTable, eq(mediaVoteCountsTable.mediaId, mediaTable.id))
    .orderBy(...newestFirst);
  return rows.map(({ uploader, variants, uploaded_at, rating, votesCount, userRating, ...row }) => ({
    ...row,
    image: variants ? imageInfo(variants, row.url) : null,
    uploaded_at: uploaded_at.toISOString(),
    rating,
    votesCount,
    userRating,
    User: uploader,
  }));
}

/** The caller's own votes on the given items, by item id. */
export async function votesOf(database: Executor, userId: number, mediaIds: number[]): Promise<Map<number, number>> {
  const mine = await database
    .select({ mediaId: mediaVotesTable.mediaId, rating: mediaVotesTable.rating })
    .from(mediaVotesTable)
    .where(
      and(eq(mediaVotesTable.userId, userId), sql`${mediaVotesTable.mediaId} = any(${sql.param(mediaIds)}::int[])`),
    );
  return new Map(mine.map((v) => [v.mediaId, v.rating]));
}

/** Whether item `id` is in a public gallery (what a visitor may report or vote on). */
export async function isPublicMedia(database: Executor, id: number): Promise<boolean> {
  const [media] = await database
    .select({ id: mediaTable.id })
    .from(mediaTable)
    .where(and(eq(mediaTable.id, id), publicMedia))
    .limit(1);
  return media !== undefined;
}

/** The admin lists: items of any status or of one, of every festival or of one, newest first, as JSON text. */
export function listAdminMedia(
  database: Executor,
  filter: { status?: Media['status']; festivalId?: number },
  range: { limit: number; offset: number },
): Promise<string> {
  const where = and(
    sql`true`,
    filter.status ? eq(mediaTable.status, filter.status) : undefined,
    filter.festivalId ? eq(mediaTable.festivalId, filter.festivalId) : undefined,
  )!;
  return adminMediaJson(database, where, range);
}

/** The admin lists' items matching `where`, newest first, as JSON text built by Postgres. */
async function adminMediaJson(
  database: Executor,
  where: SQL,
  range: { limit?: number; offset?: number },
): Promise<string> {
  const limit = range.limit === undefined ? sql`` : sql`limit ${range.limit}`;
  const [row] = await sqlRows<{ body: string }>(
    database,
    sql`select coalesce(json_agg(${jsonObjectOf(adminMediaFields)} order by media.uploaded_at desc, media.id desc), '[]')::text as body
      from (select * from media where ${where} order by uploaded_at desc, id desc ${limit} offset ${range.offset ?? 0}) media
      join festivals on festivals.id = media.festival_id
      left join users on users.id = media.user_id
      left join media_vote_counts on media_vote_counts.media_id = media.id`,
  );
  return row?.body ?? '[]';
}

/** One item as the admin lists show it; 404 when it does not exist. */
export async function findAdminMedia(database: Executor, id: number): Promise<AdminMedia> {
  const [media] = JSON.parse(await adminMediaJson(database, eq(mediaTable.id, id), { limit: 1 })) as AdminMedia[];
  if (!media) throw mediaNotFound();
  return media;
}
