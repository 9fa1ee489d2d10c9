import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import {
  NewsletterStatusPage,
  type NewsletterStatus,
} from '../../features/newsletter/components/newsletter-status-page';
import { usePageTitle } from './use-page-title';

const statuses: NewsletterStatus[] = ['confirmar', 'confirmada', 'enlace-no-valido', 'baja'];

export function NewsletterRoute() {
  const { status } = useParams();
  const [params] = useSearchParams();
  usePageTitle('Newsletter');
  if (!statuses.includes(status as NewsletterStatus)) return <Navigate to="/" replace />;
  return <NewsletterStatusPage status={status as NewsletterStatus} token={params.get('token')} />;
}
