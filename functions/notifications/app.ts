import { idParamSchema } from '#core/festival-schemas';
import { createApp } from '../lib/app';
import { currentUser, requireAuth } from '../lib/auth';
import { db } from '../lib/db';
import { listNotifications, markNotificationRead } from '../lib/domain/notifications/notifications';
import { validate } from '../lib/validate';
import { notificationResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Notificaciones');

/** The bell: moderation decisions and alerts (functions/lib/domain/notifications). */
export const app = createApp('/api/notifications')
  .use('*', requireAuth)
  .get(
    '/',
    doc({
      summary: 'Notificaciones de la cuenta, las más recientes primero',
      access: 'user',
      responses: { 200: { description: 'Notificaciones', schema: z.array(notificationResponse) } },
    }),
    async (c) => {
      return c.json(await listNotifications(await db(), currentUser(c).id));
    },
  )
  .patch(
    '/:id/read',
    doc({
      summary: 'Marca una notificación como leída',
      access: 'user',
      responses: { 200: { description: 'La notificación', schema: notificationResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      return c.json(await markNotificationRead(await db(), currentUser(c).id, c.req.valid('param').id));
    },
  );
