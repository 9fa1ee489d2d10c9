import { conflict, pgConstraint, pgErrorCode } from '../lib/errors';

const statusLabels = { pending: 'pendiente', approved: 'aprobado', rejected: 'rechazado' } as const;

/** Only pending items move (spec §4: approve/reject buttons only for pending); a second decision is a 409. */
export function alreadyModerated(what: 'festival' | 'media', status: keyof typeof statusLabels) {
  const subject = what === 'festival' ? 'Este festival' : 'Este contenido';
  return conflict(`${subject} ya fue moderado (estado actual: ${statusLabels[status]}). Solo se pueden aprobar o rechazar elementos pendientes.`, 'already_moderated');
}

/** Spec §8: the 409 text for a duplicate pending or approved festival (same as POST /api/festivals). */
export const DUPLICATE_FESTIVAL_MESSAGE = 'Ya existe un festival pendiente o aprobado con ese nombre y localización.';

export function rethrowDuplicateFestival(error: unknown): never {
  if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'festivals_dedupe_active_key') {
    throw conflict(DUPLICATE_FESTIVAL_MESSAGE, 'duplicate_festival');
  }
  throw error;
}

export const festivalDecisionMessage = (name: string, status: 'approved' | 'rejected') =>
  `Tu festival "${name}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`;

export const mediaDecisionMessage = (festivalName: string, type: 'image' | 'video', status: 'approved' | 'rejected') =>
  type === 'video'
    ? `Tu vídeo del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`
    : `Tu foto del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobada' : 'rechazada'}.`;
