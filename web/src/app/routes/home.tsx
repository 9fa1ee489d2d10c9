import { lazy, Suspense } from 'react';
import { CreateAlertButton } from '../../features/account/components/create-alert-button';
import { FestivalsScreen } from '../../features/festivals/components/festivals-screen';
import '../../features/festivals/components/festivals.css';
import { useAuth } from '../../lib/auth';
import { useFavorites } from '../../lib/favorites';

// 'Para ti' is only for a visitor with something to go on: its code (and styles) load for them
// alone, after the home's first screen, and stay out of the first load.
const ForYou = lazy(() => import('../../features/discover/components/for-you').then((m) => ({ default: m.ForYou })));

function Picks() {
  const { user } = useAuth();
  const { ids } = useFavorites();
  if (!user && ids.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ForYou />
    </Suspense>
  );
}

export function HomeRoute() {
  return (
    <FestivalsScreen
      renderFilterActions={(filters) => <CreateAlertButton filters={filters} />}
      renderPicks={() => <Picks />}
    />
  );
}
