import { lazy, Suspense } from 'react';
import { fetchFestivals } from '../../lib/catalog';
import { usePageTitle } from './use-page-title';

// The catalogue request starts as soon as this small route module runs, while Leaflet and the map
// screen still download (bench/web-map.ts: 5,000 festivals interactive within 1.5 s).
void fetchFestivals().catch(() => undefined);

const MapPage = lazy(() => import('../../features/map/components/map-page').then((m) => ({ default: m.MapPage })));

export function MapRoute() {
  usePageTitle('Mapa');
  return (
    <Suspense fallback={<div className="page" aria-busy="true" />}>
      <MapPage />
    </Suspense>
  );
}
