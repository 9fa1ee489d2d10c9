import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatDate, formatDateRange } from '#core/dates';
import { festivalPath } from '#core/share';
import type { Executor } from '#db/client';
import { artistFollowsTable, artistsTable, festivalEditionsTable, festivalsTable } from '#db/schema';
import { siteUrl } from '../../mail/site-url';
import { fanOut, favouritersOf, followersOf, type AlertEvent } from './fan-out';

/** An edition as its alerts need it: its festival (name, page, whether it is public) and dates. */
export interface EditionSnapshot {
  id: number;
  festivalId: number;
  festivalName: string;
  festivalApproved: boolean;
  startDate: string;
  endDate: string | null;
  status: 'announced' | 'confirmed' | 'cancelled';
}

export async function editionSnapshot(tx: Executor, editionId: number): Promise<EditionSnapshot | undefined> {
  const [row] = await tx
    .select({
      id: festivalEditionsTable.id,
      festivalId: festivalEditionsTable.festivalId,
      festivalName: festivalsTable.name,
      festivalApproved: sql<boolean>`${festivalsTable.status} = 'approved'`,
      startDate: festivalEditionsTable.startDate,
      endDate: festivalEditionsTable.endDate,
      status: festivalEditionsTable.status,
    })
    .from(festivalEditionsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, festivalEditionsTable.festivalId))
    .where(eq(festivalEditionsTable.id, editionId));
  return row;
}

/**
 * Only a public festival's editions that have not ended are news: a pending proposal has no
 * followers to tell, and nobody needs to hear that last year's lineup was corrected.
 */
export function newsworthy(edition: EditionSnapshot, today: string): boolean {
  return edition.festivalApproved && (edition.endDate ?? edition.startDate) >= today;
}

export const today = () => new Date().toISOString().slice(0, 10);

export function festivalEvent(
  edition: EditionSnapshot,
  e: { key: string; type: AlertEvent['type']; message: string; subject: string; paragraphs: string[] },
): AlertEvent {
  const path = festivalPath(edition.festivalId, edition.festivalName);
  return {
    eventKey: e.key,
    type: e.type,
    message: e.message,
    url: path,
    payload: {
      subject: e.subject,
      heading: edition.festivalName,
      paragraphs: e.paragraphs,
      action: { label: 'Ver el festival', url: siteUrl(path) },
      reason: `Recibes este aviso porque ${edition.festivalName} está entre tus favoritos en Festivales.`,
    },
  };
}

/** A new edition or new dates of an existing one: 'dates announced or changed'; a cancellation. */
export async function announceEditionChange(
  tx: Executor,
  before: EditionSnapshot | undefined,
  after: EditionSnapshot,
): Promise<void> {
  if (!newsworthy(after, today())) return;
  const recipients = favouritersOf(after.festivalId);
  if (after.status === 'cancelled') {
    if (before?.status === 'cancelled') return;
    const message = `${after.festivalName} (${formatDateRange(after.startDate, after.endDate)}) se ha cancelado.`;
    await fanOut(
      tx,
      festivalEvent(after, {
        key: `edition:${after.id}:cancelled`,
        type: 'festival_cancelled',
        message,
        subject: `${after.festivalName} se ha cancelado`,
        paragraphs: [message],
      }),
      recipients,
    );
    return;
  }
  if (before && before.startDate === after.startDate && before.endDate === after.endDate) return;
  const range = formatDateRange(after.startDate, after.endDate);
  const message = before
    ? `${after.festivalName} cambia de fechas: ahora ${range}.`
    : `${after.festivalName} anuncia fechas: ${range}.`;
  await fanOut(
    tx,
    festivalEvent(after, {
      key: `edition:${after.id}:dates:${after.startDate}:${after.endDate ?? ''}`,
      type: 'festival_dates',
      message,
      subject: before ? `Nuevas fechas de ${after.festivalName}` : `${after.festivalName} anuncia fechas`,
      paragraphs: [message],
    }),
    recipients,
  );
}

/**
 * Artists added to a lineup: one alert to the festival's favouriters naming them, and one per
 * added artist to that artist's followers.
 */
