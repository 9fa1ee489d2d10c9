import { Link } from 'react-router-dom';
import { CalendarPlusIcon, StarIcon } from 'lucide-react';
import { formatDateRange } from '#core/dates';
import type { CalendarFestival } from '#core/festival-page';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { useFavorites } from '../../../lib/favorites';
import { downloadFestivalIcs } from '../download-ics';
import type { FestivalEditionFields } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';

/** A festival in the day panel and the list view: star, dates, place, genres, 100-character description, .ics. */
export function FestivalEntry({ festival, headingLevel = 3 }: { festival: CalendarFestival; headingLevel?: 3 | 4 }) {
  const { isFavorite, toggleFavorite } = useFavorites();
  const toast = useToast();
  const favorite = isFavorite(festival.id);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  // The server sends the preview already cut to 100 characters.
  const description = festival.description;

  const addToCalendar = async () => {
    // The event carries the whole description, the address and the lineup: the festival itself is asked for.
    const full = await apiRequest<Festival & Partial<FestivalEditionFields>>(`/api/festivals/${festival.id}`, {
      auth: false,
    }).catch(() => null);
    if (downloadFestivalIcs(full ?? festival))
      toast('Evento descargado: ábrelo para añadirlo a tu calendario.', 'info');
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
          <StarIcon size={20} strokeLinecap="butt" fill={favorite ? 'currentColor' : 'none'} />
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
        <button type="button" className="btn btn-sm" onClick={() => void addToCalendar()}>
          <CalendarPlusIcon size={18} /> Añadir a mi calendario
          <span className="visually-hidden">: {festival.name}</span>
        </button>
      </div>
    </article>
  );
}
