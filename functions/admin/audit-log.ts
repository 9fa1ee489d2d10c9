import { Hono } from 'hono';
import { auditQuerySchema } from '#core/admin-schemas';
import type { AppEnv } from '../lib/app-env';
import { listAuditEntries } from '../lib/domain/audit/audit';
import { db } from '../lib/db';
import { validate } from '../lib/validate';
import { auditEntryResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const AUDIT_DEFAULT_LIMIT = 100;

export const auditRoutes = new Hono<AppEnv>().get(
  '/audit',
  doc({
    summary: 'Registro de acciones de administración',
    access: 'admin',
    responses: { 200: { description: 'Entradas, las más recientes primero', schema: z.array(auditEntryResponse) } },
  }),
  validate('query', auditQuerySchema),
  async (c) => {
    const { limit = AUDIT_DEFAULT_LIMIT, entity, entity_id } = c.req.valid('query');
    return c.json(await listAuditEntries(await db(), { limit, entity, entityId: entity_id }));
  },
);
