import { decideFestival, deleteFestival } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import type { Festival } from '#core/response-schemas';

export interface FestivalActionsProps {
  run: RunAction;
  busy: boolean;
  onEdit: (f: Festival) => void;
  /** Opens the festival's editions, lineup and tickets. */
  onEditions: (f: Festival) => void;
}

/** A festival's buttons, on its pending card and its row of the table: approve or reject a proposal, edit, editions, delete. */
export function FestivalActions({
  festival,
  run,
  busy,
  onEdit,
  onEditions,
}: FestivalActionsProps & { festival: Festival }) {
  const name = festival.name;
  return (
    <div className="admin-actions">
      {festival.status === 'pending' && (
        <>
          <button
            type="button"
            className="btn btn-sm admin-approve"
            disabled={busy}
            onClick={() => void run(() => decideFestival(festival.id, 'approved'), { festivalsChanged: true })}
          >
            Aprobar<span className="visually-hidden"> {name}</span>
          </button>
          <button
            type="button"
            className="btn btn-sm admin-reject"
            disabled={busy}
            onClick={() => void run(() => decideFestival(festival.id, 'rejected'), { festivalsChanged: true })}
          >
            Rechazar<span className="visually-hidden"> {name}</span>
          </button>
        </>
      )}
      <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => onEdit(festival)}>
        Editar<span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => onEditions(festival)}>
        Ediciones y cartel<span className="visually-hidden"> de {name}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-ghost admin-danger-text"
        disabled={busy}
        onClick={() =>
          void run(() => deleteFestival(festival.id), {
            festivalsChanged: true,
            confirm: {
              title: 'Eliminar festival',
              message: `¿Seguro que quieres eliminar el festival «${name}»? Se borrarán también sus comentarios, fotos y vídeos.`,
              confirmLabel: 'Eliminar',
              danger: true,
            },
          })
        }
      >
        Eliminar<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
