import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { listContactMessages, markContactMessageRead } from '../lib/domain/contact-messages/contact-messages';
import { validate } from '../lib/validate';
import { contactMessageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const contactMessageRoutes = new Hono<AppEnv>()
  .get(
    '/contact-messages',
    doc({
      summary: 'Mensajes de contacto, los más recientes primero',
      access: 'admin',
      responses: { 200: { description: 'Mensajes', schema: z.array(contactMessageResponse) } },
    }),
    validate('query', listQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
      return c.json(await listContactMessages(await db(), { limit, offset }));
    },
  )
  .patch(
    '/contact-messages/:id/read',
    doc({
      summary: 'Marca un mensaje de contacto como leído',
      access: 'admin',
      responses: { 200: { description: 'El mensaje', schema: contactMessageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await markContactMessageRead(await db(), id));
    },
  );
