import { CalendarPage } from '../../features/calendar/components/calendar-page';
import { usePageTitle } from './use-page-title';

export function CalendarRoute() {
  usePageTitle('Calendario');
  return <CalendarPage />;
}
