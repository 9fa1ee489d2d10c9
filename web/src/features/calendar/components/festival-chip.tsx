import { Link } from 'react-router-dom';
import type { CalendarFestival } from '#core/festival-page';
import { paths } from '../../../config/paths';

const PALETTE_SIZE = 5;

/** A festival inside a day cell: a link to its page, coloured by id so spans read across days. */
export function FestivalChip({
  festival,
  day,
  detailed = false,
}: {
  festival: CalendarFestival;
  day: string;
  detailed?: boolean;
}) {
  const starts = festival.start_date === day;
  const ends = (festival.end_date || festival.start_date) === day;
  const continues = !starts;
  return (
    <Link
      to={paths.festival(festival.id, festival.name)}
      className={`cal-chip cal-chip-${festival.id % PALETTE_SIZE}${continues ? ' is-continuing' : ''}${!ends ? ' goes-on' : ''}`}
      title={festival.name}
      onClick={(e) => e.stopPropagation()}
    >
      <span className="cal-chip-name">{festival.name}</span>
      {detailed
        ? (continues || festival.location) && (
            <span className="cal-chip-meta">
              {[continues ? 'Continúa' : null, festival.location].filter(Boolean).join(' · ')}
            </span>
          )
        : continues && <span className="visually-hidden"> (continúa)</span>}
    </Link>
  );
}
