import { apiRequest } from '../../../lib/api-client';
import type { Notification } from '#core/response-schemas';

/** GET /api/notifications; anything but an array counts as none. */
export async function getNotifications(): Promise<Notification[]> {
  const data = await apiRequest<unknown>('/api/notifications');
  return Array.isArray(data) ? (data as Notification[]) : [];
}

/** PATCH /api/notifications/{id}/read */
export function markNotificationRead(id: number): Promise<unknown> {
  return apiRequest(`/api/notifications/${id}/read`, { method: 'PATCH' });
}
