import { HelpPage } from '../../features/static-pages/components/help-page';
import { usePageTitle } from './use-page-title';

export function HelpRoute() {
  usePageTitle('Ayuda');
  return <HelpPage />;
}
