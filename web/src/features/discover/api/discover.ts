import { apiRequest } from '../../../lib/api-client';
import type { Recommendation, SimilarFestival } from '#core/responses/discover';

export type { Recommendation, SimilarFestival };

/** GET /api/festivals/{id}/similar: up to 8 festivals like this one, upcoming first. */
export const getSimilarFestivals = (id: number, signal?: AbortSignal) =>
  apiRequest<SimilarFestival[]>(`/api/festivals/${id}/similar`, { signal, auth: false });

/** The address of GET /api/recommendations for what the device knows (the server reads a session's own signals). */
export function recommendationsUrl(options: {
  signedIn: boolean;
  favorites: number[];
  dismissed: number[];
  near: { label: string; lat: number; lon: number } | null;
}): string {
  const params = new URLSearchParams({ limit: '12' });
  if (!options.signedIn && options.favorites.length) params.set('favorites', options.favorites.slice(-200).join(','));
  if (options.dismissed.length) params.set('dismissed', options.dismissed.slice(-200).join(','));
  if (options.near) {
    params.set('lat', options.near.lat.toFixed(4));
    params.set('lon', options.near.lon.toFixed(4));
    params.set('cerca', options.near.label.slice(0, 100));
  }
  return `/api/recommendations?${params}`;
}

/** GET /api/recommendations. */
export const getRecommendations = (url: string, signal?: AbortSignal) => apiRequest<Recommendation[]>(url, { signal });

/** POST /api/recommendations/dismiss: 'No me interesa' (signed in). */
export const dismissRecommendation = (festivalId: number) =>
  apiRequest('/api/recommendations/dismiss', { method: 'POST', body: { festival_id: festivalId } });
