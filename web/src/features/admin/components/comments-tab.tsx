import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { approveComment, rejectComment } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import { formatDateTime } from '../format';
import type { AdminComment } from '#core/response-schemas';

/** Comentarios: pending comments, approved or rejected (rejecting deletes it, after a confirmation). */
export function CommentsTab({ comments, run, busy }: { comments: AdminComment[]; run: RunAction; busy: boolean }) {
  if (comments.length === 0) return <p className="admin-empty">No hay comentarios pendientes de revisión.</p>;
  return (
    <ul className="admin-cards">
      {comments.map((c) => (
        <li key={c.id} className="card admin-card">
          <div className="admin-card-head">
            <Link to={paths.festival(c.Festival.id, c.Festival.name)} className="admin-strong">
              {c.Festival.name}
            </Link>
            <span className="admin-rating" role="img" aria-label={`${c.rating} de 5 estrellas`}>
              {'★'.repeat(c.rating)}
              <span className="admin-rating-off">{'★'.repeat(5 - c.rating)}</span>
            </span>
          </div>
          <p className="admin-meta">
            {c.User.name} · {formatDateTime(c.created_at)}
          </p>
          <p className="admin-text">{c.content}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn-sm admin-approve"
              disabled={busy}
              onClick={() => void run(() => approveComment(c.id))}
            >
              Aprobar<span className="visually-hidden"> comentario de {c.User.name}</span>
            </button>
            <button
              type="button"
              className="btn btn-sm admin-reject"
              disabled={busy}
              onClick={() =>
                void run(() => rejectComment(c.id), {
                  festivalsChanged: true,
                  confirm: {
                    title: 'Rechazar comentario',
                    message: '¿Seguro que quieres rechazar este comentario? Se eliminará definitivamente.',
                    confirmLabel: 'Rechazar',
                    danger: true,
                  },
                })
              }
            >
              Rechazar<span className="visually-hidden"> comentario de {c.User.name}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
