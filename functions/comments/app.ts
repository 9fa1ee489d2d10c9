import { count, eq, sql } from 'drizzle-orm';
import { COMMENTS_DEFAULT_LIMIT, commentSchema, pageQuerySchema, type CommentBody } from '../../core/community-schemas';
import { idParamSchema } from '../../core/festival-schemas';
import type { Comment } from '../../core/types';
import type { Executor } from '../../db/festival-writes';
import { commentsTable, usersTable } from '../../db/schema';
import { createApp } from '../lib/app';
import { recordAudit } from '../lib/audit';
import { currentUser, optionalAuth, requireAuth, type AuthUser } from '../lib/auth';
import { db } from '../lib/db';
import { forbidden, notFound } from '../lib/errors';
import { invalidateCatalog } from '../lib/festival-store';
import { rateLimit } from '../lib/rate-limit';
import { discardFiles, jsonBodyLimit, MULTIPART_MAX_BYTES, putImages, readImageFiles, recordImages, type StoredFile } from '../lib/uploads';
import { validate } from '../lib/validate';
import { readListVersion, requireVisibleFestival, type VersionedFestival } from '../media/festival-access';
import { SharedReads, VersionedListCache } from '../media/response-cache';

const commentSelection = {
  id: commentsTable.id,
  festival_id: commentsTable.festivalId,
  content: commentsTable.content,
  rating: commentsTable.rating,
  status: commentsTable.status,
  created_at: commentsTable.createdAt,
  userId: usersTable.id,
  userName: usersTable.name,
  userAvatar: usersTable.avatarUrl,
};

type CommentRow = {
  id: number;
  festival_id: number;
  content: string;
  rating: number;
  status: Comment['status'];
  created_at: Date;
  userId: number;
  userName: string;
  userAvatar: string | null;
};

const toComment = ({ userId, userName, userAvatar, created_at, ...row }: CommentRow): Comment => ({
  ...row,
  created_at: created_at.toISOString(),
  User: { id: userId, name: userName, avatar_url: userAvatar },
});

/** Inserts a comment by `user`; it counts in the festival's rating at once and waits in the admins' queue (spec §4). */
async function insertComment(tx: Executor, user: AuthUser, input: CommentBody): Promise<Comment> {
  const [row] = await tx
    .insert(commentsTable)
    .values({ festivalId: input.festival_id, userId: user.id, content: input.content, rating: input.rating, status: 'pending' })
    .returning({
      id: commentsTable.id,
      festival_id: commentsTable.festivalId,
      content: commentsTable.content,
      rating: commentsTable.rating,
      status: commentsTable.status,
      created_at: commentsTable.createdAt,
    });
  return toComment({ ...row, userId: user.id, userName: user.name, userAvatar: user.avatar_url });
}

const commentPages = new VersionedListCache<Comment>();
const versionReads = new SharedReads<VersionedFestival>();

/**
 * Spec §7 "Comments". Newest first; `?limit` (default 200, at most 500) and `?offset` page
 * through long lists and X-Total-Count tells how many there are.
 */
export const app = createApp('/api/comments', { maxBodyBytes: MULTIPART_MAX_BYTES })
  .get('/festival/:id', optionalAuth, validate('param', idParamSchema), validate('query', pageQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { limit = COMMENTS_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    const database = await db();
    // One primary-key read when the page is cached and current; three queries when it is not.
    const festival = await readListVersion(database, id, c.get('user'), 'comments_version', versionReads);
    const page = await commentPages.get(`${id}:${limit}:${offset}`, festival.extra, async () => {
      // NULLS LAST as in comments_festival_created_idx, or Postgres cannot read the page off the index.
      const newestFirst = [sql`${commentsTable.createdAt} desc nulls last`, sql`${commentsTable.id} desc nulls last`];
      // The page is chosen first, so authors are joined for its rows only, however deep the offset.
      const pageIds = database
        .select({ pageId: commentsTable.id })
        .from(commentsTable)
        .where(eq(commentsTable.festivalId, id))
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset)
        .as('page');
      const [[total], rows] = await Promise.all([
        database.select({ n: count() }).from(commentsTable).where(eq(commentsTable.festivalId, id)),
        database
          .select(commentSelection)
          .from(pageIds)
          .innerJoin(commentsTable, eq(commentsTable.id, pageIds.pageId))
          .innerJoin(usersTable, eq(usersTable.id, commentsTable.userId))
          .orderBy(...newestFirst),
      ]);
      const items = rows.map(toComment);
      return { items, body: JSON.stringify(items), total: total.n };
    });
    c.header('X-Total-Count', String(page.total));
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(page.body);
  })
  .post('/', jsonBodyLimit, requireAuth, validate('json', commentSchema), rateLimit('comment'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const database = await db();
    await requireVisibleFestival(database, input.festival_id, null);
    const comment = await insertComment(database, user, input);
    versionReads.written();
    invalidateCatalog();
    return c.json(comment, 201);
  })
  .post('/with-media', requireAuth, validate('form', commentSchema), rateLimit('comment'), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('form');
    const images = await readImageFiles(await c.req.formData());
    const database = await db();
    await requireVisibleFestival(database, input.festival_id, null);
    const files: StoredFile[] = await putImages(user.id, 'gallery', images);
    try {
      const result = await database.transaction(async (tx) => {
        const comment = await insertComment(tx, user, input);
        const media = await recordImages(tx, {
          userId: user.id,
          festivalId: input.festival_id,
          purpose: 'gallery',
          files,
          comment: input.content,
          commentId: comment.id,
        });
        return { ...comment, media: media.map((m) => ({ id: m.id, url: m.url, status: 'pending' as const })) };
      });
      versionReads.written();
      invalidateCatalog();
      return c.json(result, 201);
    } catch (error) {
      await discardFiles(files);
      throw error;
    }
  })
  .delete('/:id', requireAuth, validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const database = await db();
    const [comment] = await database
      .select({ userId: commentsTable.userId, festivalId: commentsTable.festivalId, content: commentsTable.content, rating: commentsTable.rating })
      .from(commentsTable)
      .where(eq(commentsTable.id, id))
      .limit(1);
    if (!comment) throw notFound('Comentario no encontrado.', 'comment_not_found');
    const moderating = comment.userId !== user.id;
    if (moderating && user.role !== 'admin') throw forbidden('Solo puedes borrar tus propios comentarios.', 'not_owner');
    // Photos sent with the comment stay in the gallery (their comment_id becomes null).
    await database.transaction(async (tx) => {
      await tx.delete(commentsTable).where(eq(commentsTable.id, id));
      if (moderating) {
        await recordAudit(tx, {
          actorId: user.id,
          action: 'delete',
          entity: 'comment',
          entityId: id,
          details: { festival_id: comment.festivalId, user_id: comment.userId, content: comment.content, rating: comment.rating },
        });
      }
    });
    versionReads.written();
    invalidateCatalog();
    return c.json({ message: 'Comentario borrado', id });
  });
