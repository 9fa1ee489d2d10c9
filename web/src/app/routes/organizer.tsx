import { SignInButton } from '../../features/auth/components/sign-in-button';
import { OrganizerPage } from '../../features/organizer/components/organizer-page';
import { usePageTitle } from './use-page-title';

export function OrganizerRoute() {
  usePageTitle('Organización');
  return <OrganizerPage signIn={<SignInButton />} />;
}
