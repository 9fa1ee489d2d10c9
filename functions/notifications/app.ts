import { and, eq, sql } from 'drizzle-orm';
import { idParamSchema } from '#core/festival-schemas';
import { notificationsTable } from '#db/schema';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { forbidden, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import type { Notification } from '#core/response-schemas';
import { notificationResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Notificaciones');

/** The bell shows recent ones; older notifications stay in the table. */
export const NOTIFICATIONS_LIMIT = 100;

const selection = {
  id: notificationsTable.id,
  type: notificationsTable.type,
  message: notificationsTable.message,
  url: notificationsTable.url,
  read: notificationsTable.read,
  created_at: notificationsTable.createdAt,
};

const toNotification = (row: { id: number; type: Notification['type']; message: string; url: string | null; read: boolean; created_at: Date }): Notification => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/** The bell: moderation decisions (functions/lib/notifications.ts `notify`) and alerts (functions/lib/domain/alerts). */
export const app = createApp('/api/notifications')
  .use('*', requireAuth)
  .get('/', doc({ summary: 'Notificaciones de la cuenta, las más recientes primero', access: 'user', responses: { 200: { description: 'Notificaciones', schema: z.array(notificationResponse) } } }), async (c) => {
    const rows = await (await db())
      .select(selection)
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, currentUser(c).id))
      // NULLS LAST as in notifications_user_created_idx, so the newest are read off the index.
      .orderBy(sql`${notificationsTable.createdAt} desc nulls last`, sql`${notificationsTable.id} desc nulls last`)
      .limit(NOTIFICATIONS_LIMIT);
    return c.json(rows.map(toNotification));
  })
  .patch('/:id/read', doc({ summary: 'Marca una notificación como leída', access: 'user', responses: { 200: { description: 'La notificación', schema: notificationResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const database = await db();
    const [row] = await database
      .update(notificationsTable)
      .set({ read: true })
      .where(and(eq(notificationsTable.id, id), eq(notificationsTable.userId, user.id)))
      .returning(selection);
    if (row) return c.json(toNotification(row));
    const [other] = await database.select({ id: notificationsTable.id }).from(notificationsTable).where(eq(notificationsTable.id, id)).limit(1);
    if (other) throw forbidden('Esta notificación no es tuya.', 'not_owner');
    throw notFound('Notificación no encontrada.', 'notification_not_found');
  });
