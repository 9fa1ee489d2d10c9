import { apiRequest } from '../../../lib/api-client';
import type { Recommendation, SimilarFestival } from '#core/responses/discover';

export type { Recommendation, SimilarFestival };

/** GET /api/festivals/{id}/similar: up to 8 festivals like this one, upcoming first. */
export const getSimilarFestivals = (id: number, signal?: AbortSignal) =>
  apiRequest<SimilarFestival[]>(`/api/festivals/${id}/similar`, { signal, auth: false });
