import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import { mediaReportsTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { recordAudit } from '../lib/audit';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE, jsonArray, reportsJson } from './json-lists';
import { mediaReportResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const mediaReportRoutes = new Hono<AppEnv>()
  .get('/media-reports', doc({ summary: 'Reportes de contenido', access: 'admin', responses: { 200: { description: 'Reportes', schema: z.array(mediaReportResponse) } } }), validate('query', listQuerySchema), async (c) => {
    const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
    return c.body(await jsonArray(await db(), reportsJson({ limit, offset })), 200, JSON_CONTENT_TYPE);
  })
  // Deleting a report removes only the report; the media stays as it is.
  .delete('/media-reports/:id', doc({ summary: 'Descarta un reporte', access: 'admin', responses: { 200: { description: 'Reporte descartado', schema: messageResponse } }, errors: [404] }), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const admin = currentUser(c);
    await (await db()).transaction(async (tx) => {
      const [removed] = await tx.delete(mediaReportsTable).where(eq(mediaReportsTable.id, id)).returning();
      if (!removed) throw notFound('Reporte no encontrado', 'report_not_found');
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'dismiss',
        entity: 'media_report',
        entityId: id,
        details: { media_id: removed.mediaId, reason: removed.reason, details: removed.details, reporter_id: removed.userId },
      });
    });
    return c.json({ message: 'Reporte descartado', id });
  });
