import { isSoon, isUpcoming } from '#core/festival-filters';
import type { Festival } from '#core/response-schemas';

/**
 * Badges: 'Próximamente' when it starts within 30 days, else 'Próximo' when upcoming;
 * pending proposals get 'Pendiente' (short) or 'Pendiente de aprobación' (long, the festival page).
 */
export function FestivalBadges({
  festival,
  long = false,
  className = 'badge',
}: {
  festival: Pick<Festival, 'status' | 'name' | 'location' | 'genres' | 'start_date' | 'end_date'>;
  long?: boolean;
  className?: string;
}) {
  const soon = isSoon(festival);
  const upcoming = !soon && isUpcoming(festival);
  return (
    <>
      {festival.status === 'pending' ? (
        <span className={`${className} badge-warning`}>{long ? 'Pendiente de aprobación' : 'Pendiente'}</span>
      ) : null}
      {soon ? <span className={`${className} badge-accent`}>Próximamente</span> : null}
      {upcoming ? <span className={`${className} badge-info`}>Próximo</span> : null}
    </>
  );
}
