import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CommentBody } from '#core/community-schemas';
import type { Executor } from '#db/client';
import { commentsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../lib/app-env';
import type { ListPage } from '../lib/response-cache';
import type { Comment } from '#core/response-schemas';

/**
 * Comments and who sees them (decision 018): a new comment
 * is pending; everyone sees approved comments; an author also sees their own pending ones. A
 * rating counts in the festival's averageRating once approved, once per user (their newest
 * approved comment): triggers on comments keep that in festival_user_ratings and festival_ratings.
 */

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

/** Inserts a pending comment by `user`; it waits in the admins' queue and counts once approved. */
export async function insertComment(tx: Executor, user: AuthUser, input: CommentBody): Promise<Comment> {
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

/** Whether `userId` has comments on the festival still waiting for moderation (comments_festival_author_idx). */
export async function hasPendingComments(database: Executor, festivalId: number, userId: number): Promise<boolean> {
  const rows = await database
    .select({ id: commentsTable.id })
    .from(commentsTable)
    .where(and(eq(commentsTable.festivalId, festivalId), eq(commentsTable.userId, userId), eq(commentsTable.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

/**
 * A page of the festival's comments, newest first: the approved ones, plus those of `authorId`
 * (their pending comments) when given. The page is chosen first, so authors are joined for its
 * rows only, however deep the offset.
 */
export async function listComments(
  database: Executor,
  festivalId: number,
  range: { limit: number; offset: number },
  authorId?: number,
): Promise<ListPage<Comment>> {
  const approved = eq(commentsTable.status, 'approved');
  const visible: SQL = and(eq(commentsTable.festivalId, festivalId), authorId === undefined ? approved : or(approved, eq(commentsTable.userId, authorId)))!;
  // NULLS LAST as in the comments indexes, or Postgres cannot read the page off them.
  const newestFirst = [sql`${commentsTable.createdAt} desc nulls last`, sql`${commentsTable.id} desc nulls last`];
  const pageIds = database
    .select({ pageId: commentsTable.id })
    .from(commentsTable)
    .where(visible)
    .orderBy(...newestFirst)
    .limit(range.limit)
    .offset(range.offset)
    .as('page');
  const [[total], rows] = await Promise.all([
    database.select({ n: count() }).from(commentsTable).where(visible),
    database
      .select(commentSelection)
      .from(pageIds)
      .innerJoin(commentsTable, eq(commentsTable.id, pageIds.pageId))
      .innerJoin(usersTable, eq(usersTable.id, commentsTable.userId))
      .orderBy(...newestFirst),
  ]);
  const items = rows.map(toComment);
  return { items, body: JSON.stringify(items), total: total.n };
}
