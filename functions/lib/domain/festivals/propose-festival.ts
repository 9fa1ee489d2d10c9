import { and, count, eq, or } from 'drizzle-orm';
import { festivalDedupeKey } from '#core/festival-key';
import type { ProposeFestival } from '#core/festival-schemas';
import type { Database } from '#db/client';
import { festivalsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { tooMany } from '../../errors';
import { addProposedLineup } from '../editions/write-editions';
import { duplicateFestival, rethrowDuplicateFestival } from './duplicates';
import { insertFestival } from './festival-row-writes';

/**
 * Proposals one user may have waiting for moderation at once: enough for an honest user, and a
 * bound on what one account can pile into the admins' queue (the rate limit 'propose' bounds the
 * pace).
 */
export const MAX_PENDING_PROPOSALS = 10;
export const TOO_MANY_PENDING_MESSAGE =
  'Tienes demasiados festivales pendientes de revisión. Espera a que un administrador revise tus propuestas antes de proponer más.';

/**
 * Stores `user`'s proposal as pending and returns its id. Answers 409 when an
 * approved festival or one of the user's own pending proposals has the same name and location; a
 * pending proposal of someone else never blocks it and is never mentioned (that user's proposal
 * is not public): both wait side by side and the admins see them as possible duplicates.
 */
export async function proposeFestival(
  database: Database,
  user: Pick<AuthUser, 'id'>,
  input: ProposeFestival,
): Promise<number> {
  const key = festivalDedupeKey(input.name, input.location);
  try {
    return await database.transaction(async (tx) => {
      // One proposal of this user at a time, so the cap below holds under concurrent requests.
      await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, user.id)).for('update');
      const [clash] = await tx
        .select({ id: festivalsTable.id })
        .from(festivalsTable)
        .where(
          and(
            eq(festivalsTable.dedupeKey, key),
            or(
              eq(festivalsTable.status, 'approved'),
              and(eq(festivalsTable.status, 'pending'), eq(festivalsTable.proposedBy, user.id)),
            ),
          ),
        )
        .limit(1);
      if (clash) throw duplicateFestival();
      const [pending] = await tx
        .select({ n: count() })
        .from(festivalsTable)
        .where(and(eq(festivalsTable.proposedBy, user.id), eq(festivalsTable.status, 'pending')));
      if (pending.n >= MAX_PENDING_PROPOSALS) throw tooMany(TOO_MANY_PENDING_MESSAGE, 'too_many_pending');
      const id = await insertFestival(
        tx,
        {
          name: input.name,
          location: input.location,
          description: input.description,
          startDate: input.start_date,
          endDate: input.end_date,
          website: input.website,
          status: 'pending',
          proposedBy: user.id,
        },
        input.genres,
      );
      await addProposedLineup(tx, id, input);
      return id;
    });
  } catch (error) {
    // The last guard against concurrent proposals: the duplicate keys themselves.
    rethrowDuplicateFestival(error);
  }
}
