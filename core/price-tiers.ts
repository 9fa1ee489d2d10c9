import { monthNames, todayIso } from './dates';
import { entryTierKinds, type Tier } from './price-tier-schemas';

/*
 * Which tier is on sale now and which comes next, worked out where the page is read (the answer is
 * kept and shared, the day is the reader's): tiers of one kind follow each other in the seller's
 * order, each on sale from its date (or from the start) until its last day or until sold out.
 */

/** '45 €', '45,50 €', '45 USD'. */
export function formatPrice(amount: number, currency = 'EUR'): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace('.', ',');
  return currency === 'EUR' ? `${text} €` : `${text} ${currency}`;
}

/** '1 de febrero' (the year only when it is not the reader's). */
export function formatDayMonth(iso: string, now: Date = new Date()): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const base = `${d} de ${monthNames[m - 1]}`;
  return y === now.getFullYear() ? base : `${base} de ${y}`;
}

const onSaleDay = (tier: Tier) => (tier.on_sale_at ? todayIso(new Date(tier.on_sale_at)) : null);

/** Whether `tier` can be bought on `today` (YYYY-MM-DD). */
export function isOnSale(tier: Tier, now: Date = new Date()): boolean {
  if (tier.sold_out) return false;
  if (tier.on_sale_at && new Date(tier.on_sale_at) > now) return false;
  return !tier.ends_at || tier.ends_at >= todayIso(now);
}

/** The tiers of the kind a page leads with: abonos when there are, else the other entry tiers. */
export function leadingTiers(tiers: readonly Tier[]): Tier[] {
  const ordered = [...tiers].sort((a, b) => a.position - b.position || a.id - b.id);
  const abonos = ordered.filter((t) => t.kind === 'abono');
  return abonos.length > 0 ? abonos : ordered.filter((t) => entryTierKinds.includes(t.kind));
}

export interface TierOutlook {
  current: Tier | null;
  next: Tier | null;
  /** When the next tier starts (YYYY-MM-DD): its on-sale date, else the day after the current one ends. */
  nextFrom: string | null;
  /** Every leading tier sold out or over. */
  soldOut: boolean;
}

export function tierOutlook(tiers: readonly Tier[], now: Date = new Date()): TierOutlook {
  const lead = leadingTiers(tiers);
  const today = todayIso(now);
  const current = lead.find((t) => isOnSale(t, now)) ?? null;
  const after = current ? lead.slice(lead.indexOf(current) + 1) : lead;
  const next = after.find((t) => !t.sold_out && (!t.ends_at || t.ends_at >= today)) ?? null;
  let nextFrom: string | null = null;
  if (next) {
    const starts = onSaleDay(next);
    if (starts && starts > today) nextFrom = starts;
    else if (current?.ends_at) {
      const day = new Date(`${current.ends_at}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1);
      nextFrom = day.toISOString().slice(0, 10);
    }
  }
  return { current, next, nextFrom, soldOut: lead.length > 0 && !current && !next };
}

/** 'gastos incluidos', '+ 4,50 € de gastos' or null when the fees are not known. */
export function feesText(tier: Tier): string | null {
  if (tier.fees_included) return 'gastos incluidos';
  if (tier.fees === null) return null;
  return tier.fees === 0 ? 'sin gastos de gestión' : `+ ${formatPrice(tier.fees, tier.currency)} de gastos`;
}

/** 'Próximo tramo: 65 € desde el 1 de febrero'. */
export function nextTierText(outlook: TierOutlook, now: Date = new Date()): string | null {
  if (!outlook.next) return null;
  const price = formatPrice(outlook.next.price, outlook.next.currency);
  return outlook.nextFrom
    ? `Próximo tramo: ${price} desde el ${formatDayMonth(outlook.nextFrom, now)}`
    : `Próximo tramo: ${price}`;
}
