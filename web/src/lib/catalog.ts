import type { Festival } from '#core/types';
import { ApiError, apiRequest } from './api-client';
import { invalidate, useServerData } from './use-server-data';

declare global {
  interface Window {
    /** The catalogue request index.html starts right after the first paint (web/vite.config.ts). */
    __festivalesCatalog?: Promise<Response> | null;
  }
}

/** Takes over the request index.html started, with apiRequest's error handling; null when there is none. */
function takeEarlyRequest(): Promise<unknown> | null {
  const early = window.__festivalesCatalog;
  window.__festivalesCatalog = null;
  if (!early) return null;
  return early.then(
    async (res) => {
      let json: unknown;
      try {
        const text = await res.text();
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (!res.ok) throw new ApiError(res.status, json as ConstructorParameters<typeof ApiError>[1], `Error HTTP ${res.status}`);
      return json;
    },
    () => {
      throw new ApiError(0, undefined, 'Error de red o servidor.');
    },
  );
}

/**
 * The approved festival list, fetched once per visit and shared by the home, map, calendar and
 * favourites screens (the spec's client filters locally, with core's filters).
 */
let cache: Promise<Festival[]> | undefined;
const CATALOG_KEY = 'festivals';

/** Thrown when /api/festivals answers something other than an array (spec §8). */
export class UnexpectedCatalogResponse extends Error {
  constructor() {
    super('Respuesta inesperada del servidor.');
    this.name = 'UnexpectedCatalogResponse';
  }
}

export function fetchFestivals(force = false): Promise<Festival[]> {
  if (!cache || force) {
    const request = (!force && takeEarlyRequest()) || apiRequest<unknown>('/api/festivals', { auth: false });
    cache = request.then((data) => {
      if (!Array.isArray(data)) throw new UnexpectedCatalogResponse();
      return data as Festival[];
    });
    cache.catch(() => {
      cache = undefined;
    });
  }
  return cache;
}

/** Drop the cached list after a change (a proposal approved, a festival deleted); mounted lists reload. */
export function invalidateFestivals(): void {
  cache = undefined;
  invalidate(CATALOG_KEY);
}

/** The catalogue for a screen: while it loads the list is empty; `reload` asks the server again. */
export function useFestivals() {
  const { data, loading, error } = useServerData(CATALOG_KEY, () => fetchFestivals());
  return { festivals: data ?? [], loading, error: error as Error | null, reload: invalidateFestivals };
}
