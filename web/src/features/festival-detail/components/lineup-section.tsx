import { useState } from 'react';
import { ExternalLinkIcon, TicketIcon } from 'lucide-react';
import { formatDateRange } from '#core/dates';
import { editionStatusLabels, formatOnSale, ticketPriceText } from '#core/lineup-view';
import { formatRating } from '../../../components/ui/stars';
import { useQuery } from '../../../lib/use-server-data';
import { getEditions, type FestivalDetail } from '../api/festival';
import type { EditionStatus } from '#core/lineup-schemas';
import type { EditionSummary, LineupEntry, Tickets } from '#core/lineup-types';
import type { FactSource, Tier } from '#core/price-tier-schemas';
import { Lineup } from './lineup-list';
import { CurrentTier, PriceTiers } from './price-tiers';
import './lineup-section.css';
import { SourceNote } from './source-note';

function StatusBadge({ status }: { status: EditionStatus }) {
  const tone = status === 'cancelled' ? 'edition-cancelled' : status === 'confirmed' ? 'badge-success' : 'badge-info';
  return (
    <span className={`badge ${tone}`}>
      <span className="visually-hidden">Estado: </span>
      {editionStatusLabels[status]}
    </span>
  );
}

/** 'Entradas desde 89 €', on-sale date, 'Agotadas', 'Comprar entradas' to the official seller. */
export function TicketsBlock({ tickets, tiers, past }: { tickets: Tickets | null; tiers: Tier[]; past: boolean }) {
  // The time the block was first drawn: whether the sale has started is said as of then.
  const [now] = useState(Date.now);
  const price = tickets ? ticketPriceText(tickets) : null;
  const onSale = tickets?.on_sale_at ? new Date(tickets.on_sale_at) : null;
  return (
    <div className="card tickets-card">
      <h4>
        <TicketIcon className="icon" aria-hidden="true" /> Entradas
      </h4>
      {price ? (
        <p className={tickets?.sold_out ? 'tickets-price tickets-sold-out' : 'tickets-price'}>{price}</p>
      ) : (
        <p className="muted">{past ? 'Sin precios guardados de esta edición.' : 'Precio por anunciar'}</p>
      )}
      {tickets?.sold_out && price !== 'Agotadas' ? <p className="tickets-sold-out">Agotadas</p> : null}
      <CurrentTier tiers={tiers} past={past} />
      {onSale && !past ? (
        <p className="muted">
          {onSale.getTime() > now ? 'A la venta el ' : 'A la venta desde el '}
          <time dateTime={tickets!.on_sale_at!}>{formatOnSale(tickets!.on_sale_at!)}</time>
        </p>
      ) : null}
      {tickets?.ticket_url && !past && !tickets.sold_out ? (
        <a className="btn btn-primary tickets-buy" href={tickets.ticket_url} target="_blank" rel="noopener">
          Comprar entradas <ExternalLinkIcon className="icon" aria-hidden="true" />
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      ) : null}
      {price ? (
        <p className="tickets-note">Precios orientativos: confírmalos en la web oficial antes de comprar.</p>
      ) : null}
    </div>
  );
}

interface Shown {
  summary: EditionSummary | undefined;
  status: EditionStatus | null;
  lineup: LineupEntry[];
  tickets: Tickets | null;
  notes: string | null;
  editionId: number | null;
  tiers: Tier[];
  tiersSource: FactSource | null;
}

/**
 * The 'Cartel' section: the current edition's lineup and tickets, and a selector for past years.
 * The page holds the chosen year (`year`, null for the current edition) so the comments follow it.
 */
