import { LegalNoticePage } from '../../features/static-pages/components/legal-notice-page';
import { usePageTitle } from './use-page-title';

export function LegalNoticeRoute() {
  usePageTitle('Aviso Legal');
  return <LegalNoticePage />;
}
