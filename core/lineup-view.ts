import { formatDate, parseIsoDate, weekdayNames } from './dates';
import { slugify } from './slug';
import type { EditionStatus } from './lineup-schemas';
import type { LineupEntry, Tickets } from './lineup-types';
import { clockTime, formatter } from './clock';

/** How the web shows a lineup, an edition's status and its tickets: pure, shared by the pages and their tests. */

export const editionStatusLabels: Record<EditionStatus, string> = {
  announced: 'Anunciado',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
};

/** The path of an artist's page; the slug comes from the API (the same rule as festivals' slugs). */
/** An artist's links, in the order the artist page lists them and the admin's form asks for them. */
export const artistLinkLabels = [
  ['website', 'Sitio web'],
  ['instagram', 'Instagram'],
  ['soundcloud', 'SoundCloud'],
  ['spotify', 'Spotify'],
  ['resident_advisor', 'Resident Advisor'],
  ['bandcamp', 'Bandcamp'],
  ['youtube', 'YouTube'],
] as const;

export function artistPath(id: number, slug?: string | null): string {
  const clean = slug ? slugify(slug) : '';
  return clean ? `/artista/${id}/${clean}` : `/artista/${id}`;
}

export interface LineupGroup {
  /** YYYY-MM-DD or null when the day is not known. */
  day: string | null;
  stage: string | null;
  entries: LineupEntry[];
}

export interface LineupView {
  /** In poster order: the organisers choose who tops the bill. */
  headliners: LineupEntry[];
  /** The rest alphabetically, by day then stage when known (unknown day or stage last). */
  groups: LineupGroup[];
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

const nullsLast = (a: string | null, b: string | null, compare: (x: string, y: string) => number) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : compare(a, b);

/** Headliners first, then everyone else alphabetically, grouped by day and stage. */
export function lineupView(entries: readonly LineupEntry[]): LineupView {
  const headliners = entries.filter((e) => e.billing === 'headliner');
  const rest = entries.filter((e) => e.billing !== 'headliner');
  const groups = new Map<string, LineupGroup>();
  for (const entry of rest) {
    const key = `${entry.day ?? ''}\u0000${entry.stage ?? ''}`;
    const group = groups.get(key) ?? { day: entry.day, stage: entry.stage, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => nullsLast(a.day, b.day, (x, y) => x.localeCompare(y)) || nullsLast(a.stage, b.stage, collator.compare),
  );
  for (const group of sorted) group.entries.sort((a, b) => collator.compare(a.artist.name, b.artist.name));
  return { headliners, groups: sorted };
}

/** 'Viernes 10 de julio' for a lineup day. */
export function formatLineupDay(day: string): string {
  const date = parseIsoDate(day);
  if (!date) return day;
  // weekdayNames starts on Monday; getDay() counts from Sunday.
  const weekday = weekdayNames[(date.getDay() + 6) % 7] ?? '';
  const text = formatDate(day).replace(/ de \d{4}$/, '');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${text}`;
}

/** A group's heading: day and stage when known, null when neither is (a poster without groups). */
export function lineupGroupTitle(group: Pick<LineupGroup, 'day' | 'stage'>): string | null {
  const parts = [group.day ? formatLineupDay(group.day) : null, group.stage].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** '89 €', '89,50 €' (Spanish format, no cents when whole). */
export function formatPrice(amount: number, currency = 'EUR'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** The headline of a ticket block: 'Agotadas', 'Entradas desde 89 €', 'Entradas de 89 € a 180 €' or null when no price is known. */
export function ticketPriceText(
  tickets: Pick<Tickets, 'price_from' | 'price_to' | 'currency' | 'sold_out'>,
): string | null {
  if (tickets.sold_out) return 'Agotadas';
  const { price_from: from, price_to: to, currency } = tickets;
  if (from !== null && to !== null && to > from)
    return `Entradas de ${formatPrice(from, currency)} a ${formatPrice(to, currency)}`;
  if (from !== null) return `Entradas desde ${formatPrice(from, currency)}`;
  if (to !== null) return `Entradas hasta ${formatPrice(to, currency)}`;
  return null;
}

/** '1 de marzo de 2026, 10:00' in the visitor's time zone (or the one given, for tests). */
export function formatOnSale(instant: string, timeZone?: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  // The calendar day in that zone, written as every other date is (formatDate).
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatDate(`${part('year')}-${part('month')}-${part('day')}`)}, ${clockTime(date, timeZone)}`;
}