export function LineupSection({
  festival,
  year,
  onYearChange,
}: {
  festival: FestivalDetail;
  year: number | null;
  onYearChange: (year: number) => void;
}) {
  const editions = festival.editions ?? [];
  const currentYear = festival.edition?.year ?? null;
  const setYear = onYearChange;
  const shownYear = year ?? currentYear;
  const other = year !== null && year !== currentYear;
  // Other years' lineups are read only when asked for: the page itself carries the current one.
  const all = useQuery({
    queryKey: ['editions', festival.id],
    queryFn: ({ signal }) => getEditions(festival.id, signal),
    enabled: other,
  });

  let shown: Shown | null;
  if (!other) {
    shown = festival.edition
      ? {
          summary: editions.find((e) => e.year === currentYear),
          status: festival.edition.status,
          lineup: festival.lineup ?? [],
          tickets: festival.tickets ?? null,
          notes: null,
          editionId: festival.edition.id,
          tiers: festival.tiers ?? [],
          tiersSource: festival.tiers_source ?? null,
        }
      : null;
  } else {
    const edition = all.data?.find((e) => e.year === year);
    shown = edition
      ? {
          summary: edition,
          status: edition.status,
          lineup: edition.lineup,
          tickets: edition.tickets,
          notes: edition.notes,
          editionId: edition.id,
          tiers: edition.tiers ?? [],
          tiersSource: edition.tiers_source ?? null,
        }
      : null;
  }
  const past =
    !!shown?.summary && (shown.summary.end_date ?? shown.summary.start_date) < new Date().toISOString().slice(0, 10);

  return (
    <section id="cartel" className="detail-section" tabIndex={-1} aria-labelledby="cartel-title">
      <div className="section-head">
        <h2 id="cartel-title" className="section-title">
          Cartel
        </h2>
        {editions.length > 1 ? (
          <div className="edition-picker" role="group" aria-labelledby="edition-picker-label">
            <span id="edition-picker-label">Ediciones:</span>
            {editions.map((e, i) => (
              <span key={e.id} className="edition-picker-item">
                {i > 0 ? <span aria-hidden="true">·</span> : null}
                <button
                  type="button"
                  className="edition-year"
                  aria-pressed={e.year === shownYear}
                  onClick={() => setYear(e.year)}
                >
                  {e.year}
                </button>
              </span>
            ))}
          </div>
        ) : null}
      </div>
      {/* Announces the year a visitor switched to. */}
      <div aria-live="polite">
        {shown ? (
          <div className="edition">
            <div className="edition-head">
              <h3>Edición {shownYear}</h3>
              {shown.summary ? (
                <span className="edition-dates">
                  {formatDateRange(shown.summary.start_date, shown.summary.end_date)}
                </span>
              ) : null}
              {shown.status ? <StatusBadge status={shown.status} /> : null}
              {shown.summary && shown.summary.averageRating > 0 ? (
                <span className="edition-rating">
                  <span aria-hidden="true">★</span> {formatRating(shown.summary.averageRating)} (
                  {shown.summary.ratingsCount} {shown.summary.ratingsCount === 1 ? 'valoración' : 'valoraciones'} de{' '}
                  {shownYear})
                </span>
              ) : null}
            </div>
            {shown.notes ? <p className="muted edition-notes">{shown.notes}</p> : null}
            <div className="lineup-layout">
              <div className="card lineup-card">
                <Lineup entries={shown.lineup} zone={festival.time_zone} festival={festival} />
              </div>
              <TicketsBlock tickets={shown.tickets} tiers={shown.tiers} past={past} />
              {shown.editionId !== null ? (
                <PriceTiers editionId={shown.editionId} tiers={shown.tiers} source={shown.tiersSource} />
              ) : null}
            </div>
            {other ? null : <SourceNote sources={festival.sources} groups={['edition', 'lineup', 'tickets']} />}
          </div>
        ) : other && all.error ? (
          <p role="alert">
            No se pudo cargar la edición {year}.{' '}
            <button type="button" className="btn btn-sm" onClick={all.refetch}>
              Reintentar
            </button>
          </p>
        ) : other ? (
          <p className="muted" role="status">
            Cargando edición {year}...
          </p>
        ) : (
          <p className="lineup-empty">Cartel por anunciar</p>
        )}
      </div>
    </section>
  );
}
