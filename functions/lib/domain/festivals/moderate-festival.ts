import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound } from '../../errors';
import { notify } from '../notifications/notifications';
import { announceApprovedFestival } from '../alerts/saved-search-events';
import { alreadyModerated, festivalDecisionMessage, movePending, recordDecision } from '../moderation';
import { approvedTwin, approvedTwinConflict, isDuplicateFestival } from './duplicates';
import { written } from '../../cache/written';
import { FESTIVAL_NOT_FOUND } from './festival-access';

/**
 * Approves or rejects proposed festival `id` (pending only): its proposer is told, an approval
 * reaches the saved searches it matches, and a twin already approved under the same name and
 * location makes the approval a 409 that names it.
 */
export async function decideFestival(
  database: Database,
  admin: AuthUser,
  id: number,
  status: 'approved' | 'rejected',
): Promise<void> {
  await database
    .transaction(async (tx) => {
      const moved = await movePending({
        move: () =>
          tx
            .update(festivalsTable)
            .set({ status, updatedAt: new Date() })
            .where(and(eq(festivalsTable.id, id), eq(festivalsTable.status, 'pending')))
            .returning({ name: festivalsTable.name, proposedBy: festivalsTable.proposedBy }),
        current: () =>
          tx.select({ status: festivalsTable.status }).from(festivalsTable).where(eq(festivalsTable.id, id)),
        missing: () => notFound(FESTIVAL_NOT_FOUND, 'festival_not_found'),
        decided: (current) => alreadyModerated('festival', current),
      });
      if (moved.proposedBy) await notify(tx, moved.proposedBy, 'festival', festivalDecisionMessage(moved.name, status));
      if (status === 'approved') await announceApprovedFestival(tx, id);
      await recordDecision(tx, admin.id, status, 'festival', id, { name: moved.name, proposed_by: moved.proposedBy });
    })
    .catch(async (error: unknown) => {
      // festivals_dedupe_approved_key: one approved festival per name and location.
      if (!isDuplicateFestival(error)) throw error;
      throw approvedTwinConflict(await approvedTwin(database, id));
    });
  written('festival', id);
}
