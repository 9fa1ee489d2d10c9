import { contactSchema } from '#core/community-schemas';
import { createApp } from '../lib/app';
import { optionalAuth } from '../lib/auth';
import { db } from '../lib/db';
import { storeContactMessage } from '../lib/domain/contact-messages/contact-messages';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Contacto');

export const CONTACT_SUCCESS = '¡Mensaje enviado correctamente! Te responderemos pronto.';

/** Stores the contact form (a real send, not a simulated one); admins read it. */
export const app = createApp('/api/contact').post(
  '/',
  doc({
    summary: 'Envía un mensaje de contacto',
    access: 'optional',
    responses: { 201: { description: 'Mensaje recibido', schema: messageResponse } },
    errors: [429],
  }),
  optionalAuth,
  validate('json', contactSchema),
  rateLimit('contact'),
  async (c) => {
    const input = c.req.valid('json');
    const id = await storeContactMessage(await db(), input, c.get('user')?.id ?? null);
    return c.json({ message: CONTACT_SUCCESS, id }, 201);
  },
);