export async function announceLineupAdditions(
  tx: Executor,
  edition: EditionSnapshot,
  addedArtistIds: number[],
): Promise<void> {
  if (addedArtistIds.length === 0 || !newsworthy(edition, today())) return;
  const artists = await tx
    .select({ id: artistsTable.id, name: artistsTable.name })
    .from(artistsTable)
    .where(inArray(artistsTable.id, addedArtistIds));
  const names = artists.map((a) => a.name);
  const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} y ${names.length - 5} más` : names.join(', ');
  const ids = [...addedArtistIds].sort((a, b) => a - b).join(',');
  const digest = createHash('sha256').update(ids).digest('hex').slice(0, 16);
  const message = `Nuevos artistas en el cartel de ${edition.festivalName}: ${shown}.`;
  await fanOut(
    tx,
    festivalEvent(edition, {
      key: `edition:${edition.id}:lineup:${digest}`,
      type: 'lineup',
      message,
      subject: `Novedades en el cartel de ${edition.festivalName}`,
      paragraphs: [message],
    }),
    favouritersOf(edition.festivalId),
  );
  // Only the added artists someone follows cost a fan-out.
  const followed = await tx
    .selectDistinct({ artistId: artistFollowsTable.artistId })
    .from(artistFollowsTable)
    .where(inArray(artistFollowsTable.artistId, addedArtistIds));
  const followedIds = new Set(followed.map((r) => r.artistId));
  const range = formatDateRange(edition.startDate, edition.endDate);
  for (const artist of artists.filter((a) => followedIds.has(a.id))) {
    const line = `${artist.name} tocará en ${edition.festivalName} (${range}).`;
    await fanOut(
      tx,
      {
        ...festivalEvent(edition, {
          key: `artist:${artist.id}:edition:${edition.id}`,
          type: 'artist_booked',
          message: line,
          subject: `${artist.name} en ${edition.festivalName}`,
          paragraphs: [line],
        }),
        payload: {
          subject: `${artist.name} en ${edition.festivalName}`,
          heading: artist.name,
          paragraphs: [line],
          action: { label: 'Ver el festival', url: siteUrl(festivalPath(edition.festivalId, edition.festivalName)) },
          reason: `Recibes este aviso porque sigues a ${artist.name} en Festivales.`,
        },
      },
      followersOf(artist.id),
    );
  }
}

export interface TicketsState {
  ticketUrl: string | null;
  onSaleAt: Date | null;
  soldOut: boolean;
}

/** Tickets on sale (a ticket link or a sale date appears) and sold out (from false to true). */
export async function announceTicketChange(
  tx: Executor,
  edition: EditionSnapshot,
  before: TicketsState | undefined,
  after: TicketsState,
): Promise<void> {
  if (!newsworthy(edition, today())) return;
  const recipients = favouritersOf(edition.festivalId);
  const wasOnSale = Boolean(before && (before.ticketUrl || before.onSaleAt));
  if (!wasOnSale && (after.ticketUrl || after.onSaleAt) && !after.soldOut) {
    const when =
      after.onSaleAt && after.onSaleAt.getTime() > Date.now()
        ? `a partir del ${formatDate(after.onSaleAt.toISOString().slice(0, 10))}`
        : 'ya';
    const message = `Las entradas de ${edition.festivalName} están a la venta ${when}.`.replace(
      'a la venta ya',
      'ya a la venta',
    );
    await fanOut(
      tx,
      festivalEvent(edition, {
        key: `edition:${edition.id}:tickets-on-sale`,
        type: 'tickets_on_sale',
        message,
        subject: `Entradas de ${edition.festivalName} a la venta`,
        paragraphs: [message],
      }),
      recipients,
    );
  }
  if (after.soldOut && !before?.soldOut) {
    const message = `Las entradas de ${edition.festivalName} se han agotado.`;
    await fanOut(
      tx,
      festivalEvent(edition, {
        key: `edition:${edition.id}:sold-out`,
        type: 'sold_out',
        message,
        subject: `${edition.festivalName}: entradas agotadas`,
        paragraphs: [message],
      }),
      recipients,
    );
  }
}

/** Every edition of a festival, to compare before and after a write that may move dates (the festival form's dates become an edition's). */
export async function festivalEditionSnapshots(tx: Executor, festivalId: number): Promise<EditionSnapshot[]> {
  const ids = await tx
    .select({ id: festivalEditionsTable.id })
    .from(festivalEditionsTable)
    .where(eq(festivalEditionsTable.festivalId, festivalId));
  const snapshots = await Promise.all(ids.map((r) => editionSnapshot(tx, r.id)));
  return snapshots.filter((s): s is EditionSnapshot => Boolean(s));
}

/** After a festival's own form was saved: alerts for each edition whose dates or status it changed, or that it created. */
export async function announceFestivalEditionChanges(
  tx: Executor,
  festivalId: number,
  before: EditionSnapshot[],
): Promise<void> {
  const previous = new Map(before.map((e) => [e.id, e]));
  for (const edition of await festivalEditionSnapshots(tx, festivalId)) {
    // A festival approved in the same save is not news to anyone yet: nobody could favourite it.
    if (!before.some((e) => e.festivalApproved) && before.length > 0) continue;
    await announceEditionChange(tx, previous.get(edition.id), edition);
  }
}
