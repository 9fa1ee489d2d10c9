import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { PriceHistoryItem, TierInput, TiersInput } from '#core/price-tier-schemas';
import type { Database, Executor } from '#db/client';
import {
  editionFactSourcesTable,
  editionPriceHistoryTable,
  editionPriceTiersTable,
  editionTicketsTable,
  festivalEditionsTable,
} from '#db/schema';
import type { AuthUser } from '../../app-env';
import { written } from '../../cache/written';
import { announceTierSoldOut } from '../alerts/price-alerts';
import { unprocessable } from '../../errors';
import { recordAudit } from '../audit/audit';
import { announceTicketChange, editionSnapshot, type TicketsState } from '../alerts/festival-events';
import { requireVisibleFestival } from '../festivals/festival-access';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { editionNotFound } from './write-editions';
import { lockEdition } from './write-lineups';

type FactGroup = (typeof editionFactSourcesTable.$inferInsert)['factGroup'];

/** Who entered a group of facts: an admin, or one of the festival's organisers. */
export const enteredAs = (actor: Actor) => (actor.role === 'admin' ? ('admin' as const) : ('organizer' as const));

/** An edition's tiers as PUT .../tiers takes them (the history's before and after, what a revert sends back). */
export async function tiersForm(tx: Executor, editionId: number) {
  const rows = await tx
    .select()
    .from(editionPriceTiersTable)
    .where(eq(editionPriceTiersTable.editionId, editionId))
    .orderBy(asc(editionPriceTiersTable.position), asc(editionPriceTiersTable.id));
  return rows.map((t) => ({
    id: t.id,
    kind: t.kind,
    name: t.name,
    price: t.price,
    fees: t.fees,
    fees_included: t.feesIncluded,
    currency: t.currency,
    on_sale_at: t.onSaleAt?.toISOString() ?? null,
    ends_at: t.endsAt,
    sold_out: t.soldOut,
    url: t.url,
    position: t.position,
  }));
}

export async function sourceForm(tx: Executor, editionId: number, group: FactGroup) {
  const [row] = await tx
    .select({ source_url: editionFactSourcesTable.sourceUrl, verified_at: editionFactSourcesTable.verifiedAt })
    .from(editionFactSourcesTable)
    .where(and(eq(editionFactSourcesTable.editionId, editionId), eq(editionFactSourcesTable.factGroup, group)));
  return row ?? { source_url: null, verified_at: null };
}

/** What the ticket alerts compare: the edition's tickets as the database derived them. */
async function ticketsState(tx: Executor, editionId: number): Promise<TicketsState | undefined> {
  const [row] = await tx
    .select({
      ticketUrl: editionTicketsTable.ticketUrl,
      onSaleAt: editionTicketsTable.onSaleAt,
      soldOut: editionTicketsTable.soldOut,
    })
    .from(editionTicketsTable)
    .where(eq(editionTicketsTable.editionId, editionId));
  return row;
}

/** Records who entered a group of an edition's facts, from which source, checked when. */
export async function recordFactSource(
  tx: Executor,
  editionId: number,
  group: FactGroup,
  source: { source_url: string | null; verified_at: string | null },
  actor: Actor,
  as: 'admin' | 'organizer' | 'community' = enteredAs(actor),
) {
  const values = {
    sourceUrl: source.source_url,
    verifiedAt: source.verified_at,
    enteredBy: actor.id,
    enteredAs: as,
    updatedAt: new Date(),
  };
  await tx
    .insert(editionFactSourcesTable)
    .values({ editionId, factGroup: group, ...values })
    .onConflictDoUpdate({
      target: [editionFactSourcesTable.editionId, editionFactSourcesTable.factGroup],
      set: values,
    });
}

const tierValues = (tier: TierInput, index: number) => ({
  kind: tier.kind,
  name: tier.name,
  price: tier.price,
  fees: tier.fees_included ? (tier.fees ?? 0) : tier.fees,
  feesIncluded: tier.fees_included,
  currency: tier.currency,
  onSaleAt: tier.on_sale_at ? new Date(tier.on_sale_at) : null,
  endsAt: tier.ends_at,
  soldOut: tier.sold_out,
  url: tier.url,
  position: tier.position ?? index,
  updatedAt: new Date(),
});

