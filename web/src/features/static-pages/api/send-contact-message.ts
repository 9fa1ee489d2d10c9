import type { ContactInput } from '#core/community-schemas';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: the message is stored for the admins to read (a real send, not a simulated one). */
export function sendContactMessage(input: ContactInput): Promise<unknown> {
  return apiRequest('/api/contact', { method: 'POST', body: input });
}
