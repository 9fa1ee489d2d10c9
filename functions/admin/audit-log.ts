import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditQuerySchema, type AuditEntity } from '#core/admin-schemas';
import { auditLogTable, usersTable } from '#db/schema';
import type { AppEnv } from '../lib/app-env';
import { db } from '../lib/db';
import { validate } from '../lib/validate';
import type { AuditEntry } from '#core/response-schemas';
import { auditEntryResponse } from '#core/response-schemas';
import { documenter } from '../lib/openapi';
import { z } from '#core/zod';

const doc = documenter('Administración');

export const AUDIT_DEFAULT_LIMIT = 100;

export const auditRoutes = new Hono<AppEnv>().get('/audit', doc({ summary: 'Registro de acciones de administración', access: 'admin', responses: { 200: { description: 'Entradas, las más recientes primero', schema: z.array(auditEntryResponse) } } }), validate('query', auditQuerySchema), async (c) => {
  const { limit = AUDIT_DEFAULT_LIMIT, entity, entity_id } = c.req.valid('query');
  const rows = await (await db())
    .select({
      id: auditLogTable.id,
      action: auditLogTable.action,
      entity: auditLogTable.entity,
      entity_id: auditLogTable.entityId,
      details: auditLogTable.details,
      created_at: auditLogTable.createdAt,
      actorId: auditLogTable.actorId,
      actorName: usersTable.name,
    })
    .from(auditLogTable)
    .leftJoin(usersTable, eq(usersTable.id, auditLogTable.actorId))
    .where(and(entity ? eq(auditLogTable.entity, entity) : undefined, entity_id ? eq(auditLogTable.entityId, entity_id) : undefined))
    .orderBy(sql`${auditLogTable.createdAt} desc nulls last`, desc(auditLogTable.id))
    .limit(limit);
  const entries: AuditEntry[] = rows.map(({ actorId, actorName, ...entry }) => ({
    ...entry,
    entity: entry.entity as AuditEntity,
    created_at: new Date(entry.created_at).toISOString(),
    actor: actorId !== null && actorName !== null ? { id: actorId, name: actorName } : null,
  }));
  return c.json(entries);
});
