import type { AuditEntity } from '#core/admin-schemas';
import type { Executor } from '#db/client';
import { auditLogTable } from '#db/schema';

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
  | 'set_tickets';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  details?: Record<string, unknown>;
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
