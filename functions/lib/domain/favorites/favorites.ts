import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '#db/client';
import { favoritesTable, festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { festivalVisibleTo, requireVisibleFestival } from '../festivals/festival-access';

/**
 * A user's favourite festivals, kept as ids in the order they were added. Only festivals the user
 * may see can be added (approved ones, their own proposals, anything for an admin); adding one
 * twice or removing one that was not there is not an error, an unknown or hidden festival is (404).
 */

/** Adds the visible festivals among `ids` to the user's favourites, skipping ones already there; returns those added. */
function insertFavorites(executor: Executor, user: AuthUser, ids: number[]) {
  return executor
    .insert(favoritesTable)
    .select(
      executor
        .select({
          userId: sql<number>`${user.id}::int`.as('user_id'),
          festivalId: festivalsTable.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(festivalsTable)
        .where(and(inArray(festivalsTable.id, ids), festivalVisibleTo(user))),
    )
    .onConflictDoNothing()
    .returning({ festivalId: favoritesTable.festivalId });
}

/** The user's favourite festival ids, oldest first. */
export async function listFavorites(executor: Executor, userId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: favoritesTable.festivalId })
    .from(favoritesTable)
    .where(eq(favoritesTable.userId, userId))
    .orderBy(asc(favoritesTable.createdAt), asc(favoritesTable.festivalId));
  return rows.map((r) => r.id);
}

/** Adds festival `id`; true when it was not a favourite yet. */
export async function addFavorite(database: Database, user: AuthUser, id: number): Promise<boolean> {
  const added = await insertFavorites(database, user, [id]);
  // Nothing inserted: either already a favourite or no such festival (for this user).
  if (added.length === 0) await requireVisibleFestival(database, id, user);
  return added.length > 0;
}

/** Removes festival `id` from the user's favourites. */
export async function removeFavorite(database: Database, user: AuthUser, id: number): Promise<void> {
  const deleted = await database
    .delete(favoritesTable)
    .where(and(eq(favoritesTable.userId, user.id), eq(favoritesTable.festivalId, id)))
    .returning({ id: favoritesTable.festivalId });
  if (deleted.length === 0) await requireVisibleFestival(database, id, user);
}

/**
 * Merges the browser's list into the user's (or, with `overwrite`, makes it the user's list).
 * Unknown or hidden ids are skipped, not refused: a local list may hold festivals deleted since.
 */
export async function syncFavorites(database: Database, user: AuthUser, favorites: number[], overwrite: boolean) {
  return database.transaction(async (tx) => {
    let removed = 0;
    if (overwrite) {
      const deleted = await tx
        .delete(favoritesTable)
        .where(
          favorites.length
            ? and(eq(favoritesTable.userId, user.id), notInArray(favoritesTable.festivalId, favorites))
            : eq(favoritesTable.userId, user.id),
        )
        .returning({ id: favoritesTable.festivalId });
      removed = deleted.length;
    }
    const added = favorites.length ? (await insertFavorites(tx, user, favorites)).length : 0;
    return { added, removed, favorites: await listFavorites(tx, user.id) };
  });
}
