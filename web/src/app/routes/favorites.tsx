import { FavoritesScreen } from '../../features/festivals/components/favorites-screen';
import '../../features/festivals/components/festivals.css';

export function FavoritesRoute() {
  return <FavoritesScreen />;
}
