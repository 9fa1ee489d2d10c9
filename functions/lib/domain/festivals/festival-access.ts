import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { AppError, notFound } from '../../errors';
import type { SharedReads } from '../../response-cache';

export const FESTIVAL_NOT_FOUND = 'Festival no encontrado';

/** Same rule as GET /api/festivals/{id}: pending and rejected festivals are seen by their proposer and admins only. */
export function festivalVisibleTo(user: Pick<AuthUser, 'id' | 'role'> | null): SQL {
  if (user?.role === 'admin') return sql`true`;
  const approved = eq(festivalsTable.status, 'approved');
  return user ? or(approved, eq(festivalsTable.proposedBy, user.id))! : approved;
}

export interface FestivalAccess {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  proposedBy: number | null;
}

/** The festival when `user` may see it; 404 'Festival no encontrado' otherwise (never tells hidden from missing). */
export async function requireVisibleFestival(
  executor: Executor,
  id: number,
  user: Pick<AuthUser, 'id' | 'role'> | null,
  options: { forUpdate?: boolean } = {},
): Promise<FestivalAccess> {
  const query = executor
    .select({ id: festivalsTable.id, status: festivalsTable.status, proposedBy: festivalsTable.proposedBy })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, id), festivalVisibleTo(user)))
    .limit(1);
  const [festival] = options.forUpdate ? await query.for('update') : await query;
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  return festival;
}

/** Like requireVisibleFestival, with one more value computed in the same query (a list's total). */
export async function requireVisibleFestivalWith<T>(
  executor: Executor,
  id: number,
  user: Pick<AuthUser, 'id' | 'role'> | null,
  extra: SQL<T>,
): Promise<FestivalAccess & { extra: T }> {
  const [festival] = await executor
    .select({ id: festivalsTable.id, status: festivalsTable.status, proposedBy: festivalsTable.proposedBy, extra })
    .from(festivalsTable)
    .where(and(eq(festivalsTable.id, id), festivalVisibleTo(user)))
    .limit(1);
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  return festival;
}

/** The festival's current list version (see VersionedListCache), 0 before its first write. */
export const listVersion = (column: 'comments_version' | 'media_version'): SQL<number> =>
  sql<number>`coalesce((select v.${sql.raw(column)} from festival_list_versions v where v.festival_id = "festivals"."id"), 0)`.mapWith(
    Number,
  );

export type VersionedFestival = FestivalAccess & { extra: number };

/**
 * The festival and its list version for `user`. The read that anonymous callers make (approved
 * festivals only) is shared between concurrent requests and tried first for everyone; a signed-in
 * caller who may see more (proposer, admin) falls back to a read of their own.
 */
export async function readListVersion(
  executor: Executor,
  id: number,
  user: Pick<AuthUser, 'id' | 'role'> | null,
  column: 'comments_version' | 'media_version',
  shared: SharedReads<VersionedFestival>,
): Promise<VersionedFestival> {
  try {
    return await shared.read(`${column}:${id}`, () =>
      requireVisibleFestivalWith(executor, id, null, listVersion(column)),
    );
  } catch (error) {
    if (!user || !(error instanceof AppError) || error.kind !== 'not_found') throw error;
    return requireVisibleFestivalWith(executor, id, user, listVersion(column));
  }
}
