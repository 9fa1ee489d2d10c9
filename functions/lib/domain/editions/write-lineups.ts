import { asc, eq, sql } from 'drizzle-orm';
import type { LineupEntryInput, TicketsInput } from '#core/lineup-schemas';
import type { Database, Executor } from '#db/client';
import { artistsTable, editionTicketsTable, festivalEditionsTable, lineupEntriesTable } from '#db/schema';
import { recordAudit } from '../audit/audit';
import { badRequest, conflict } from '../../errors';
import { written } from '../../cache/written';
import { resolveArtistNames } from '../artists/write-artists';
import { announceLineupAdditions, announceTicketChange, editionSnapshot } from '../alerts/festival-events';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { editionNotFound } from './write-editions';
import { sqlRows } from '../sql-rows';

/** The edition, locked until the transaction ends (a lineup or tickets replace waits for the one before). */
export async function lockEdition(tx: Executor, id: number) {
  const [edition] = await tx
    .select({
      id: festivalEditionsTable.id,
      festivalId: festivalEditionsTable.festivalId,
      startDate: festivalEditionsTable.startDate,
      endDate: festivalEditionsTable.endDate,
    })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.id, id))
    .for('update');
  if (!edition) throw editionNotFound();
  return edition;
}

/** An edition's lineup as PUT .../lineup takes it (artists by id, names for the reader): the history's values. */
async function lineupForm(tx: Executor, editionId: number) {
  const rows = await tx
    .select({
      artist_id: lineupEntriesTable.artistId,
      artist_name: artistsTable.name,
      billing: lineupEntriesTable.billing,
      day: lineupEntriesTable.day,
      stage: lineupEntriesTable.stage,
      starts_at: lineupEntriesTable.startsAt,
      ends_at: lineupEntriesTable.endsAt,
    })
    .from(lineupEntriesTable)
    .innerJoin(artistsTable, eq(artistsTable.id, lineupEntriesTable.artistId))
    .where(eq(lineupEntriesTable.editionId, editionId))
    .orderBy(asc(lineupEntriesTable.position));
  return rows.map((r) => ({
    ...r,
    starts_at: r.starts_at?.toISOString() ?? null,
    ends_at: r.ends_at?.toISOString() ?? null,
  }));
}

/**
 * PUT /api/admin/editions/{id}/lineup (and the organisers' route of the same name): the whole
 * lineup replaced in one transaction. Names resolve to existing artists by their key, or create
 * them. A fixed number of queries whatever the length. Returns the artists created.
 */
export async function replaceLineup(
  database: Database,
  id: number,
  lineup: LineupEntryInput[],
  actor: Actor,
  options: WriteOptions = {},
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
    const before = await lineupForm(tx, id);
    const names = lineup.filter((e) => e.artist_id === undefined).map((e) => e.artist_name!);
    const ids = lineup.filter((e) => e.artist_id !== undefined).map((e) => e.artist_id!);
    const resolved = await resolveArtistNames(tx, names, ids);
    await tx.delete(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, id));
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
    const linked = await fillPastedLinks(
      tx,
      lineup.map((entry) => ({ id: entry.artist_id ?? resolved.byName.get(entry.artist_name!)!, links: entry.links })),
    );
    // The edition's updated_at says when its lineup last changed (the answers kept from it follow
    // their versions, which the lineup's own triggers move).
    await tx.update(festivalEditionsTable).set({ updatedAt: new Date() }).where(eq(festivalEditionsTable.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'set_lineup',
      entity: 'edition',
      entityId: id,
      details: { entries: lineup.length, created: resolved.created },
    });
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'lineup',
      entityId: id,
      action: 'update',
      before: { lineup: before },
      after: { lineup: await lineupForm(tx, id) },
      revertsId: options.revertsId,
    });
    const had = new Set(before.map((p) => p.artist_id));
    const added = [
      ...new Set(lineup.map((entry) => entry.artist_id ?? resolved.byName.get(entry.artist_name!)!)),
    ].filter((artistId) => !had.has(artistId));
    await announceLineupAdditions(tx, (await editionSnapshot(tx, id))!, added);
    return { created: resolved.created, festivalId: edition.festivalId, linked };
  });
  written('edition', result.festivalId);
  for (const artistId of result.linked) written('artist', artistId);
  return { created: result.created };
}

