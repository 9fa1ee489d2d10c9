import { deleteReport, hideMedia } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import { formatDateTime } from '../format';
import { MediaPreview } from './media-tab';
import type { AdminMediaReport } from '#core/response-schemas';

interface ReportsTabProps {
  reports: AdminMediaReport[];
  /** Media already hidden (from the media list), so a handled report says so, with where an admin reads each photo. */
  hidden: Map<number, string | null>;
  run: RunAction;
  busy: boolean;
}

/** Reportes: preview, reason, details, user, date and time, 'Ocultar' and 'Descartar reporte'. */
export function ReportsTab({ reports, hidden, run, busy }: ReportsTabProps) {
  if (reports.length === 0) return <p className="admin-empty">No hay reportes de contenido para moderar.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-reports">
        <caption className="visually-hidden">Reportes de contenido</caption>
        <thead>
          <tr>
            <th scope="col">Contenido</th>
            <th scope="col">Motivo</th>
            <th scope="col">Detalles</th>
            <th scope="col">Usuario</th>
            <th scope="col">Fecha</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => {
            const isHidden = hidden.has(r.media_id);
            return (
              <tr key={r.id}>
                <td data-label="Contenido">
                  <MediaPreview
                    type={r.Media.type}
                    url={r.Media.url}
                    label={`Contenido reportado ${r.media_id}`}
                    fileUrl={hidden.get(r.media_id)}
                  />
                  {isHidden && <span className="badge admin-badge-rejected">Oculto</span>}
                </td>
                <td data-label="Motivo">
                  <span className="badge badge-warning">{r.reason}</span>
                </td>
                <td data-label="Detalles" className="admin-details">
                  {r.details || <span className="muted">Sin detalles</span>}
                </td>
                <td data-label="Usuario">{r.User?.name || 'Anónimo'}</td>
                <td data-label="Fecha" className="admin-nowrap">
                  {formatDateTime(r.created_at)}
                </td>
                <td data-label="Acciones">
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={busy || isHidden}
                      onClick={() =>
                        void run(() => hideMedia(r.media_id), {
                          confirm: {
                            title: 'Ocultar contenido',
                            message: '¿Seguro que quieres ocultar/bloquear este contenido?',
                            confirmLabel: 'Ocultar',
                            danger: true,
                          },
                        })
                      }
                    >
                      Ocultar<span className="visually-hidden"> contenido del reporte {r.id}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      disabled={busy}
                      onClick={() =>
                        void run(() => deleteReport(r.id), {
                          confirm: {
                            title: 'Descartar reporte',
                            message: '¿Eliminar solo el reporte?',
                            confirmLabel: 'Descartar reporte',
                          },
                        })
                      }
                    >
                      Descartar reporte<span className="visually-hidden"> {r.id}</span>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
