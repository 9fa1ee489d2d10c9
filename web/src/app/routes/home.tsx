import { FestivalsScreen } from '../../features/festivals/components/festivals-screen';
import '../../features/festivals/components/festivals.css';

export function HomeRoute() {
  return <FestivalsScreen />;
}
