import { Link } from 'react-router-dom';
import { CALENDAR_DESCRIPTION_LENGTH, markdownToText, truncateText } from '../../../../../core/calendar';
import { formatDateRange } from '../../../../../core/dates';
import type { Festival } from '../../../../../core/types';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { useFavorites } from '../../../lib/favorites';
import { downloadFestivalIcs } from '../download-ics';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1L12 2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CalendarPlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm11-2v4M8 2v4M3 10h18M12 13v6m-3-3h6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A festival in the day panel and the list view: star, dates, place, genres, 100-character description, .ics. */
export function FestivalEntry({ festival, headingLevel = 3 }: { festival: Festival; headingLevel?: 3 | 4 }) {
  const { isFavorite, toggleFavorite } = useFavorites();
  const toast = useToast();
  const favorite = isFavorite(festival.id);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const description = truncateText(markdownToText(festival.description), CALENDAR_DESCRIPTION_LENGTH);

  const addToCalendar = () => {
    if (downloadFestivalIcs(festival)) toast('Evento descargado: ábrelo para añadirlo a tu calendario.', 'info');
    else toast('Este festival no tiene fecha para añadir al calendario.', 'warning');
  };

  return (
    <article className={`cal-entry cal-entry-${festival.id % 5}`}>
      <div className="cal-entry-head">
        <Heading className="cal-entry-title">
          <Link to={paths.festival(festival.id, festival.name)}>{festival.name}</Link>
        </Heading>
        <button
          type="button"
          className={`cal-star${favorite ? ' is-on' : ''}`}
          aria-pressed={favorite}
          aria-label={favorite ? `Quitar ${festival.name} de favoritos` : `Añadir ${festival.name} a favoritos`}
          title={favorite ? 'Quitar de favoritos' : 'Añadir a favoritos'}
          onClick={() => void toggleFavorite(festival.id)}
        >
          <StarIcon filled={favorite} />
        </button>
      </div>
      <p className="cal-entry-dates">{formatDateRange(festival.start_date, festival.end_date)}</p>
      {festival.location && <p className="cal-entry-location">{festival.location}</p>}
      {festival.genres.length > 0 && (
        <ul className="cal-entry-genres" aria-label="Géneros">
          {festival.genres.slice(0, 3).map((g) => (
            <li key={g} className="badge">
              {g}
            </li>
          ))}
          {festival.genres.length > 3 && <li className="badge">+{festival.genres.length - 3}</li>}
        </ul>
      )}
      {description && <p className="cal-entry-description">{description}</p>}
      <div className="cal-entry-actions">
        <Link className="btn btn-sm btn-primary" to={paths.festival(festival.id, festival.name)}>
          Ver festival<span className="visually-hidden"> {festival.name}</span>
        </Link>
        <button type="button" className="btn btn-sm" onClick={addToCalendar}>
          <CalendarPlusIcon /> Añadir a mi calendario<span className="visually-hidden">: {festival.name}</span>
        </button>
      </div>
    </article>
  );
}
