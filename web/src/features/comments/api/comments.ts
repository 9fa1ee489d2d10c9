import type { CommentBody } from '#core/community-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Comment } from '#core/response-schemas';

/** GET /api/comments/festival/{festivalId} (newest first). */
export async function getComments(festivalId: number, signal?: AbortSignal): Promise<Comment[]> {
  const data = await apiRequest<unknown>(`/api/comments/festival/${festivalId}`, { signal });
  return Array.isArray(data) ? (data as Comment[]) : [];
}

/** POST /api/comments {festival_id, content, rating} */
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
  for (const image of images) form.append('images[]', image);
  return apiRequest<Comment>('/api/comments/with-media', { method: 'POST', body: form });
}
