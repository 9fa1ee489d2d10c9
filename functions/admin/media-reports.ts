import { Hono } from 'hono';
import { listQuerySchema, QUEUE_DEFAULT_LIMIT } from '#core/admin-schemas';
import { idParamSchema } from '#core/festival-schemas';
import type { AppEnv } from '../lib/app-env';
import { currentUser } from '../lib/auth';
import { db } from '../lib/db';
import { dismissReport, reportsJson } from '../lib/domain/media-reports/media-reports';
import { validate } from '../lib/validate';
import { JSON_CONTENT_TYPE } from './json-lists';
import { mediaReportResponse, messageResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const mediaReportRoutes = new Hono<AppEnv>()
  .get(
    '/media-reports',
    doc({
      summary: 'Reportes de contenido',
      access: 'admin',
      responses: { 200: { description: 'Reportes', schema: z.array(mediaReportResponse) } },
    }),
    validate('query', listQuerySchema),
    async (c) => {
      const { limit = QUEUE_DEFAULT_LIMIT, offset = 0 } = c.req.valid('query');
      return c.body(await reportsJson(await db(), { limit, offset }), 200, JSON_CONTENT_TYPE);
    },
  )
  // Deleting a report removes only the report; the media stays as it is.
  .delete(
    '/media-reports/:id',
    doc({
      summary: 'Descarta un reporte',
      access: 'admin',
      responses: { 200: { description: 'Reporte descartado', schema: messageResponse } },
      errors: [404],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await dismissReport(await db(), currentUser(c), id);
      return c.json({ message: 'Reporte descartado', id });
    },
  );
