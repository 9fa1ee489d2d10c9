import { and, count, eq, ne } from 'drizzle-orm';
import type { EditionInput, LineupEntryInput, TicketsInput } from '#core/lineup-schemas';
import type { Database } from '#db/client';
import type { Executor } from '#db/client';
import { editionTicketsTable, festivalEditionsTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import { recordAudit } from '../audit/audit';
import { badRequest, conflict, notFound, pgConstraint, pgErrorCode } from '../../errors';
import { invalidateCatalog } from '../festivals/festival-store';
import { resolveArtistNames } from '../artists/write-artists';
import {
  announceEditionChange,
  announceLineupAdditions,
  announceTicketChange,
  editionSnapshot,
} from '../alerts/festival-events';

export const EDITION_NOT_FOUND = 'Edición no encontrada';
export const DUPLICATE_EDITION = 'Ya existe una edición de ese año para este festival.';
export const LAST_EDITION = 'Un festival necesita al menos una edición: crea otra antes de eliminar esta.';

const editionNotFound = () => notFound(EDITION_NOT_FOUND, 'edition_not_found');

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

/** POST /api/admin/festivals/{id}/editions: a new year of the festival; its dates become the festival's if it is now the current edition. */
export async function createEdition(
  database: Database,
  festivalId: number,
  input: EditionInput,
  actorId: number,
): Promise<number> {
  const id = await database
    .transaction(async (tx) => {
      const [festival] = await tx
        .select({ id: festivalsTable.id })
        .from(festivalsTable)
        .where(eq(festivalsTable.id, festivalId));
      if (!festival) throw notFound('Festival no encontrado', 'festival_not_found');
      const [row] = await tx
        .insert(festivalEditionsTable)
        .values({ festivalId, ...editionValues(input) })
        .returning({ id: festivalEditionsTable.id });
      await recordAudit(tx, {
        actorId,
        action: 'create',
        entity: 'edition',
        entityId: row.id,
        details: { festival_id: festivalId, year: input.year },
      });
      await announceEditionChange(tx, undefined, (await editionSnapshot(tx, row.id))!);
      return row.id;
    })
    .catch(duplicateYear);
  invalidateCatalog();
  return id;
}

/** PUT /api/admin/editions/{id} */
export async function updateEdition(
  database: Database,
  id: number,
  input: EditionInput,
  actorId: number,
): Promise<void> {
  await database
    .transaction(async (tx) => {
      await tx
        .select({ id: festivalEditionsTable.id })
        .from(festivalEditionsTable)
        .where(eq(festivalEditionsTable.id, id))
        .for('update');
      const before = await editionSnapshot(tx, id);
      const rows = await tx
        .update(festivalEditionsTable)
        .set({ ...editionValues(input), updatedAt: new Date() })
        .where(eq(festivalEditionsTable.id, id))
        .returning({ id: festivalEditionsTable.id });
      if (rows.length === 0) throw editionNotFound();
      await recordAudit(tx, {
        actorId,
        action: 'update',
        entity: 'edition',
        entityId: id,
        details: { year: input.year },
      });
      await announceEditionChange(tx, before, (await editionSnapshot(tx, id))!);
    })
    .catch(duplicateYear);
  invalidateCatalog();
}

/** DELETE /api/admin/editions/{id}: its lineup and tickets go with it; a festival's last edition stays. */
export async function deleteEdition(database: Database, id: number, actorId: number): Promise<void> {
  await database.transaction(async (tx) => {
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
    await tx.delete(festivalEditionsTable).where(eq(festivalEditionsTable.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'edition',
      entityId: id,
      details: { festival_id: edition.festivalId, year: edition.year },
    });
  });
  invalidateCatalog();
}

/** The edition, locked until the transaction ends (a lineup or tickets replace waits for the one before). */
async function lockEdition(tx: Executor, id: number) {
  const [edition] = await tx
    .select({
      id: festivalEditionsTable.id,
      startDate: festivalEditionsTable.startDate,
      endDate: festivalEditionsTable.endDate,
    })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.id, id))
    .for('update');
  if (!edition) throw editionNotFound();
  return edition;
}

