import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntity } from '#core/admin-schemas';
import type { Executor } from '#db/client';
import { auditLogTable, usersTable } from '#db/schema';
import type { AuditEntry } from '#core/response-schemas';

export type AuditAction =
  | 'approve'
  | 'reject'
  | 'create'
  | 'update'
  | 'delete'
  | 'hide'
  | 'geocode'
  | 'set_coordinates'
  | 'dismiss'
  | 'confirm'
  | 'merge'
  | 'set_lineup'
  | 'set_tickets'
  | 'set_tiers';

/** What the entry keeps of the change (before and after values, the names a reader needs). */
export type AuditDetails = Record<string, unknown>;

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  details?: AuditDetails;
}

/**
 * Records a moderation action. Call it inside the transaction that makes the change, so the log
 * holds exactly the decisions that were committed.
 */
export async function recordAudit(tx: Executor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLogTable).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? null,
  });
}

/** The log, newest first, optionally for one entity or one record of it, with the acting admin (null once deleted). */
export async function listAuditEntries(
  database: Executor,
  query: { limit: number; entity?: AuditEntity; entityId?: number },
): Promise<AuditEntry[]> {
  const rows = await database
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
    .where(
      and(
        query.entity ? eq(auditLogTable.entity, query.entity) : undefined,
        query.entityId ? eq(auditLogTable.entityId, query.entityId) : undefined,
      ),
    )
    .orderBy(sql`${auditLogTable.createdAt} desc nulls last`, desc(auditLogTable.id))
    .limit(query.limit);
  return rows.map(({ actorId, actorName, ...entry }) => ({
    ...entry,
    entity: entry.entity as AuditEntity,
    created_at: new Date(entry.created_at).toISOString(),
    actor: actorId !== null && actorName !== null ? { id: actorId, name: actorName } : null,
  }));
}
