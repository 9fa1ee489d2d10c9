import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { contactMessagesTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import type { ContactMessage } from '#core/response-schemas';
import { contactMessageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

const selection = {
  id: contactMessagesTable.id,
  name: contactMessagesTable.name,
  email: contactMessagesTable.email,
  subject: contactMessagesTable.subject,
  category: contactMessagesTable.category,
  message: contactMessagesTable.message,
  user_id: contactMessagesTable.userId,
  read_at: contactMessagesTable.readAt,
  created_at: contactMessagesTable.createdAt,
};

const toMessage = (row: { read_at: Date | null; created_at: Date } & Omit<ContactMessage, 'read' | 'read_at' | 'created_at'>): ContactMessage => ({
  ...row,
  read: row.read_at !== null,
  read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

export const contactMessageRoutes = new Hono<AppEnv>()
  .get('/contact-messages', doc({ summary: 'Mensajes de contacto, los más recientes primero', access: 'admin', responses: { 200: { description: 'Mensajes', schema: z.array(contactMessageResponse) } } }), validate('query', listQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    const rows = await (await db())
      .select(selection)
      .from(contactMessagesTable)
      // NULLS LAST as in contact_messages_created_idx, so the newest page is read off the index.
      .orderBy(sql`${contactMessagesTable.createdAt} desc nulls last`, desc(contactMessagesTable.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows.map(toMessage));
  })
  .patch('/contact-messages/:id/read', doc({ summary: 'Marca un mensaje de contacto como leído', access: 'admin', responses: { 200: { description: 'El mensaje', schema: contactMessageResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await (await db())
      .update(contactMessagesTable)
      .set({ readAt: sql`coalesce(${contactMessagesTable.readAt}, now())` })
      .where(eq(contactMessagesTable.id, id))
      .returning(selection);
    if (!row) throw notFound('Mensaje no encontrado', 'contact_message_not_found');
    return c.json(toMessage(row));
  });
