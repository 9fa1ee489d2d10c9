import { apiRequest } from '../../../lib/api-client';
import type { Preferences, PreferencesInput } from '#core/alert-schemas';
import { DELETE_CONFIRMATION } from '#core/alert-schemas';
import type { FeedTokenResponse } from '#core/feed-schemas';

export const getPreferences = () => apiRequest<Preferences>('/api/users/preferences');
export const savePreferences = (input: PreferencesInput) =>
  apiRequest<Preferences>('/api/users/preferences', { method: 'PUT', body: input });

export interface FollowedArtist {
  id: number;
  name: string;
  slug: string;
  followed_at: string;
}
export const getFollows = () => apiRequest<{ artists: FollowedArtist[] }>('/api/follows');
export const unfollowArtist = (id: number) => apiRequest(`/api/follows/artists/${id}`, { method: 'DELETE' });

/** POST /api/users/feed-token: a new private calendar address (the previous one stops working). */
export const renewFeedToken = () => apiRequest<FeedTokenResponse>('/api/users/feed-token', { method: 'POST' });

/** GET /api/users/me/export, saved as a file. */
export async function downloadMyData(): Promise<void> {
  const data = await apiRequest<{ exported_at: string }>('/api/users/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `festivales-mis-datos-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const deleteMyAccount = () =>
  apiRequest<{ message: string }>('/api/users/me', { method: 'DELETE', body: { confirmation: DELETE_CONFIRMATION } });

/** The button of the alert emails' unsubscribe page: the same POST mail programs send for one-click unsubscribe (no session). */
export const stopAlertEmails = (token: string) =>
  apiRequest<{ message: string }>(`/api/users/email-unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
  });