/**
 * PUT /api/admin/editions/{id}/lineup: the whole lineup replaced in one transaction. Names resolve to
 * existing artists by their key, or create them. A fixed number of queries whatever the length.
 * Returns the artists created.
 */
export async function replaceLineup(
  database: Database,
  id: number,
  lineup: LineupEntryInput[],
  actorId: number,
): Promise<{ created: number }> {
  const result = await database.transaction(async (tx) => {
    const edition = await lockEdition(tx, id);
    const lastDay = edition.endDate ?? edition.startDate;
    lineup.forEach((entry, index) => {
      if (entry.day && (entry.day < edition.startDate || entry.day > lastDay)) {
        throw badRequest(
          `El día de la entrada ${index + 1} (${entry.day}) no cae en las fechas de la edición.`,
          'day_outside_edition',
          [{ path: `lineup.${index}.day`, message: 'El día no cae en las fechas de la edición.' }],
        );
      }
    });
    const names = lineup.filter((e) => e.artist_id === undefined).map((e) => e.artist_name!);
    const ids = lineup.filter((e) => e.artist_id !== undefined).map((e) => e.artist_id!);
    const resolved = await resolveArtistNames(tx, names, ids);
    const previous = await tx
      .delete(lineupEntriesTable)
      .where(eq(lineupEntriesTable.editionId, id))
      .returning({ artistId: lineupEntriesTable.artistId });
    if (lineup.length > 0) {
      await tx.insert(lineupEntriesTable).values(
        lineup.map((entry, position) => ({
          editionId: id,
          artistId: entry.artist_id ?? resolved.byName.get(entry.artist_name!)!,
          position,
          billing: entry.billing,
          day: entry.day,
          stage: entry.stage,
          startsAt: entry.starts_at ? new Date(entry.starts_at) : null,
          endsAt: entry.ends_at ? new Date(entry.ends_at) : null,
        })),
      );
    }
    // The edition's updated_at says when its lineup last changed (the answers kept from it follow
    // their versions, which the lineup's own triggers move).
    await tx.update(festivalEditionsTable).set({ updatedAt: new Date() }).where(eq(festivalEditionsTable.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'set_lineup',
      entity: 'edition',
      entityId: id,
      details: { entries: lineup.length, created: resolved.created },
    });
    const had = new Set(previous.map((p) => p.artistId));
    const added = [
      ...new Set(lineup.map((entry) => entry.artist_id ?? resolved.byName.get(entry.artist_name!)!)),
    ].filter((artistId) => !had.has(artistId));
    await announceLineupAdditions(tx, (await editionSnapshot(tx, id))!, added);
    return { created: resolved.created };
  });
  invalidateCatalog();
  return result;
}

/** PUT /api/admin/editions/{id}/tickets */
export async function setTickets(database: Database, id: number, input: TicketsInput, actorId: number): Promise<void> {
  await database.transaction(async (tx) => {
    await lockEdition(tx, id);
    const [before] = await tx
      .select({
        ticketUrl: editionTicketsTable.ticketUrl,
        onSaleAt: editionTicketsTable.onSaleAt,
        soldOut: editionTicketsTable.soldOut,
      })
      .from(editionTicketsTable)
      .where(eq(editionTicketsTable.editionId, id));
    const values = {
      priceFrom: input.price_from,
      priceTo: input.price_to,
      currency: input.currency,
      ticketUrl: input.ticket_url,
      onSaleAt: input.on_sale_at ? new Date(input.on_sale_at) : null,
      soldOut: input.sold_out,
      updatedAt: new Date(),
    };
    await tx
      .insert(editionTicketsTable)
      .values({ editionId: id, ...values })
      .onConflictDoUpdate({ target: editionTicketsTable.editionId, set: values });
    await recordAudit(tx, {
      actorId,
      action: 'set_tickets',
      entity: 'edition',
      entityId: id,
      details: { price_from: input.price_from, sold_out: input.sold_out },
    });
    await announceTicketChange(tx, (await editionSnapshot(tx, id))!, before, {
      ticketUrl: values.ticketUrl ?? null,
      onSaleAt: values.onSaleAt,
      soldOut: values.soldOut ?? false,
    });
  });
  invalidateCatalog();
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
