import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatDateRange } from '#core/dates';
import { normalizeText } from '#core/festival-filters';
import { hasCoordinates } from '#core/map';
import { paths } from '../../../config/paths';
import { geocodeFestival } from '../api/admin-api';
import { statusBadge, statusLabels } from '../format';
import { FestivalActions, type FestivalActionsProps } from './festival-actions';
import type { Festival } from '#core/response-schemas';

const PAGE_SIZE = 25;

interface FestivalsTableProps {
  all: Festival[];
  /** What the search box holds and which page is shown: kept by the tab, so they survive a visit to Pendientes. */
  query: string;
  onQuery: (query: string) => void;
  page: number;
  onPage: (page: number) => void;
  actions: FestivalActionsProps;
}

/** Todos: every festival, searchable by name or place, 25 a page, with coordinates or a button to geocode them. */
export function FestivalsTable({ all, query, onQuery, page, onPage, actions }: FestivalsTableProps) {
  const filtered = useMemo(() => {
    const q = normalizeText(query.trim());
    return q ? all.filter((f) => normalizeText(`${f.name} ${f.location ?? ''}`).includes(q)) : all;
  }, [all, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  return (
    <>
      <div className="admin-search">
        <label htmlFor="admin-festival-search" className="visually-hidden">
          Buscar festivales
        </label>
        <input
          id="admin-festival-search"
          className="input"
          type="search"
          placeholder="Buscar por nombre o ubicación"
          value={query}
          onChange={(e) => {
            onQuery(e.target.value);
            onPage(0);
          }}
        />
        <span className="muted">{filtered.length} festivales</span>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Todos los festivales</caption>
          <thead>
            <tr>
              <th scope="col">Festival</th>
              <th scope="col">Fechas</th>
              <th scope="col">Estado</th>
              <th scope="col">Coordenadas</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE).map((f) => (
              <tr key={f.id}>
                <td>
                  <Link to={paths.festival(f.id, f.name)} className="admin-strong">
                    {f.name}
                  </Link>
                  <div className="muted admin-small">{f.location ?? 'Ubicación no especificada'}</div>
                </td>
                <td className="admin-nowrap">{formatDateRange(f.start_date, f.end_date)}</td>
                <td>
                  <span className={statusBadge[f.status]}>{statusLabels[f.status]}</span>
                </td>
                <td>
                  {hasCoordinates(f) ? (
                    <span className="admin-small">
                      {f.latitude.toFixed(3)}, {f.longitude.toFixed(3)}
                      {f.geocoded_from ? <span className="muted"> · {f.geocoded_from}</span> : null}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={actions.busy}
                      onClick={() => void actions.run(() => geocodeFestival(f.id), { festivalsChanged: true })}
                    >
                      Geocodificar<span className="visually-hidden"> {f.name}</span>
                    </button>
                  )}
                </td>
                <td>
                  <FestivalActions festival={f} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {filtered.length === 0 && <p className="admin-empty">No se encontraron festivales.</p>}
      {pages > 1 && (
        <nav className="admin-pager" aria-label="Páginas de festivales">
          <button type="button" className="btn btn-sm" disabled={current === 0} onClick={() => onPage(current - 1)}>
            Anterior
          </button>
          <span>
            Página {current + 1} de {pages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={current >= pages - 1}
            onClick={() => onPage(current + 1)}
          >
            Siguiente
          </button>
        </nav>
      )}
    </>
  );
}
