import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '#db/client';
import { commentsTable, festivalsTable, usersTable } from '#db/schema';
import type { AdminComment, Comment } from '#core/response-schemas';
import type { AuthUser } from '../../app-env';
import type { ListPage } from '../../cached-body';
import { festivalListPages, festivalListsVisible } from '../festivals/festival-lists';
import { sqlRows } from '../sql-rows';
import { jsonObjectOf, type FieldsOf } from '../sql-json';

/**
 * Comments and who sees them (decision 018): a new comment is pending; everyone sees approved
 * comments; an author also sees their own pending ones; admins see the pending queue. A rating
 * counts in the festival's averageRating once approved, once per user (their newest approved
 * comment): triggers on comments keep that in festival_user_ratings and festival_ratings, and the
 * number of approved comments in festival_counters (decision 043).
 *
 * One field list per answer: the public Comment and the admin queue's AdminComment (the same
 * fields plus the festival), read by Drizzle for the public list and serialised by Postgres for
 * the admin queue (decision 012), so both always have the same keys and formats.
 */
export const commentFields = {
  id: commentsTable.id,
  festival_id: commentsTable.festivalId,
  content: commentsTable.content,
  rating: commentsTable.rating,
  status: commentsTable.status,
  edition_year: commentsTable.editionYear,
  created_at: commentsTable.createdAt,
  User: { id: usersTable.id, name: usersTable.name, avatar_url: usersTable.avatarUrl },
} satisfies FieldsOf<Comment>;

/** The comment's own columns, without its author. */
const { User: _author, ...ownColumns } = commentFields;
export const commentColumns = ownColumns;

const adminCommentFields = {
  ...commentFields,
  Festival: { id: festivalsTable.id, name: festivalsTable.name },
} satisfies FieldsOf<AdminComment>;

type CommentRow = Omit<Comment, 'created_at'> & { created_at: Date };

export const toComment = ({ created_at, ...row }: CommentRow): Comment => ({
  ...row,
  created_at: created_at.toISOString(),
});

/** Whether `userId` has comments on the festival still waiting for moderation (comments_festival_author_idx). */
export async function hasPendingComments(database: Executor, festivalId: number, userId: number): Promise<boolean> {
  const rows = await database
    .select({ id: commentsTable.id })
    .from(commentsTable)
    .where(
      and(
        eq(commentsTable.festivalId, festivalId),
        eq(commentsTable.userId, userId),
        eq(commentsTable.status, 'pending'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * How many comments the festival's list holds: its approved comments from the counter row that
 * triggers keep (festival_counters), never counted over the table (the busiest generated festival
 * has 15,000), plus the author's own pending ones (comments_festival_author_idx, a handful).
 */
function visibleCount(database: Executor, festivalId: number, authorId: number | undefined) {
  const approved = sql<number>`coalesce((select fc.comments_count from festival_counters fc where fc.festival_id = ${festivalId}), 0)`;
  const pending =
    authorId === undefined
      ? sql<number>`0`
      : sql<number>`(select count(*) from comments c where c.festival_id = ${festivalId} and c.user_id = ${authorId} and c.status = 'pending')`;
  return sqlRows<{ n: number }>(database, sql`select (${approved} + ${pending})::int as n`).then((rows) =>
    rows.map((r) => ({ n: Number(r.n) })),
  );
}

// NULLS LAST as in the comments indexes, or Postgres cannot read the page off them.
const newestFirst = [sql`${commentsTable.createdAt} desc nulls last`, sql`${commentsTable.id} desc nulls last`];

/**
 * A page of the festival's comments, newest first: the approved ones, plus those of `authorId`
 * (their pending comments) when given; with `year`, only those about that edition. The page is chosen first, so authors are joined for its
 * rows only, however deep the offset.
 */
export async function listComments(
  database: Executor,
  festivalId: number,
  range: { limit: number; offset: number; year?: number },
  authorId?: number,
): Promise<ListPage<Comment>> {
  const approved = eq(commentsTable.status, 'approved');
  const visible: SQL = and(
    eq(commentsTable.festivalId, festivalId),
    authorId === undefined ? approved : or(approved, eq(commentsTable.userId, authorId)),
    range.year === undefined ? undefined : eq(commentsTable.editionYear, range.year),
  )!;
  const pageIds = database
    .select({ pageId: commentsTable.id })
    .from(commentsTable)
    .where(visible)
    .orderBy(...newestFirst)
    .limit(range.limit)
    .offset(range.offset)
    .as('page');
  const [[total], rows] = await Promise.all([
    range.year === undefined
      ? visibleCount(database, festivalId, authorId)
      : database.select({ n: count() }).from(commentsTable).where(visible),
    database
      .select(commentFields)
      .from(pageIds)
      .innerJoin(commentsTable, eq(commentsTable.id, pageIds.pageId))
      .innerJoin(usersTable, eq(usersTable.id, commentsTable.userId))
      .orderBy(...newestFirst),
  ]);
  const items = rows.map(toComment);
  return { items, body: JSON.stringify(items), total: total.n };
}

/** The comments awaiting moderation, newest first, as the admin queue's JSON text. */
export const pendingCommentsJson = (database: Executor, range: { limit: number; offset: number }) =>
  adminCommentsJson(database, eq(commentsTable.status, 'pending'), range);

/** The admin queue's comments matching `where`, newest first, as JSON text built by Postgres. */
async function adminCommentsJson(
  database: Executor,
  where: SQL,
  range: { limit?: number; offset?: number },
): Promise<string> {
  const limit = range.limit === undefined ? sql`` : sql`limit ${range.limit}`;
  const [row] = await sqlRows<{ body: string }>(
    database,
    sql`select coalesce(json_agg(${jsonObjectOf(adminCommentFields)} order by comments.created_at desc, comments.id desc), '[]')::text as body
      from (select * from comments where ${where} order by created_at desc, id desc ${limit} offset ${range.offset ?? 0}) comments
      join users on users.id = comments.user_id
      join festivals on festivals.id = comments.festival_id`,
  );
  return row?.body ?? '[]';
}

/** One comment as the admin queue shows it, or null. */
export async function findAdminComment(database: Executor, id: number): Promise<AdminComment | null> {
  const [comment] = JSON.parse(
    await adminCommentsJson(database, eq(commentsTable.id, id), { limit: 1 }),
  ) as AdminComment[];
  return comment ?? null;
}

/** Pages of approved comments kept per festival and range (festival-lists.ts). */
const pages = festivalListPages<Comment>('comment', (database, festivalId, range) => {
  const [limit, offset, year] = range.split(':');
  return listComments(database, festivalId, {
    limit: Number(limit),
    offset: Number(offset),
    year: year ? Number(year) : undefined,
  });
});

/**
 * GET /api/comments/festival/{id}: a page of approved comments, kept (no SQL while checked); an
 * author with comments awaiting moderation sees them too, in a list read for them alone. 404 for
 * a festival the caller may not see.
 */
export async function festivalComments(
  database: Database,
  festivalId: number,
  range: { limit: number; offset: number; year?: number },
  user: AuthUser | null,
): Promise<ListPage<Comment>> {
  const approved = await festivalListsVisible(database, festivalId, user);
  if (user && (await hasPendingComments(database, festivalId, user.id))) {
    return listComments(database, festivalId, range, user.id);
  }
  if (!approved) return listComments(database, festivalId, range);
  return pages.get(`${festivalId}:${range.limit}:${range.offset}:${range.year ?? ''}`, database);
}
