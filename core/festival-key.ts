import { normalizeText } from './festival-filters';

/** Name + location ignoring case, accents and spacing: two festivals with the same key are duplicates (a second one is refused with 409). */
export function festivalDedupeKey(name: string, location: string | null | undefined): string {
  const clean = (s: string) => normalizeText(s).replace(/\s+/g, ' ').trim();
  return `${clean(name)}|${clean(location ?? '')}`;
}
