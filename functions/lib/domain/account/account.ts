import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { usersTable } from '#db/schema';
import { notFound } from '../../errors';
import { written } from '../../cache/written';
import { removeStoredObjects } from '../uploads/stored-objects';
import { accountTables } from './account-data';
import { deletedAccountEmail } from './deleted-account';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Dates as ISO strings, in rows and in single records. */
function withIsoDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withIsoDates);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIsoDates(v)]));
  return value;
}

/**
 * GET /api/users/me/export: everything we hold about the user, as JSON (the right of access and
 * portability): the profile, then one section per table of accountTables that is exported. One
 * query per table, whatever the number of rows.
 */
export async function exportAccount(database: Database, userId: number) {
  const [user] = await database.select().from(usersTable).where(eq(usersTable.id, userId));
  if (!user) throw notFound('Cuenta no encontrada.', 'user_not_found');
  const sections = await Promise.all(
    Object.values(accountTables).map(async ({ export: part }) =>
      'key' in part ? ([part.key, withIsoDates(await part.read(database, user))] as const) : undefined,
    ),
  );
  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatarUrl,
      role: user.role,
      created_at: iso(user.createdAt),
    },
    ...Object.fromEntries(sections.filter((s) => s !== undefined)),
  };
}

/** What a deleted account's comments are signed with. */
export const DELETED_USER_NAME = 'Usuario eliminado';

/**
 * DELETE /api/users/me: the right to erasure. In one transaction, every table of accountTables does
 * what it says with the user's rows (favourites, follows, alerts, timetables and their share links,
 * devices, the calendar feed, notifications and pending messages, votes, reports' authorship,
 * contact messages, the newsletter subscription, and the photos and videos they uploaded). Comments
 * stay, because other people's replies and a festival's rating rest on them, but signed 'Usuario
 * eliminado': the account row keeps its id for them with its name, address and Google link wiped,
 * and its session version raised so every session it had ends at once. After the commit, the
 * stored files freed are deleted, except those something else still uses.
 */
export async function deleteAccount(database: Database, userId: number): Promise<void> {
  const keys = await database.transaction(async (tx) => {
    const [user] = await tx.select().from(usersTable).where(eq(usersTable.id, userId)).for('update');
    if (!user) throw notFound('Cuenta no encontrada.', 'user_not_found');
    const freed: string[] = [];
    for (const { erase } of Object.values(accountTables)) {
      if (typeof erase === 'function') freed.push(...((await erase(tx, user)) ?? []));
    }
    await tx
      .update(usersTable)
      .set({
        name: DELETED_USER_NAME,
        email: deletedAccountEmail(userId),
        googleSub: null,
        avatarUrl: null,
        role: 'user',
        sessionVersion: sql`${usersTable.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(usersTable.id, userId));
    return freed;
  });
  // The erased user's comments, ratings and photos, on any festival.
  for (const aggregate of ['festival', 'edition', 'comment', 'media'] as const) written(aggregate);
  written('favorite', userId);
  written('plan');
  await removeStoredObjects(database, keys);
}
