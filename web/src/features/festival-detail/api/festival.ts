import { apiRequest } from '../../../lib/api-client';
import type { Edition, FestivalEditionFields } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';

/**
 * The festival with its current edition, lineup, tickets and years. The edition fields are
 * optional: a copy kept offline or answered while the database is down may lack them.
 */
export type FestivalDetail = Festival & Partial<FestivalEditionFields>;

/** GET /api/festivals/{id}; 404 carries 'Festival no encontrado'. */
export function getFestival(id: number, signal?: AbortSignal): Promise<FestivalDetail> {
  return apiRequest<FestivalDetail>(`/api/festivals/${id}`, { signal });
}

/** GET /api/festivals/{id}/editions: every year, newest first, with lineup and tickets. */
export function getEditions(id: number, signal?: AbortSignal): Promise<Edition[]> {
  return apiRequest<Edition[]>(`/api/festivals/${id}/editions`, { signal });
}

/** DELETE /api/festivals/{id} (admin). */
export function deleteFestival(id: number): Promise<unknown> {
  return apiRequest(`/api/festivals/${id}`, { method: 'DELETE' });
}
