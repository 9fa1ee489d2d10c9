import { AccountPage } from '../../features/account/components/account-page';
import { usePageTitle } from './use-page-title';

export function AccountRoute() {
  usePageTitle('Mi cuenta');
  return <AccountPage />;
}
