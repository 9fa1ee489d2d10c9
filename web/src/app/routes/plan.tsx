import { SignInButton } from '../../features/auth/components/sign-in-button';
import { PlanJoinScreen } from '../../features/plans/components/plan-join-screen';
import { PlanScreen } from '../../features/plans/components/plan-screen';
import { usePageTitle } from './use-page-title';

export function PlanRoute() {
  usePageTitle('Plan con amigos');
  return <PlanScreen signIn={<SignInButton />} />;
}

export function PlanJoinRoute() {
  usePageTitle('Unirme a un plan');
  return <PlanJoinScreen signIn={<SignInButton />} />;
}
