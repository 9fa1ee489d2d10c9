import { Link } from 'react-router-dom';
import { markdownToText, truncateText } from '#core/calendar';
import { formatDateRange } from '#core/dates';
import { formatPrice } from '#core/lineup-view';
import { paths } from '../../../config/paths';
import { mediaUrl } from '../../../lib/api-client';
import { statusBadge, statusLabels } from '../format';
import { FestivalActions, type FestivalActionsProps } from './festival-actions';
import type { AdminMedia, PendingFestival, ProposalExtras } from '#core/response-schemas';

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
          <strong>Cartel propuesto ({lineup.length === 1 ? '1 artista' : `${lineup.length} artistas`}):</strong>{' '}
          {lineup.slice(0, PROPOSED_NAMES_SHOWN).join(' · ')}
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

/**
 * A proposal as the admin judges it: dates, place, proposer, genres, possible duplicates, the
 * description, what was typed for its edition and its pending images.
 */
export function PendingFestivalCard({
  festival: f,
  images,
  userName,
  actions,
}: {
  festival: PendingFestival;
  images: AdminMedia[];
  userName: (id: number) => string | undefined;
  actions: FestivalActionsProps;
}) {
  return (
    <li className="card admin-card">
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
        Propuesto por {f.proposed_by ? (userName(f.proposed_by) ?? `usuario #${f.proposed_by}`) : 'un administrador'}
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
                  : `(pendiente, propuesto por ${d.proposed_by ? (userName(d.proposed_by) ?? `usuario #${d.proposed_by}`) : 'un administrador'})`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="admin-text">{truncateText(markdownToText(f.description), 280) || 'Sin descripción disponible'}</p>
      <ProposalExtrasSummary proposal={f.proposal} />
      {images.length > 0 && (
        <div
          className="admin-thumbs"
          aria-label={`${images.length} imágenes propuestas pendientes (se moderan en Fotos/Vídeos)`}
        >
          {images.slice(0, 5).map((m) => (
            <img key={m.id} src={mediaUrl(m.url) ?? ''} alt={`Imagen propuesta ${m.id}`} loading="lazy" />
          ))}
          <span className="muted">Imágenes pendientes en Fotos/Vídeos</span>
        </div>
      )}
      <FestivalActions festival={f} {...actions} />
    </li>
  );
}
