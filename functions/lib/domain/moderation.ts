import type { AuditEntity } from '#core/admin-schemas';
import type { Executor } from '#db/client';
import type { AuditDetails } from './audit/audit';
import { recordAudit } from './audit/audit';
import { conflict, type AppError } from '../errors';

/**
 * The admin's decision on a pending item (a proposed festival, an uploaded photo, a comment):
 * only a pending item moves, once; a second decision is a 409 and a missing item a 404. The move
 * and its audit entry share the caller's transaction.
 */

const statusLabels = { pending: 'pendiente', approved: 'aprobado', rejected: 'rechazado' } as const;

/** Only pending items move (approve and reject exist only for pending items); a second decision is a 409. */
export function alreadyModerated(what: 'festival' | 'media', status: keyof typeof statusLabels) {
  const subject = what === 'festival' ? 'Este festival' : 'Este contenido';
  return conflict(
    `${subject} ya fue moderado (estado actual: ${statusLabels[status]}). Solo se pueden aprobar o rechazar elementos pendientes.`,
    'already_moderated',
  );
}

export const festivalDecisionMessage = (name: string, status: 'approved' | 'rejected') =>
  `Tu festival "${name}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`;

export const mediaDecisionMessage = (festivalName: string, type: 'image' | 'video', status: 'approved' | 'rejected') =>
  type === 'video'
    ? `Tu vídeo del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`
    : `Tu foto del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobada' : 'rechazada'}.`;

export interface PendingMove<Row, Status> {
  /** Writes the decision on the item only while it is pending (`where ... status = 'pending'`), returning what it changed. */
  move: () => Promise<Row[]>;
  /** The item's status now, read when the move changed nothing. */
  current: () => Promise<Array<{ status: Status }>>;
  missing: () => AppError;
  decided: (status: Status) => AppError;
}

/** Runs the move of a pending item: its row, or the 404 or 409 that says why nothing moved. */
export async function movePending<Row, Status>({
  move,
  current,
  missing,
  decided,
}: PendingMove<Row, Status>): Promise<Row> {
  const [moved] = await move();
  if (moved) return moved;
  const [existing] = await current();
  if (!existing) throw missing();
  throw decided(existing.status);
}

/** The audit entry of an approval or a rejection. */
export async function recordDecision(
  tx: Executor,
  adminId: number,
  decision: 'approved' | 'rejected',
  entity: AuditEntity,
  entityId: number,
  details: AuditDetails,
): Promise<void> {
  await recordAudit(tx, {
    actorId: adminId,
    action: decision === 'approved' ? 'approve' : 'reject',
    entity,
    entityId,
    details,
  });
}
