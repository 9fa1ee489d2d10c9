import { useEffect, useState } from 'react';
import type { Festival } from '../../../core/types';
import { apiRequest } from './api-client';

/**
 * The approved festival list, fetched once per visit and shared by the home, map, calendar and
 * favourites screens (the spec's client filters locally, with core's filters).
 */
let cache: Promise<Festival[]> | undefined;

export function fetchFestivals(force = false): Promise<Festival[]> {
  if (!cache || force) {
    cache = apiRequest<unknown>('/api/festivals', { auth: false }).then((data) => {
      if (!Array.isArray(data)) throw new Error('Respuesta inesperada del servidor.');
      return data as Festival[];
    });
    cache.catch(() => {
      cache = undefined;
    });
  }
  return cache;
}

/** Drop the cached list after a change (a proposal approved, a festival deleted). */
export function invalidateFestivals(): void {
  cache = undefined;
}

export function useFestivals() {
  const [state, setState] = useState<{ festivals: Festival[]; loading: boolean; error: Error | null }>({
    festivals: [],
    loading: true,
    error: null,
  });
  useEffect(() => {
    let active = true;
    fetchFestivals().then(
      (festivals) => active && setState({ festivals, loading: false, error: null }),
      (error: Error) => active && setState({ festivals: [], loading: false, error }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
