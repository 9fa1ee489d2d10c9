import { sql } from 'drizzle-orm';
import { formatDate } from '#core/dates';
import { formatPrice } from '#core/lineup-view';
import { PRICE_ALERT_DAYS_DEFAULT, PRICE_ALERT_DAYS_MAX } from '#core/types';
import type { Database, Executor } from '#db/client';
import { alertEventsTable } from '#db/schema';
import { sqlRows } from '../sql-rows';
import { editionSnapshot, festivalEvent, newsworthy, today } from './festival-events';
import { fanOut, favouritersOf } from './fan-out';

/**
 * 'Sube de precio': a favourite's abono tier is about to end (as many days before as each person
 * chose, 3 unless they chose 1 to 14) or has sold out, with the next tier's price when there is
 * one. One event per tier and ending date: a person is told once, on the first run that finds them
 * within their days, even if a run was missed.
 */

interface TierRow {
  id: number;
  edition_id: number;
  name: string;
  price: number;
  currency: string;
  ends_at: string;
  days: number;
}

/** The next abono tier of the edition after `tier` (by the seller's order), for 'después costará'. */
async function nextAbono(tx: Executor, editionId: number, tierId: number) {
  const [next] = await sqlRows<{ name: string; price: number; currency: string }>(
    tx,
    sql`select n.name, n.price::float8 as price, n.currency from edition_price_tiers t
        join edition_price_tiers n on n.edition_id = t.edition_id and n.kind = 'abono' and not n.sold_out
          and (n.position, n.id) > (t.position, t.id)
        where t.id = ${tierId} and t.edition_id = ${editionId}
        order by n.position, n.id limit 1`,
  );
  return next;
}

const then = (next: Awaited<ReturnType<typeof nextAbono>>) =>
  next ? `el siguiente tramo cuesta ${formatPrice(next.price, next.currency)}` : 'después sube de precio o se acaba';

/** The scheduled run: abono tiers on sale that end within the longest days anyone may choose. */
export async function sendPriceAlerts(database: Database, now = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const tiers = await sqlRows<TierRow>(
    database,
    sql`select t.id, t.edition_id, t.name, t.price::float8 as price, t.currency, t.ends_at::text as ends_at,
          (t.ends_at - ${day}::date) as days
        from edition_price_tiers t
        join festival_editions e on e.id = t.edition_id
        join festivals f on f.current_edition_id = e.id and f.status = 'approved'
        where t.kind = 'abono' and not t.sold_out and t.ends_at between ${day}::date and ${day}::date + ${PRICE_ALERT_DAYS_MAX}::int
          and (t.on_sale_at is null or t.on_sale_at <= ${now.toISOString()}::timestamptz)`,
  );
  let sent = 0;
  for (const tier of tiers) {
    const fired = await database.transaction(async (tx) => {
      // One run per tier and day left: each run tells those whose chosen days have now been reached.
      const marked = await tx
        .insert(alertEventsTable)
        .values({ eventKey: `price-rise:${tier.id}:${tier.ends_at}:${tier.days}` })
        .onConflictDoNothing()
        .returning();
      if (marked.length === 0) return false;
      const edition = (await editionSnapshot(tx, tier.edition_id))!;
      const when = tier.days === 0 ? 'hoy' : tier.days === 1 ? 'mañana' : `el ${formatDate(tier.ends_at)}`;
      const next = then(await nextAbono(tx, tier.edition_id, tier.id));
      const price = formatPrice(tier.price, tier.currency);
      const message = `El ${tier.name} de ${edition.festivalName} (${price}) acaba ${when}: ${next}.`;
      await fanOut(
        tx,
        festivalEvent(edition, {
          key: `price-rise:${tier.id}:${tier.ends_at}`,
          type: 'price_rise',
          message,
          subject: `${edition.festivalName}: el ${tier.name} acaba ${when}`,
          paragraphs: [message],
        }),
        sql`select f.user_id from favorites f left join user_preferences p on p.user_id = f.user_id
            where f.festival_id = ${edition.festivalId}
              and coalesce(p.price_alert_days, ${PRICE_ALERT_DAYS_DEFAULT}::int) >= ${tier.days}::int`,
      );
      return true;
    });
    if (fired) sent++;
  }
  return sent;
}

/** After an edition's tiers were written: an abono tier that went from on sale to sold out. */
export async function announceTierSoldOut(
  tx: Executor,
  editionId: number,
  before: { id: number; kind: string; sold_out: boolean }[],
  after: { id: number; kind: string; name: string; sold_out: boolean }[],
): Promise<void> {
  const edition = await editionSnapshot(tx, editionId);
  if (!edition || !newsworthy(edition, today())) return;
  const wasOnSale = new Set(before.filter((t) => !t.sold_out).map((t) => t.id));
  for (const tier of after.filter((t) => t.kind === 'abono' && t.sold_out && wasOnSale.has(t.id))) {
    const message = `Se ha agotado el ${tier.name} de ${edition.festivalName}: ${then(await nextAbono(tx, editionId, tier.id))}.`;
    await fanOut(
      tx,
      festivalEvent(edition, {
        key: `price-rise:${tier.id}:sold-out`,
        type: 'price_rise',
        message,
        subject: `${edition.festivalName}: se ha agotado el ${tier.name}`,
        paragraphs: [message],
      }),
      favouritersOf(edition.festivalId),
    );
  }
}
