import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ExternalLinkIcon, TicketIcon } from 'lucide-react';
import { clockTime } from '#core/clock';
import { formatDateRange } from '#core/dates';
import { editionStatusLabels, formatOnSale, lineupGroupTitle, lineupView, ticketPriceText } from '#core/lineup-view';
import { formatRating } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { useQuery } from '../../../lib/use-server-data';
import { getEditions, type FestivalDetail } from '../api/festival';
import type { EditionStatus } from '#core/lineup-schemas';
import type { EditionSummary, LineupEntry, Tickets } from '#core/lineup-types';
import type { FactSource, Tier } from '#core/price-tier-schemas';
import { listenNotice } from '../../../components/player/embed-player';
import { LineupPlayer } from './lineup-player';
import { CurrentTier, PriceTiers } from './price-tiers';
import './lineup-section.css';
import { SourceNote } from './source-note';

function entryTime(entry: LineupEntry, zone: string | null | undefined): string | null {
  if (!entry.starts_at) return null;
  // On the festival's clock, as its poster and 'Mi horario' print them (the device's when unknown).
  const start = clockTime(new Date(entry.starts_at), zone);
  return entry.ends_at ? `${start}–${clockTime(new Date(entry.ends_at), zone)}` : start;
}

function ArtistLink({ entry, headliner, zone }: { entry: LineupEntry; headliner?: boolean; zone?: string | null }) {
  const time = entryTime(entry, zone);
  const where = headliner
    ? [entry.day ? lineupGroupTitle({ day: entry.day, stage: entry.stage }) : entry.stage, time]
        .filter(Boolean)
        .join(' · ')
    : time;
  return (
    <li className={headliner ? 'lineup-headliner' : 'lineup-artist'}>
      <a href={paths.artist(entry.artist.id, entry.artist.slug)}>{entry.artist.name}</a>
      {where ? <span className="lineup-when">{where}</span> : null}
      <button
        type="button"
        className="lineup-listen"
        data-listen={entry.id}
        aria-label={`Escuchar a ${entry.artist.name}`}
      >
        Escuchar
      </button>
    </li>
  );
}

/**
 * Headliners first and larger, then the rest alphabetically, by day and stage when known.
 * The artists' links are plain anchors that the router follows through one listener on the list:
 * a lineup holds up to 150 of them, and a router Link each would add its hooks and handlers to the
 * page's render on a phone.
 */
function Lineup({ entries, zone }: { entries: LineupEntry[]; zone?: string | null }) {
  const navigate = useNavigate();
  // The entry being listened to, by its place in the lineup as shown ('Escuchar').
  const [playing, setPlaying] = useState<number | null>(null);
  if (entries.length === 0) return <p className="lineup-empty">Cartel por anunciar</p>;
  const view = lineupView(entries);
  const queue = [...view.headliners, ...view.groups.flatMap((group) => group.entries)];
  const titled = view.groups.some((g) => lineupGroupTitle(g) !== null);
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const listen = (event.target as HTMLElement).closest<HTMLElement>('button[data-listen]');
    if (listen) {
      const index = queue.findIndex((entry) => String(entry.id) === listen.dataset.listen);
      if (index >= 0) setPlaying(index);
      return;
    }
    const link = (event.target as HTMLElement).closest('a');
    if (
      !link ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      event.defaultPrevented
    )
      return;
    event.preventDefault();
    navigate(link.getAttribute('href')!);
  };
  return (
    // The links inside are followed here (Enter on a focused link is a click too).
    <div className="lineup" onClick={follow}>
      <p className="lineup-listen-note muted">{listenNotice}</p>
      {playing !== null && queue[playing] ? (
        <LineupPlayer queue={queue} current={playing} onChange={setPlaying} />
      ) : null}
      {view.headliners.length ? (
        <>
          <h4 className="visually-hidden">Cabezas de cartel</h4>
          <ul className="lineup-headliners">
            {view.headliners.map((entry) => (
              <ArtistLink key={entry.id} entry={entry} zone={zone} headliner />
            ))}
          </ul>
        </>
      ) : null}
      {view.groups.map((group) => {
        const title = lineupGroupTitle(group);
        return (
          <div key={`${group.day}-${group.stage}`} className="lineup-group">
            {title ? (
              <h4 className="lineup-group-title">{title}</h4>
            ) : titled ? (
              <h4 className="lineup-group-title">Otros artistas</h4>
            ) : (
              <h4 className="visually-hidden">Resto del cartel</h4>
            )}
            <ul className="lineup-artists">
              {group.entries.map((entry) => (
                <ArtistLink key={entry.id} entry={entry} zone={zone} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

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
                <Lineup entries={shown.lineup} zone={festival.time_zone} />
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
