import { AdminPage } from '../../features/admin/components/admin-page';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { usePageTitle } from './use-page-title';

export function AdminRoute() {
  usePageTitle('Panel Admin');
  return <AdminPage signIn={<SignInButton />} />;
}
