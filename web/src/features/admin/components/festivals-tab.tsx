import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { markdownToText, truncateText } from '#core/calendar';
import { formatDateRange } from '#core/dates';
import { formatPrice } from '#core/lineup-view';
import { normalizeText } from '#core/festival-filters';
import { hasCoordinates } from '#core/map';
import { paths } from '../../../config/paths';
import { mediaUrl } from '../../../lib/api-client';
import { decideFestival, deleteFestival, geocodeFestival, geocodeMissing } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import { statusBadge, statusLabels } from '../format';
import { TabPanel, Tabs } from './tabs';
import type { AdminMedia, AdminUser, Festival, PendingFestival, ProposalExtras } from '#core/response-schemas';

const PAGE_SIZE = 25;

interface FestivalsTabProps {
  pending: PendingFestival[];
  all: Festival[];
  pendingMedia: AdminMedia[];
  users: AdminUser[];
  run: RunAction;
  busy: boolean;
  onEdit: (festival: Festival | null) => void;
  /** Opens the festival's editions, lineup and tickets. */
  onEditions: (festival: Festival) => void;
  onNotice: (message: string) => void;
}

function FestivalActions({ festival, run, busy, onEdit, onEditions }: { festival: Festival; run: RunAction; busy: boolean; onEdit: (f: Festival) => void; onEditions: (f: Festival) => void }) {
  const name = festival.name;
  return (
    <div className="admin-actions">
      {festival.status === 'pending' && (
        <>
          <button type="button" className="btn btn-sm admin-approve" disabled={busy} onClick={() => void run(() => decideFestival(festival.id, 'approved'), { festivalsChanged: true })}>
            Aprobar<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className="btn btn-sm admin-reject" disabled={busy} onClick={() => void run(() => decideFestival(festival.id, 'rejected'), { festivalsChanged: true })}>
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

/** Names shown on a pending card before 'y N más': enough to judge a lineup at a glance. */
const PROPOSED_NAMES_SHOWN = 30;

/** What the proposer typed for the edition: the lineup and the tickets, to check before approving. */
function ProposalExtrasSummary({ proposal }: { proposal: ProposalExtras }) {
  const { lineup, ticket_url, price_from } = proposal;
  if (lineup.length === 0 && !ticket_url && price_from === null) return null;
  const rest = lineup.length - PROPOSED_NAMES_SHOWN;
  return (
    <div className="admin-proposal-extras">
      {lineup.length > 0 && (
        <p>
          <strong>Cartel propuesto ({lineup.length === 1 ? '1 artista' : `${lineup.length} artistas`}):</strong> {lineup.slice(0, PROPOSED_NAMES_SHOWN).join(' · ')}
          {rest > 0 && ` y ${rest} más`}
        </p>
      )}
      {(ticket_url || price_from !== null) && (
        <p>
          <strong>Entradas:</strong> {price_from !== null ? `desde ${formatPrice(price_from)}` : 'precio sin indicar'}
          {ticket_url && (
            <>
              {' · '}
              <a href={ticket_url} target="_blank" rel="noopener noreferrer">
                Web de venta<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** Festivales: Pendientes / Todos, create, edit, delete, approve or reject pending, geocode. */
export function FestivalsTab({ pending, all, pendingMedia, users, run, busy, onEdit, onEditions, onNotice }: FestivalsTabProps) {
  const [sub, setSub] = useState<'pending' | 'all'>('pending');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const userNames = useMemo(() => new Map(users.map((u) => [u.id, u.name])), [users]);
  const imagesByFestival = useMemo(() => {
    const map = new Map<number, AdminMedia[]>();
    for (const m of pendingMedia) map.set(m.festival_id, [...(map.get(m.festival_id) ?? []), m]);
    return map;
  }, [pendingMedia]);
  const filtered = useMemo(() => {
    const q = normalizeText(query.trim());
    return q ? all.filter((f) => normalizeText(`${f.name} ${f.location ?? ''}`).includes(q)) : all;
  }, [all, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const missingCoordinates = all.filter((f) => !hasCoordinates(f)).length;

  const geocodeAll = () =>
    run(async () => {
      const result = await geocodeMissing();
      onNotice(
        `Geocodificación: ${result.geocoded.length} ubicados, ${result.notFound.length} sin resultado, ${result.remaining} pendientes de coordenadas.`,
      );
    }, { festivalsChanged: true });

  return (
    <div>
      <div className="admin-toolbar">
        <Tabs
          id="admin-festivals"
          label="Festivales"
          variant="sub"
          active={sub}
          onChange={setSub}
          items={[
            { key: 'pending', label: 'Pendientes', count: pending.length },
            { key: 'all', label: 'Todos', count: all.length, countLabel: 'en total' },
          ]}
        />
        <div className="admin-toolbar-actions">
          <button type="button" className="btn btn-sm btn-ghost" disabled={busy || missingCoordinates === 0} onClick={() => void geocodeAll()}>
            Geocodificar sin coordenadas ({missingCoordinates})
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => onEdit(null)}>
            Nuevo festival
          </button>
        </div>
      </div>

      {sub === 'pending' ? (
        <TabPanel id="admin-festivals" tab="pending">
          {pending.length === 0 ? (
            <p className="admin-empty">No hay festivales pendientes de revisión.</p>
          ) : (
            <ul className="admin-cards">
              {pending.map((f) => {
                const images = imagesByFestival.get(f.id) ?? [];
                return (
                  <li key={f.id} className="card admin-card">
                    <div className="admin-card-head">
                      <h3>
                        <Link to={paths.festival(f.id, f.name)}>{f.name}</Link>
                      </h3>
                      <span className={statusBadge[f.status]}>{statusLabels[f.status]}</span>
                    </div>
                    <p className="admin-meta">
                      {formatDateRange(f.start_date, f.end_date)} · {f.location ?? 'Ubicación no especificada'}
                    </p>
                    <p className="admin-meta">
                      Propuesto por {f.proposed_by ? (userNames.get(f.proposed_by) ?? `usuario #${f.proposed_by}`) : 'un administrador'}
                      {f.website && (
                        <>
                          {' · '}
                          <a href={f.website} target="_blank" rel="noopener noreferrer">
                            Sitio web
                          </a>
                        </>
                      )}
                    </p>
                    {f.genres.length > 0 && (
                      <ul className="admin-genres" aria-label="Géneros">
                        {f.genres.map((g) => (
                          <li key={g} className="badge">
                            {g}
                          </li>
                        ))}
                      </ul>
                    )}
                    {f.possibleDuplicates?.length > 0 && (
                      <div className="admin-duplicates" role="note">
                        <strong>Posible duplicado</strong> (mismo nombre y ubicación):
                        <ul>
                          {f.possibleDuplicates.map((d) => (
                            <li key={d.id}>
                              <Link to={paths.festival(d.id, d.name)}>{d.name}</Link>{' '}
                              {d.status === 'approved'
                                ? '(ya aprobado: esta propuesta no se puede aprobar)'
                                : `(pendiente, propuesto por ${d.proposed_by ? (userNames.get(d.proposed_by) ?? `usuario #${d.proposed_by}`) : 'un administrador'})`}
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                    <p className="admin-text">{truncateText(markdownToText(f.description), 280) || 'Sin descripción disponible'}</p>
                    <ProposalExtrasSummary proposal={f.proposal} />
                    {images.length > 0 && (
                      <div className="admin-thumbs" aria-label={`${images.length} imágenes propuestas pendientes (se moderan en Fotos/Vídeos)`}>
                        {images.slice(0, 5).map((m) => (
                          <img key={m.id} src={mediaUrl(m.url) ?? ''} alt={`Imagen propuesta ${m.id}`} loading="lazy" />
                        ))}
                        <span className="muted">Imágenes pendientes en Fotos/Vídeos</span>
                      </div>
                    )}
                    <FestivalActions festival={f} run={run} busy={busy} onEdit={onEdit} onEditions={onEditions} />
                  </li>
                );
              })}
            </ul>
          )}
        </TabPanel>
      ) : (
        <TabPanel id="admin-festivals" tab="all">
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
                setQuery(e.target.value);
                setPage(0);
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
                        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void run(() => geocodeFestival(f.id), { festivalsChanged: true })}>
                          Geocodificar<span className="visually-hidden"> {f.name}</span>
                        </button>
                      )}
                    </td>
                    <td>
                      <FestivalActions festival={f} run={run} busy={busy} onEdit={onEdit} onEditions={onEditions} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {filtered.length === 0 && <p className="admin-empty">No se encontraron festivales.</p>}
          {pages > 1 && (
            <nav className="admin-pager" aria-label="Páginas de festivales">
              <button type="button" className="btn btn-sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
                Anterior
              </button>
              <span>
                Página {current + 1} de {pages}
              </span>
              <button type="button" className="btn btn-sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                Siguiente
              </button>
            </nav>
          )}
        </TabPanel>
      )}
    </div>
  );
}
