import { and, count, eq, ne } from 'drizzle-orm';
import type { EditionInput } from '#core/lineup-schemas';
import type { Database, Executor } from '#db/client';
import { editionTicketsTable, festivalEditionsTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import { recordAudit } from '../audit/audit';
import { conflict, notFound, pgConstraint, pgErrorCode } from '../../errors';
import { written } from '../../cache/written';
import { resolveArtistNames } from '../artists/write-artists';
import { announceEditionChange, editionSnapshot } from '../alerts/festival-events';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';

export const EDITION_NOT_FOUND = 'Edición no encontrada';
export const DUPLICATE_EDITION = 'Ya existe una edición de ese año para este festival.';
export const LAST_EDITION = 'Un festival necesita al menos una edición: crea otra antes de eliminar esta.';

export const editionNotFound = () => notFound(EDITION_NOT_FOUND, 'edition_not_found');

/** The unique key (festival, year) answers 409; anything else goes on. */
function duplicateYear(error: unknown): never {
  if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'festival_editions_festival_year_key') {
    throw conflict(DUPLICATE_EDITION, 'duplicate_edition');
  }
  throw error;
}

const editionValues = (input: EditionInput) => ({
  year: input.year,
  startDate: input.start_date,
  endDate: input.end_date,
  status: input.status,
  notes: input.notes,
});

/** An edition's fields in the API's names (the history's before and after, what a revert sends back). */
async function editionForm(tx: Executor, id: number): Promise<(EditionInput & { festival_id: number }) | undefined> {
  const [row] = await tx.select().from(festivalEditionsTable).where(eq(festivalEditionsTable.id, id));
  return row
    ? {
        festival_id: row.festivalId,
        year: row.year,
        start_date: row.startDate,
        end_date: row.endDate,
        status: row.status,
        notes: row.notes,
      }
    : undefined;
}

const withoutFestival = ({ festival_id: _festival, ...form }: EditionInput & { festival_id: number }) => form;

/** POST /api/admin/festivals/{id}/editions: a new year of the festival; its dates become the festival's if it is now the current edition. */
export async function createEdition(
  database: Database,
  festivalId: number,
  input: EditionInput,
  actor: Actor,
): Promise<number> {
  const id = await database
    .transaction(async (tx) => {
      const [festival] = await tx
        .select({ id: festivalsTable.id })
        .from(festivalsTable)
        .where(eq(festivalsTable.id, festivalId));
      if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
      const [row] = await tx
        .insert(festivalEditionsTable)
        .values({ festivalId, ...editionValues(input) })
        .returning({ id: festivalEditionsTable.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'edition',
        entityId: row.id,
        details: { festival_id: festivalId, year: input.year },
      });
      await recordChange(tx, {
        festivalId,
        actor,
        entity: 'edition',
        entityId: row.id,
        action: 'create',
        before: null,
        after: withoutFestival((await editionForm(tx, row.id))!),
      });
      await announceEditionChange(tx, undefined, (await editionSnapshot(tx, row.id))!);
      return row.id;
    })
    .catch(duplicateYear);
  written('edition', festivalId);
  return id;
}

/** PUT /api/admin/editions/{id} */
export async function updateEdition(
  database: Database,
  id: number,
  input: EditionInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  await database
    .transaction(async (tx) => {
      await tx
        .select({ id: festivalEditionsTable.id })
        .from(festivalEditionsTable)
        .where(eq(festivalEditionsTable.id, id))
        .for('update');
      const before = await editionSnapshot(tx, id);
      const formBefore = await editionForm(tx, id);
      const rows = await tx
        .update(festivalEditionsTable)
        .set({ ...editionValues(input), updatedAt: new Date() })
        .where(eq(festivalEditionsTable.id, id))
        .returning({ id: festivalEditionsTable.id });
      if (rows.length === 0) throw editionNotFound();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'edition',
        entityId: id,
        details: { year: input.year },
      });
      await recordChange(tx, {
        festivalId: formBefore!.festival_id,
        actor,
        entity: 'edition',
        entityId: id,
        action: 'update',
        before: withoutFestival(formBefore!),
        after: withoutFestival((await editionForm(tx, id))!),
        revertsId: options.revertsId,
      });
      await announceEditionChange(tx, before, (await editionSnapshot(tx, id))!);
    })
    .catch(duplicateYear);
  written('edition');
}

/** DELETE /api/admin/editions/{id}: its lineup and tickets go with it; a festival's last edition stays. */
export async function deleteEdition(
  database: Database,
  id: number,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const [edition] = await tx
      .select({ festivalId: festivalEditionsTable.festivalId, year: festivalEditionsTable.year })
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.id, id));
    if (!edition) throw editionNotFound();
    // Edits of one festival's editions queue here, so two deletions cannot both leave it without any.
    await tx
      .select({ id: festivalsTable.id })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, edition.festivalId))
      .for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(festivalEditionsTable)
      .where(and(eq(festivalEditionsTable.festivalId, edition.festivalId), ne(festivalEditionsTable.id, id)));
    if (others.n === 0) throw conflict(LAST_EDITION, 'last_edition');
    const formBefore = (await editionForm(tx, id))!;
    await tx.delete(festivalEditionsTable).where(eq(festivalEditionsTable.id, id));
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'edition',
      entityId: id,
      action: 'delete',
      before: withoutFestival(formBefore),
      after: null,
      revertsId: options.revertsId,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'edition',
      entityId: id,
      details: { festival_id: edition.festivalId, year: edition.year },
    });
    return edition.festivalId;
  });
  written('edition', festivalId);
}

/** The edition's festival, for routes that answer with the festival's editions. */
export async function editionFestivalId(database: Database, id: number): Promise<number> {
  const [row] = await database
    .select({ festivalId: festivalEditionsTable.festivalId })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.id, id));
  if (!row) throw editionNotFound();
  return row.festivalId;
}

/**
 * A proposal's lineup (artist names) and tickets, stored with the pending festival on the edition
 * its dates created (trigger festivals_dates_to_edition), in the proposal's transaction.
 */
export async function addProposedLineup(
  tx: Executor,
  festivalId: number,
  input: { lineup: string[]; ticket_url: string | null; price_from: number | null },
): Promise<void> {
  if (input.lineup.length === 0 && !input.ticket_url && input.price_from === null) return;
  const [edition] = await tx
    .select({ id: festivalEditionsTable.id })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId))
    .limit(1);
  if (input.lineup.length > 0) {
    const { byName } = await resolveArtistNames(tx, input.lineup, []);
    await tx
      .insert(lineupEntriesTable)
      .values(input.lineup.map((name, position) => ({ editionId: edition.id, artistId: byName.get(name)!, position })));
  }
  if (input.ticket_url || input.price_from !== null) {
    await tx
      .insert(editionTicketsTable)
      .values({ editionId: edition.id, ticketUrl: input.ticket_url, priceFrom: input.price_from });
  }
}
