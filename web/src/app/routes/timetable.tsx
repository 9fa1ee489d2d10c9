import { TimetableScreen } from '../../features/timetable/components/timetable-screen';
import { PlanEntry } from '../../features/plans/components/plan-entry';
import '../../features/plans/components/plans.css';
import { usePageTitle } from './use-page-title';

/** 'Mi horario', with the way into plans with friends (the plans feature). */
export function TimetableRoute() {
  usePageTitle('Mi horario');
  return <TimetableScreen renderPlans={(festivalId) => <PlanEntry festivalId={festivalId} />} />;
}
