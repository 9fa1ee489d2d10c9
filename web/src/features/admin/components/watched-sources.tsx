import { useId } from 'react';
import type { WatchedSource } from '#core/import-schemas';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-server-data';
import { FieldError, useFormAction } from '../../../components/editions/form-status';
import { formatDateTime } from '../format';

/** The official pages the watcher reads once a week; the failing ones first, with what went wrong. */
export function WatchedSources() {
  const uid = useId();
  const sources = useQuery({
    queryKey: ['watched-sources'],
    queryFn: ({ signal }) => apiRequest<WatchedSource[]>('/api/admin/sources', { signal }),
  });
  const action = useFormAction();
  const remove = (source: WatchedSource) =>
    void action.run(async () => {
      await apiRequest(`/api/admin/sources/${source.id}`, { method: 'DELETE' });
      sources.refetch();
    });
  return (
    <section className="card" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Fuentes vigiladas</h2>
      <FieldError error={action.error ?? (sources.error ? 'No se pudieron cargar las fuentes.' : null)} />
      {sources.data && sources.data.length === 0 ? (
        <p className="muted">Aún no hay fuentes: se añaden al aplicar una importación.</p>
      ) : null}
      {sources.data?.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Fuentes vigiladas</caption>
            <thead>
              <tr>
                <th scope="col">Festival</th>
                <th scope="col">Página</th>
                <th scope="col">Última lectura</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {sources.data.map((s) => (
                <tr key={s.id}>
                  <td>{s.festival_name}</td>
                  <td className="break">{s.url}</td>
                  <td>{s.last_checked_at ? formatDateTime(s.last_checked_at) : 'Pendiente'}</td>
                  <td>{s.failing ? `Falla (${s.failures} veces): ${s.last_error ?? ''}` : (s.last_error ?? 'Bien')}</td>
                  <td>
                    <button type="button" className="btn btn-sm" disabled={action.busy} onClick={() => remove(s)}>
                      Dejar de vigilar<span className="visually-hidden"> {s.url}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
