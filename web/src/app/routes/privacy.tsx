import { PrivacyPage } from '../../features/static-pages/components/privacy-page';
import { usePageTitle } from './use-page-title';

export function PrivacyRoute() {
  usePageTitle('Política de Privacidad');
  return <PrivacyPage />;
}
