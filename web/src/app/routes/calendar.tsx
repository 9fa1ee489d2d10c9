import { CalendarPage } from '../../features/calendar/components/calendar-page';
import { fetchFestivals } from '../../lib/catalog';
import { usePageTitle } from './use-page-title';

// Start the catalogue request when the route module runs, before the screen renders.
void fetchFestivals().catch(() => undefined);

export function CalendarRoute() {
  usePageTitle('Calendario');
  return <CalendarPage />;
}
