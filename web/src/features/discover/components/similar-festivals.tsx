import { useRef } from 'react';
import { similarReasonText } from '#core/similar-reason';
import { FestivalCard } from '../../../components/festival-card/festival-card';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useQuery } from '../../../lib/use-server-data';
import { getSimilarFestivals } from '../api/discover';
import './discover.css';

/**
 * 'Festivales parecidos' at the foot of a festival's information: asked for once the reader comes
 * near it, so the page's first screen shares the network with nothing. Not shown when there are none.
 */
export function SimilarFestivals({ festivalId }: { festivalId: number }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const similar = useQuery({
    queryKey: ['festival-similar', festivalId],
    queryFn: ({ signal }) => getSimilarFestivals(festivalId, signal),
    enabled: near,
  });
  const items = similar.data ?? [];
  return (
    <section
      ref={ref}
      id="parecidos"
      className="detail-section similar-festivals"
      aria-labelledby="parecidos-title"
      hidden={near && similar.data !== undefined && items.length === 0}
    >
      <h2 id="parecidos-title">Festivales parecidos</h2>
      {items.length ? (
        <ul className="discover-row" aria-label="Festivales parecidos">
          {items.map((item) => (
            <li key={item.festival.id} className="discover-item">
              <FestivalCard festival={item.festival} />
              <p className="discover-reason">{similarReasonText(item.reasons)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{similar.error ? 'No se pudieron cargar los festivales parecidos.' : 'Cargando…'}</p>
      )}
    </section>
  );
}
