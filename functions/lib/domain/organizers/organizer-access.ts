import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { festivalEditionsTable, festivalOrganizersTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { forbidden, notFound } from '../../errors';
import { EDITION_NOT_FOUND } from '../editions/write-editions';
import { FESTIVAL_NOT_FOUND, festivalVisibleTo } from '../festivals/festival-access';

/**
 * The one rule of the organisers' routes: a festival the caller cannot see is a 404 (never told
 * apart from a missing one); one they see but do not organise is a 403; admins organise every
 * festival. One query whatever the route reaches the festival through (itself, an edition, a set).
 */

export const NOT_ORGANIZER = 'No organizas este festival: pide acceso desde su página.';

const isOrganizer = (user: Pick<AuthUser, 'id'>) =>
  sql<boolean>`exists (select 1 from ${festivalOrganizersTable} o
    where o.festival_id = ${festivalsTable.id} and o.user_id = ${user.id})`;

interface Reached {
  festivalId: number;
  festivalName: string;
  organizer: boolean;
}

async function check(
  user: Pick<AuthUser, 'id' | 'role'>,
  query: Promise<Reached[]>,
  missing: () => Error,
): Promise<Reached> {
  const [row] = await query;
  if (!row) throw missing();
  if (user.role !== 'admin' && !row.organizer) throw forbidden(NOT_ORGANIZER, 'not_organizer');
  return row;
}

const reached = (user: Pick<AuthUser, 'id'>) => ({
  festivalId: festivalsTable.id,
  festivalName: festivalsTable.name,
  organizer: isOrganizer(user),
});

const festivalMissing = () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
const editionMissing = () => notFound(EDITION_NOT_FOUND, 'edition_not_found');
const setMissing = () => notFound('Actuación no encontrada', 'set_not_found');

/** Festival `id` when `user` organises it (or is an admin). */
export function requireOrganizedFestival(executor: Executor, user: Pick<AuthUser, 'id' | 'role'>, id: number) {
  const visible: SQL = festivalVisibleTo(user);
  return check(
    user,
    executor
      .select(reached(user))
      .from(festivalsTable)
      .where(and(eq(festivalsTable.id, id), visible)),
    festivalMissing,
  );
}

/** The festival of edition `id`, when `user` organises it. */
export function requireOrganizedEdition(executor: Executor, user: Pick<AuthUser, 'id' | 'role'>, id: number) {
  return check(
    user,
    executor
      .select(reached(user))
      .from(festivalEditionsTable)
      .innerJoin(festivalsTable, eq(festivalsTable.id, festivalEditionsTable.festivalId))
      .where(and(eq(festivalEditionsTable.id, id), festivalVisibleTo(user))),
    editionMissing,
  );
}

/** The festival of lineup entry `id` (a set), when `user` organises it. */
export function requireOrganizedSet(executor: Executor, user: Pick<AuthUser, 'id' | 'role'>, id: number) {
  return check(
    user,
    executor
      .select(reached(user))
      .from(lineupEntriesTable)
      .innerJoin(festivalEditionsTable, eq(festivalEditionsTable.id, lineupEntriesTable.editionId))
      .innerJoin(festivalsTable, eq(festivalsTable.id, festivalEditionsTable.festivalId))
      .where(and(eq(lineupEntriesTable.id, id), festivalVisibleTo(user))),
    setMissing,
  );
}
