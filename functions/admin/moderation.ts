import { DUPLICATE_FESTIVAL_MESSAGE } from '#core/festival-schemas';
import { AppError, conflict } from '../lib/errors';

const statusLabels = { pending: 'pendiente', approved: 'aprobado', rejected: 'rechazado' } as const;

/** Only pending items move (approve and reject exist only for pending items); a second decision is a 409. */
export function alreadyModerated(what: 'festival' | 'media', status: keyof typeof statusLabels) {
  const subject = what === 'festival' ? 'Este festival' : 'Este contenido';
  return conflict(`${subject} ya fue moderado (estado actual: ${statusLabels[status]}). Solo se pueden aprobar o rechazar elementos pendientes.`, 'already_moderated');
}


/** An admin approving a proposal whose twin is already approved: which one, so they can reject or edit this one. */
export const approvedTwinConflict = (twin: { id: number; name: string } | undefined) =>
  new AppError(
    'conflict',
    'duplicate_festival',
    twin
      ? `Ya existe un festival aprobado con ese nombre y localización: «${twin.name}». Rechaza esta propuesta o edítala antes de aprobarla.`
      : DUPLICATE_FESTIVAL_MESSAGE,
    twin ? { duplicate_of: twin } : undefined,
  );

export const festivalDecisionMessage = (name: string, status: 'approved' | 'rejected') =>
  `Tu festival "${name}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`;

export const mediaDecisionMessage = (festivalName: string, type: 'image' | 'video', status: 'approved' | 'rejected') =>
  type === 'video'
    ? `Tu vídeo del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobado' : 'rechazado'}.`
    : `Tu foto del festival "${festivalName}" ha sido ${status === 'approved' ? 'aprobada' : 'rechazada'}.`;
