import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { usersTable } from '#db/schema';
import type { AdminUser } from '#core/response-schemas';
import type { AuthUser } from '../../app-env';
import type { GoogleIdentity } from '../../auth';
import { sessionUserColumns } from './sessions';
import { db } from '../../db';
import { env } from '../../env';
import { conflict, pgErrorCode } from '../../errors';

/**
 * Accounts: signing in with Google creates or follows one, admins list them. Sessions and their
 * tokens are functions/lib/auth.ts; what a user may delete or export of their account is
 * ../account.
 */

const emailInUse = (email: string) =>
  conflict(
    `Ya existe una cuenta de Festivales con el correo ${email}, vinculada a otra cuenta de Google. ` +
      'Inicia sesión con esa cuenta de Google o escríbenos desde la página de contacto.',
    'email_in_use',
  );

const userColumns = sessionUserColumns;

type SignedInUser = AuthUser & { sessionVersion: number };

/**
 * Accounts are linked by Google's `sub` only. An email alone never reaches an existing account:
 * a new `sub` whose email another account holds is refused (decision 017), so nobody takes over an
 * account by getting a Google identity with the same address.
 */
export async function signInUser(identity: GoogleIdentity, attempt = 1): Promise<SignedInUser> {
  const database = await db();
  const email = identity.email.toLowerCase();
  const isAdmin = identity.emailVerified && env().ADMIN_EMAILS.includes(email);
  try {
    const signedIn = await database.transaction(async (tx): Promise<SignedInUser | null> => {
      const [linked] = await tx
        .select({ id: usersTable.id, email: usersTable.email, role: usersTable.role })
        .from(usersTable)
        .where(eq(usersTable.googleSub, identity.sub))
        .limit(1);
      if (linked) {
        // Google lets people change their address: follow it unless another account holds the new one.
        const [holder] =
          linked.email.toLowerCase() === email
            ? []
            : await tx
                .select({ id: usersTable.id })
                .from(usersTable)
                .where(and(sql`lower(${usersTable.email}) = ${email}`, ne(usersTable.id, linked.id)))
                .limit(1);
        const [user] = await tx
          .update(usersTable)
          // ADMIN_EMAILS only grants: an admin named in the database keeps the role.
          .set({
            email: holder ? linked.email : identity.email,
            name: identity.name,
            avatarUrl: identity.picture,
            role: isAdmin ? 'admin' : linked.role,
            updatedAt: new Date(),
          })
          .where(eq(usersTable.id, linked.id))
          .returning(userColumns);
        return user;
      }
      const [holder] = await tx
        .select({ googleSub: usersTable.googleSub })
        .from(usersTable)
        .where(sql`lower(${usersTable.email}) = ${email}`)
        .limit(1);
      // A concurrent first sign-in of this same identity committed between the two reads above.
      if (holder?.googleSub === identity.sub) return null;
      if (holder) throw emailInUse(identity.email);
      const [user] = await tx
        .insert(usersTable)
        .values({
          googleSub: identity.sub,
          email: identity.email,
          name: identity.name,
          avatarUrl: identity.picture,
          role: isAdmin ? 'admin' : 'user',
        })
        .returning(userColumns);
      return user;
    });
    if (signedIn) return signedIn;
    if (attempt < 3) return signInUser(identity, attempt + 1);
    throw emailInUse(identity.email);
  } catch (error) {
    // Two first sign-ins at once: the second meets the unique keys instead of the checks above.
    if (pgErrorCode(error) === '23505') {
      const [again] = await database
        .select(userColumns)
        .from(usersTable)
        .where(eq(usersTable.googleSub, identity.sub))
        .limit(1);
      if (again) return again;
      throw emailInUse(identity.email);
    }
    throw error;
  }
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The admin list of accounts by name, optionally those whose name or email contains `search`. */
export async function listUsers(
  database: Executor,
  query: { limit: number; offset: number; search?: string },
): Promise<AdminUser[]> {
  const { limit, offset, search } = query;
  return database
    .select({
      id: usersTable.id,
      name: usersTable.name,
      email: usersTable.email,
      role: usersTable.role,
      avatar_url: usersTable.avatarUrl,
    })
    .from(usersTable)
    .where(
      search
        ? or(ilike(usersTable.name, likePattern(search)), ilike(usersTable.email, likePattern(search)))
        : undefined,
    )
    .orderBy(asc(usersTable.name), asc(usersTable.id))
    .limit(limit)
    .offset(offset);
}
