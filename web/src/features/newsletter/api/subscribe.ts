import { apiRequest } from '../../../lib/api-client';

/** POST /api/newsletter/subscribe {email}: only success or failure is read. */
export async function subscribeToNewsletter(email: string): Promise<void> {
  await apiRequest('/api/newsletter/subscribe', { method: 'POST', body: { email }, auth: false });
}
