import { queryClient, type QueryKey } from './use-server-data';

/**
 * The keys of the client store (use-server-data.ts) that more than one part of the web names: what
 * the boot entry's early answers are put under (early-request.ts), and what a catalogue change makes stale.
 */

/** Thrown when a list answer is not the shape the screen reads (shown as 'Respuesta inesperada del servidor.'). */
export class UnexpectedCatalogResponse extends Error {
  constructor() {
    super('Respuesta inesperada del servidor.');
    this.name = 'UnexpectedCatalogResponse';
  }
}

/** Every read of the catalogue (list pages, calendar ranges, map views, favourites' cards): ['festivals', ...]. */
export const FESTIVALS_KEY = ['festivals'] as const;

/** A GET of the catalogue by its URL (/api/festivals/page?..., /api/festivals/map?..., /api/festivals/calendar?...). */
export const festivalListKey = (url: string): QueryKey => [...FESTIVALS_KEY, url];

/** A festival as `session` (a token, or '' without one) may see it. */
export const festivalKey = (id: number, session: string): QueryKey => ['festival', id, session];

/** After a change to the catalogue (a proposal approved, a festival deleted): every list and map view asks again. */
export function invalidateFestivals(): void {
  queryClient.invalidateQueries({ queryKey: FESTIVALS_KEY });
}