/**
 * PUT /api/admin/editions/{id}/tiers (and the organisers' route): the edition's tiers become the
 * list sent. A tier sent with its id is that tier changed (its history goes on), one without an id
 * is new, and the edition's tiers not sent are taken off. One statement writes them all, so the
 * database derives the edition's tickets and keeps the history once (migration price-tiers-functions).
 */
export async function replaceTiers(
  database: Database,
  id: number,
  sent: TiersInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  let input = sent;
  const festivalId = await database.transaction(async (tx) => {
    const edition = await lockEdition(tx, id);
    const before = await tiersForm(tx, id);
    const sourceBefore = await sourceForm(tx, id, 'tiers');
    const ticketsBefore = await ticketsState(tx, id);
    const known = new Set(before.map((t) => t.id));
    // A revert sends back tiers taken off since: they come back as new tiers.
    if (options.revertsId !== undefined)
      input = { ...input, tiers: input.tiers.map((t) => (t.id && !known.has(t.id) ? { ...t, id: undefined } : t)) };
    const stranger = input.tiers.find((t) => t.id !== undefined && !known.has(t.id));
    if (stranger) throw unprocessable(`El tramo ${stranger.id} no es de esta edición.`, 'tier_not_in_edition');
    const kept = input.tiers.flatMap((t) => (t.id === undefined ? [] : [t.id]));
    await tx
      .delete(editionPriceTiersTable)
      .where(
        kept.length > 0
          ? and(eq(editionPriceTiersTable.editionId, id), notInArray(editionPriceTiersTable.id, kept))
          : eq(editionPriceTiersTable.editionId, id),
      );
    if (input.tiers.length > 0) {
      await tx
        .insert(editionPriceTiersTable)
        .values(input.tiers.map((tier, index) => ({ id: tier.id, editionId: id, ...tierValues(tier, index) })))
        .onConflictDoUpdate({
          target: editionPriceTiersTable.id,
          set: Object.fromEntries(
            Object.keys(tierValues(input.tiers[0], 0)).map((key) => [
              key,
              sql.raw(`excluded.${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`),
            ]),
          ),
        });
    }
    await recordFactSource(tx, id, 'tiers', input, actor);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'set_tiers',
      entity: 'edition',
      entityId: id,
      details: { tiers: input.tiers.length },
    });
    const after = await tiersForm(tx, id);
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'tiers',
      entityId: id,
      action: 'update',
      before: { tiers: before, ...sourceBefore },
      after: { tiers: after, ...(await sourceForm(tx, id, 'tiers')) },
      revertsId: options.revertsId,
    });
    const ticketsAfter = await ticketsState(tx, id);
    if (ticketsAfter) await announceTicketChange(tx, (await editionSnapshot(tx, id))!, ticketsBefore, ticketsAfter);
    await announceTierSoldOut(tx, id, before, after);
    return edition.festivalId;
  });
  written('edition', festivalId);
}

/**
 * GET /api/editions/{id}/price-history: every price and availability the edition's tiers have had,
 * oldest first, for an edition of a festival the caller may see (404 otherwise).
 */
export async function priceHistory(
  database: Database,
  editionId: number,
  user: AuthUser | null,
): Promise<{ items: PriceHistoryItem[]; approved: boolean }> {
  const [edition] = await database
    .select({ festivalId: festivalEditionsTable.festivalId })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.id, editionId));
  if (!edition) throw editionNotFound();
  // A hidden festival's edition is as missing as one that does not exist.
  const festival = await requireVisibleFestival(database, edition.festivalId, user).catch(() => {
    throw editionNotFound();
  });
  const approved = festival.status === 'approved';
  const rows = await database
    .select()
    .from(editionPriceHistoryTable)
    .where(eq(editionPriceHistoryTable.editionId, editionId))
    .orderBy(asc(editionPriceHistoryTable.changedAt), asc(editionPriceHistoryTable.id));
  return {
    approved,
    items: rows.map((r) => ({
      tier_id: r.tierId,
      price: r.price,
      fees: r.fees,
      sold_out: r.soldOut,
      changed_at: r.changedAt.toISOString(),
    })),
  };
}
