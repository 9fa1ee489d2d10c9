import { contactSchema } from '#core/community-schemas';
import { contactMessagesTable } from '#db/schema';
import { createApp } from '../lib/app';
import { optionalAuth } from '../lib/auth';
import { db } from '../lib/db';
import { rateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';

const doc = documenter('Contacto');

export const CONTACT_SUCCESS = '¡Mensaje enviado correctamente! Te responderemos pronto.';

/** Stores the contact form (a real send, not a simulated one); admins read it. */
export const app = createApp('/api/contact').post('/', doc({ summary: 'Envía un mensaje de contacto', access: 'optional', responses: { 201: { description: 'Mensaje recibido', schema: messageResponse } }, errors: [429] }), optionalAuth, validate('json', contactSchema), rateLimit('contact'), async (c) => {
  const input = c.req.valid('json');
  const [row] = await (await db())
    .insert(contactMessagesTable)
    .values({ ...input, category: input.category ?? null, userId: c.get('user')?.id ?? null })
    .returning({ id: contactMessagesTable.id });
  return c.json({ message: CONTACT_SUCCESS, id: row.id }, 201);
});
