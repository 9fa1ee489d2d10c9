import { AboutPage } from '../../features/static-pages/components/about-page';
import { usePageTitle } from './use-page-title';

export function AboutRoute() {
  usePageTitle('Sobre nosotros');
  return <AboutPage />;
}
