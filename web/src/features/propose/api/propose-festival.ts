import type { ProposeFestival } from '#core/festival-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Festival } from '#core/response-schemas';

/** POST /api/festivals: the proposal is stored as pending; 409 for a duplicate. */
export function proposeFestival(input: ProposeFestival): Promise<Festival> {
  return apiRequest<Festival>('/api/festivals', { method: 'POST', body: input });
}
