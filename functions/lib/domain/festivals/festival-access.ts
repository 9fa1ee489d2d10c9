import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound } from '../../errors';

export const FESTIVAL_NOT_FOUND = 'Festival no encontrado';

/**
 * Who may see a festival, the one rule every route uses: an approved festival is public; a pending
 * or rejected one is seen by its proposer and admins only, and anyone else gets the 404 of a
 * missing festival (never telling hidden from missing).
 */
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
