import { ContactPage } from '../../features/static-pages/components/contact-page';
import { usePageTitle } from './use-page-title';

export function ContactRoute() {
  usePageTitle('Contacto');
  return <ContactPage />;
}
