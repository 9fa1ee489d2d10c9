import { Link } from 'react-router-dom';
import { formatDate } from '#core/dates';
import { changeLine } from '#core/set-change-text';
import { paths } from '../../../config/paths';
import { mediaUrl } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-server-data';
import { getFestivalUpdates, getTodayChanges, type FestivalDetail } from '../api/festival';
import { Suspense } from 'react';
import { MarkdownText, PlainText } from './lazy-markdown';

/**
 * What the organisers say on the festival page: 'Cambios de hoy' (the sets changed today, when any)
 * and 'Novedades' (their updates, newest first), with the way in for the organiser who has no access yet.
 */
export function FestivalNews({ festival }: { festival: FestivalDetail }) {
  const approved = festival.status === 'approved';
  const updates = useQuery({
    queryKey: ['festival-updates', festival.id],
    queryFn: ({ signal }) => getFestivalUpdates(festival.id, signal),
    enabled: approved,
  });
  const changes = useQuery({
    queryKey: ['festival-changes', festival.id],
    queryFn: ({ signal }) => getTodayChanges(festival.id, signal),
    enabled: approved,
  });
  if (!approved) return null;
  const today = changes.data?.changes ?? [];
  return (
    <>
      {today.length ? (
        <section id="cambios-de-hoy" className="detail-section festival-changes" aria-labelledby="cambios-de-hoy-title">
          <h2 id="cambios-de-hoy-title">Cambios de hoy</h2>
          <ul>
            {today.map((c) => (
              <li key={c.id}>{changeLine(c, festival.time_zone ?? null)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {updates.data?.length ? (
        <section
          id="novedades"
          className="detail-section festival-updates"
          tabIndex={-1}
          aria-labelledby="novedades-title"
        >
          <h2 id="novedades-title">Novedades</h2>
          <ul className="festival-updates-list">
            {updates.data.map((u) => (
              <li key={u.id}>
                <article aria-labelledby={`novedad-${u.id}`}>
                  <h3 id={`novedad-${u.id}`}>{u.title}</h3>
                  <p className="muted">{formatDate(u.created_at.slice(0, 10))}</p>
                  {u.image_url ? (
                    <img src={mediaUrl(u.image_url)!} alt="" loading="lazy" className="festival-update-image" />
                  ) : null}
                  <Suspense fallback={<PlainText>{u.body}</PlainText>}>
                    <MarkdownText>{u.body}</MarkdownText>
                  </Suspense>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* One line, not a section, while there is no news: the sections below stay where they were. */}
      <p className="festival-claim">
        <Link to={paths.organizer(festival.id)}>¿Organizas este festival?</Link>
      </p>
    </>
  );
}
