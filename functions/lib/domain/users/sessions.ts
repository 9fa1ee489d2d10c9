import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { revokedSessionsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../../app-env';

/**
 * What a session needs of the users and revoked_sessions tables: a session token names a user, a
 * session version and a session id; raising the user's version ends every session at once, a
 * revoked session id ends one (functions/lib/auth.ts signs and checks the tokens themselves).
 */

/** A signed-in user as the session reads it: who they are and the session version their tokens carry. */
export const sessionUserColumns = {
  id: usersTable.id,
  name: usersTable.name,
  email: usersTable.email,
  avatar_url: usersTable.avatarUrl,
  role: usersTable.role,
  sessionVersion: usersTable.sessionVersion,
};

/** The user of a session, or null when the user is gone, the version moved on or the session was ended. */
export async function loadSessionUser(
  database: Executor,
  session: { userId: number; version: number; sessionId: string },
): Promise<AuthUser | null> {
  // One indexed query per request: the user, their session version and this session's revocation.
  const [row] = await database
    .select({
      ...sessionUserColumns,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessionsTable} where ${revokedSessionsTable.sessionId} = ${session.sessionId})`,
    })
    .from(usersTable)
    .where(eq(usersTable.id, session.userId))
    .limit(1);
  if (!row || row.sessionVersion !== session.version || row.revoked) return null;
  const { sessionVersion: _version, revoked: _revoked, ...user } = row;
  return user;
}

/** Ends one session until `expiresAt` (when its last token expires anyway), and forgets sessions past theirs. */
export async function revokeSession(
  database: Executor,
  session: { userId: number; sessionId: string },
  expiresAt: Date,
): Promise<void> {
  await database
    .insert(revokedSessionsTable)
    .values({ sessionId: session.sessionId, userId: session.userId, expiresAt })
    .onConflictDoNothing();
  await database.delete(revokedSessionsTable).where(lt(revokedSessionsTable.expiresAt, new Date()));
}

/** Raising the version invalidates every token of the user. */
export async function raiseSessionVersion(database: Executor, userId: number): Promise<void> {
  await database
    .update(usersTable)
    .set({ sessionVersion: sql`${usersTable.sessionVersion} + 1` })
    .where(eq(usersTable.id, userId));
}
