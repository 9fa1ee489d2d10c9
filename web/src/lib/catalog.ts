import { apiRequest } from './api-client';
import { invalidateFestivalLists, UnexpectedCatalogResponse } from './festival-lists';
import { invalidate, useServerData } from './use-server-data';
import type { Festival } from '#core/response-schemas';

export { UnexpectedCatalogResponse };

/** The whole approved list, for the map (the list screens ask the server for pages: festival-lists.ts). */
let cache: Promise<Festival[]> | undefined;
const CATALOG_KEY = 'festivals';

export function fetchFestivals(force = false): Promise<Festival[]> {
  if (!cache || force) {
    cache = apiRequest<unknown>('/api/festivals', { auth: false }).then((data) => {
      if (!Array.isArray(data)) throw new UnexpectedCatalogResponse();
      return data as Festival[];
    });
    cache.catch(() => {
      cache = undefined;
    });
  }
  return cache;
}

/** Drop the cached lists after a change (a proposal approved, a festival deleted); mounted lists reload. */
export function invalidateFestivals(): void {
  cache = undefined;
  invalidate(CATALOG_KEY);
  invalidateFestivalLists();
}

/** The catalogue for a screen: while it loads the list is empty; `reload` asks the server again. */
export function useFestivals() {
  const { data, loading, error } = useServerData(CATALOG_KEY, () => fetchFestivals());
  return { festivals: data ?? [], loading, error: error as Error | null, reload: invalidateFestivals };
}
