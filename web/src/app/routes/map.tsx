import { lazy, Suspense } from 'react';
import { DEFAULT_MAP_ZOOM } from '#core/map';
import { fetchMapView } from '../../features/map/api/map-views';
import { usePageTitle } from './use-page-title';

// The first view (the whole world at the starting zoom, with the centre) is asked for as soon as
// this small route module runs, while Leaflet and the map screen still download.
void fetchMapView({ zoom: DEFAULT_MAP_ZOOM }).catch(() => undefined);

const MapPage = lazy(() => import('../../features/map/components/map-page').then((m) => ({ default: m.MapPage })));

export function MapRoute() {
  usePageTitle('Mapa');
  return (
    <Suspense fallback={<div className="page" aria-busy="true" />}>
      <MapPage />
    </Suspense>
  );
}
