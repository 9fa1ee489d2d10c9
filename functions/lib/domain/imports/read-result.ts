import type { DraftEdition, DraftFestival, DraftTicket, ImportKind } from '#core/import-schemas';

/** A set read from a page, before its artist is looked up among ours. */
export interface ReadSet {
  name: string;
  day: string | null;
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

/** What one reader got out of a page: the draft without the artists matched, and what it could not read. */
export interface ReadResult {
  kind: ImportKind;
  festival: DraftFestival;
  edition: DraftEdition | null;
  lineup: ReadSet[];
  tickets: DraftTicket[];
  warnings: string[];
}

export const emptyFestival = (): DraftFestival => ({
  name: null,
  description: null,
  website: null,
  image_url: null,
  location: null,
  address: null,
  latitude: null,
  longitude: null,
  organizer: null,
});

/** Whether a reader found anything a person could apply. */
export const readSomething = (result: ReadResult) =>
  Boolean(result.festival.name || result.festival.description || result.edition || result.lineup.length);

const DATE = /^(\d{4}-\d{2}-\d{2})/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The local date a schema.org date or date-time names ('2027-07-10T23:00:00+02:00' is the 10th). */
export function localDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value.trim());
  if (!match || Number.isNaN(Date.parse(match[1]))) return null;
  return match[1];
}

/**
 * The instant a date-time names, in UTC; null for a date alone or a time without its zone (which
 * could be any of several instants: the page did not say, and we do not guess).
 */
export function instant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!WITH_ZONE.test(trimmed)) return null;
  const time = Date.parse(trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Text of at most `max` characters, trimmed, without markup a page left in it; null when empty. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute http(s) address, resolved against the page's own address; null otherwise. */
export function absoluteUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
