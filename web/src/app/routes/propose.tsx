import { SignInButton } from '../../features/auth/components/sign-in-button';
import { ProposePage } from '../../features/propose/components/propose-page';
import { usePageTitle } from './use-page-title';

export function ProposeRoute() {
  usePageTitle('Proponer festival');
  return <ProposePage signIn={<SignInButton />} />;
}
