import { ArtistsScreen } from '../../features/artists/components/artists-screen';
import { usePageTitle } from './use-page-title';

export function ArtistsRoute() {
  usePageTitle('Artistas');
  return <ArtistsScreen />;
}
