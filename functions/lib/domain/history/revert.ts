import { eq } from 'drizzle-orm';
import type { AdminFestival } from '#core/festival-schemas';
import type { EditionInput, LineupEntryInput, TicketsInput } from '#core/lineup-schemas';
import type { TiersInput } from '#core/price-tier-schemas';
import type { AccessibilityInput, ConditionsInput } from '#core/trip-fact-schemas';
import type { Database } from '#db/client';
import { festivalChangesTable } from '#db/schema';
import { conflict, notFound, pgConstraint, pgErrorCode } from '../../errors';
import { deleteEdition, updateEdition } from '../editions/write-editions';
import { replaceLineup, setTickets } from '../editions/write-lineups';
import { replaceTiers, sourceForm, tiersForm } from '../editions/write-tiers';
import { accessibilityForm, conditionsForm, setAccessibility, setConditions } from '../editions/write-trip-facts';
import { editFestival } from '../festivals/write-festivals';
import { writeSetState } from '../organizers/live-changes';
import type { SetState } from '../organizers/set-change-deliveries';
import { revertible, type Actor } from './changes';

export const ALREADY_REVERTED = 'Este cambio ya se deshizo.';

/**
 * POST /api/admin/changes/{id}/revert: writes a change's before values back through the same
 * domain write that made it, so alerts, caches and the history follow as for any edit (the new
 * change names the one it undoes; the database takes one revert per change). Only the fields that
 * change touched go back: later edits of other fields stay.
 */
export async function revertChange(database: Database, admin: Actor, id: number): Promise<number> {
  const [change] = await database.select().from(festivalChangesTable).where(eq(festivalChangesTable.id, id));
  if (!change) throw notFound('Cambio no encontrado', 'change_not_found');
  if (!revertible(change)) throw conflict('Este cambio no se puede deshacer.', 'change_not_revertible');
  const [undone] = await database
    .select({ id: festivalChangesTable.id })
    .from(festivalChangesTable)
    .where(eq(festivalChangesTable.revertsId, id));
  if (undone) throw conflict(ALREADY_REVERTED, 'change_reverted');
  const options = { revertsId: id };
  const before = (change.before ?? {}) as Record<string, unknown>;
  try {
    switch (change.entity) {
      case 'festival':
        await editFestival(
          database,
          admin,
          change.entityId,
          before as Partial<AdminFestival>,
          new Set(change.fields),
          options,
        );
        break;
      case 'edition':
        if (change.action === 'create') await deleteEdition(database, change.entityId, admin, options);
        else await updateEdition(database, change.entityId, before as unknown as EditionInput, admin, options);
        break;
      case 'lineup':
        await replaceLineup(
          database,
          change.entityId,
          (before.lineup as (LineupEntryInput & { artist_name?: string })[]).map(
            ({ artist_name: _name, ...entry }) => entry,
          ),
          admin,
          options,
        );
        break;
      case 'tickets':
        await setTickets(database, change.entityId, before as unknown as TicketsInput, admin, options);
        break;
      // A group of facts is written whole: the fields this change touched go back over the group as it is now.
      case 'tiers': {
        const now = {
          tiers: await tiersForm(database, change.entityId),
          ...(await sourceForm(database, change.entityId, 'tiers')),
        };
        await replaceTiers(database, change.entityId, { ...now, ...before } as unknown as TiersInput, admin, options);
        break;
      }
      case 'conditions': {
        const now = (await conditionsForm(database, change.entityId)) ?? {};
        await setConditions(
          database,
          change.entityId,
          { ...now, ...before } as unknown as ConditionsInput,
          admin,
          options,
        );
        break;
      }
      case 'accessibility': {
        const now = (await accessibilityForm(database, change.entityId)) ?? {};
        const merged = { ...now, ...before } as unknown as AccessibilityInput;
        await setAccessibility(database, change.entityId, merged, admin, options);
        break;
      }
      case 'set':
        await writeSetState(database, admin, change.entityId, () => before as unknown as SetState, options);
        break;
    }
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'festival_changes_reverts_key')
      throw conflict(ALREADY_REVERTED, 'change_reverted');
    throw error;
  }
  return change.festivalId;
}
