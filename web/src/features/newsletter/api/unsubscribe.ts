import { apiRequest } from '../../../lib/api-client';

/** The button of the unsubscribe page: the same POST mail programs send for one-click unsubscribe. */
export function unsubscribeNewsletter(token: string): Promise<{ message: string }> {
  return apiRequest(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', auth: false });
}
