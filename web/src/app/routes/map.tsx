import { MapPage } from '../../features/map/components/map-page';
import { usePageTitle } from './use-page-title';

export function MapRoute() {
  usePageTitle('Mapa');
  return <MapPage />;
}
