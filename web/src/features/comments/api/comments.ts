import type { CommentBody } from '#core/community-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Comment } from '#core/response-schemas';

/** GET /api/comments/festival/{festivalId} (newest first); with `year`, those about that edition. */
export async function getComments(festivalId: number, year: number | null, signal?: AbortSignal): Promise<Comment[]> {
  const data = await apiRequest<unknown>(
    `/api/comments/festival/${festivalId}${year === null ? '' : `?year=${year}`}`,
    { signal },
  );
  return Array.isArray(data) ? (data as Comment[]) : [];
}

/** POST /api/comments {festival_id, content, rating, edition_year?} */
export function createComment(body: CommentBody): Promise<Comment> {
  return apiRequest<Comment>('/api/comments', { method: 'POST', body });
}

/** DELETE /api/comments/{id} */
export function deleteComment(id: number): Promise<unknown> {
  return apiRequest(`/api/comments/${id}`, { method: 'DELETE' });
}

/** POST /api/comments/with-media (multipart: festival_id, content, rating, images[]); the photos wait for moderation. */
export function createCommentWithMedia(body: CommentBody, images: File[]): Promise<Comment> {
  const form = new FormData();
  form.set('festival_id', String(body.festival_id));
  form.set('content', body.content);
  form.set('rating', String(body.rating));
  if (body.edition_year !== undefined) form.set('edition_year', String(body.edition_year));
  for (const image of images) form.append('images[]', image);
  return apiRequest<Comment>('/api/comments/with-media', { method: 'POST', body: form });
}
