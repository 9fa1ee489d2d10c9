import type { ReportInput } from '#core/community-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Media } from '#core/response-schemas';

/** GET /api/media/festival/{festivalId}; the Bearer token brings the caller's own votes. */
export async function getFestivalMedia(festivalId: number, signal?: AbortSignal): Promise<Media[]> {
  const data = await apiRequest<unknown>(`/api/media/festival/${festivalId}`, { signal });
  return Array.isArray(data) ? (data as Media[]) : [];
}

export interface VoteResult {
  rating: number;
  votesCount: number;
  userRating: number;
}

/** POST /api/gallery/{mediaId}/rate {rating} */
export function rateMedia(mediaId: number, rating: number): Promise<VoteResult> {
  return apiRequest<VoteResult>(`/api/gallery/${mediaId}/rate`, { method: 'POST', body: { rating } });
}

/** POST /api/media/{mediaId}/report {reason, details}; the token goes along when there is one. */
export async function reportMedia(mediaId: number, input: ReportInput): Promise<void> {
  await apiRequest(`/api/media/${mediaId}/report`, { method: 'POST', body: input });
}
