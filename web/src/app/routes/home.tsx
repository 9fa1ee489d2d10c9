import { CreateAlertButton } from '../../features/account/components/create-alert-button';
import { ForYou } from '../../features/discover/components/for-you';
import { FestivalsScreen } from '../../features/festivals/components/festivals-screen';
import '../../features/festivals/components/festivals.css';

export function HomeRoute() {
  return (
    <FestivalsScreen
      renderFilterActions={(filters) => <CreateAlertButton filters={filters} />}
      renderPicks={() => <ForYou />}
    />
  );
}
