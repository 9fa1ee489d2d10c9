import { useState } from 'react';
import { FestivalCard } from '../../../components/festival-card/festival-card';
import { useToast } from '../../../components/toast/toast-provider';
import { useAuth } from '../../../lib/auth';
import { useFavorites } from '../../../lib/favorites';
import { lastNearPlace } from '../../../lib/near-place';
import { readJson, storageKeys, writeStorage } from '../../../lib/storage';
import { useQuery } from '../../../lib/use-server-data';
import { dismissRecommendation, getRecommendations, recommendationsUrl } from '../api/discover';
import './discover.css';

/**
 * 'Para ti' on the home: upcoming festivals picked from the visitor's favourites, follows and last
 * 'Cerca de' place, each with its reason. Not drawn at all for a visitor with nothing to go on, nor
 * when there are no picks. 'No me interesa' is kept on the server with a session, on the device
 * without one.
 */
export function ForYou() {
  const toast = useToast();
  const { user } = useAuth();
  const { ids } = useFavorites();
  const [dismissed, setDismissed] = useState<number[]>(() =>
    user ? [] : readJson<number[]>(storageKeys.dismissedRecommendations, []),
  );
  const signals = Boolean(user) || ids.length > 0;
  const url = recommendationsUrl({ signedIn: Boolean(user), favorites: ids, dismissed, near: lastNearPlace() });
  const picks = useQuery({
    // A session's favourites are read on the server: the key changes with them all the same.
    queryKey: ['recommendations', url, user?.id ?? null, ids.join(',')],
    queryFn: ({ signal }) => getRecommendations(url, signal),
    enabled: signals,
  });
  const items = (picks.data ?? []).filter((item) => !dismissed.includes(item.festival.id));
  if (!signals || items.length === 0) return null;

  const dismiss = async (id: number) => {
    const next = [...dismissed, id];
    setDismissed(next);
    if (!user) {
      writeStorage(storageKeys.dismissedRecommendations, JSON.stringify(next.slice(-200)));
      return;
    }
    try {
      await dismissRecommendation(id);
      picks.refetch();
    } catch {
      setDismissed(dismissed);
      toast('No se pudo guardar tu elección. Inténtalo de nuevo.', 'error');
    }
  };

  return (
    <section className="for-you" aria-labelledby="para-ti-title">
      <h2 id="para-ti-title" className="section-title">
        Para ti
      </h2>
      <ul className="discover-row is-scroller" aria-label="Festivales para ti">
        {items.map((item) => (
          <li key={item.festival.id} className="discover-item">
            <FestivalCard festival={item.festival} />
            <p className="discover-reason">{item.reason.text}</p>
            <div className="discover-actions">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`No me interesa ${item.festival.name}`}
                onClick={() => void dismiss(item.festival.id)}
              >
                No me interesa
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