export const TICKETS_FROM_TIERS =
  'Las entradas de esta edición se calculan a partir de sus tramos de precio: edita los tramos.';

/** Whether the edition's tickets come from its tiers (then they are not set by hand). */
export async function refuseTicketsWhenTiered(tx: Executor, editionId: number): Promise<void> {
  const [row] = await sqlRows<{ tiered: boolean }>(
    tx,
    sql`select exists (select 1 from edition_price_tiers where edition_id = ${editionId}
      and kind in ('abono', 'dia', 'vip', 'otro')) as tiered`,
  );
  if (row?.tiered) throw conflict(TICKETS_FROM_TIERS, 'tickets_from_tiers');
}

/** An edition's tickets as PUT .../tickets takes them, or null when it has none. */
async function ticketsForm(tx: Executor, editionId: number) {
  const [row] = await tx.select().from(editionTicketsTable).where(eq(editionTicketsTable.editionId, editionId));
  return row
    ? {
        price_from: row.priceFrom,
        price_to: row.priceTo,
        currency: row.currency,
        ticket_url: row.ticketUrl,
        on_sale_at: row.onSaleAt?.toISOString() ?? null,
        sold_out: row.soldOut,
      }
    : null;
}

/** PUT /api/admin/editions/{id}/tickets (and the organisers' route of the same name). */
export async function setTickets(
  database: Database,
  id: number,
  input: TicketsInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const edition = await lockEdition(tx, id);
    await refuseTicketsWhenTiered(tx, id);
    const before = await ticketsForm(tx, id);
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
      actorId: actor.id,
      action: 'set_tickets',
      entity: 'edition',
      entityId: id,
      details: { price_from: input.price_from, sold_out: input.sold_out },
    });
    const after = await ticketsForm(tx, id);
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'tickets',
      entityId: id,
      action: 'update',
      before: before ?? {
        price_from: null,
        price_to: null,
        currency: 'EUR',
        ticket_url: null,
        on_sale_at: null,
        sold_out: false,
      },
      after,
      revertsId: options.revertsId,
    });
    await announceTicketChange(
      tx,
      (await editionSnapshot(tx, id))!,
      before
        ? {
            ticketUrl: before.ticket_url,
            onSaleAt: before.on_sale_at ? new Date(before.on_sale_at) : null,
            soldOut: before.sold_out,
          }
        : undefined,
      { ticketUrl: values.ticketUrl ?? null, onSaleAt: values.onSaleAt, soldOut: values.soldOut ?? false },
    );
    return edition.festivalId;
  });
  written('edition', festivalId);
}

const linkColumns = [
  'website',
  'instagram',
  'soundcloud',
  'spotify',
  'resident_advisor',
  'bandcamp',
  'youtube',
] as const;

/**
 * Profile addresses pasted with the lineup fill the artists' links that are still empty (one
 * statement); a link an admin already set is never replaced by a paste.
 */
async function fillPastedLinks(tx: Executor, entries: { id: number; links?: LineupEntryInput['links'] }[]) {
  const given = entries.filter((e) => e.links && linkColumns.some((c) => e.links![c]));
  if (given.length === 0) return [];
  const rows = sql.join(
    given.map(
      (e) =>
        sql`(${e.id}::integer, ${sql.join(
          linkColumns.map((c) => sql`${e.links![c] ?? null}::text`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update artists a set
      website = coalesce(a.website, p.website), instagram = coalesce(a.instagram, p.instagram),
      soundcloud = coalesce(a.soundcloud, p.soundcloud), spotify = coalesce(a.spotify, p.spotify),
      resident_advisor = coalesce(a.resident_advisor, p.resident_advisor), bandcamp = coalesce(a.bandcamp, p.bandcamp),
      youtube = coalesce(a.youtube, p.youtube), updated_at = now()
    from (values ${rows}) as p(id, ${sql.raw(linkColumns.join(', '))})
    where a.id = p.id`);
  return given.map((e) => e.id);
}
