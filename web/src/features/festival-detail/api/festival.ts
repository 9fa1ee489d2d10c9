import { apiRequest } from '../../../lib/api-client';
import type { Festival } from '#core/response-schemas';

/** GET /api/festivals/{id}; 404 carries 'Festival no encontrado'. */
export function getFestival(id: number, signal?: AbortSignal): Promise<Festival> {
  return apiRequest<Festival>(`/api/festivals/${id}`, { signal });
}

/** DELETE /api/festivals/{id} (admin). */
export function deleteFestival(id: number): Promise<unknown> {
  return apiRequest(`/api/festivals/${id}`, { method: 'DELETE' });
}
