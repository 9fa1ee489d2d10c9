import { apiRequest } from '../../../lib/api-client';

/** The button of the unsubscribe page: the same POST mail programs send for one-click unsubscribe. */
export function unsubscribeNewsletter(token: string): Promise<{ message: string }> {
  return apiRequest(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', auth: false });
}

/** The button of the confirmation page: the link of the message only leads there. */
export function confirmNewsletter(token: string): Promise<{ message: string }> {
  return apiRequest(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { method: 'POST', auth: false });
}
