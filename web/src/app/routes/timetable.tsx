import { TimetableScreen } from '../../features/timetable/components/timetable-screen';
import { usePageTitle } from './use-page-title';

export function TimetableRoute() {
  usePageTitle('Mi horario');
  return <TimetableScreen />;
}
