import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import {
  AlertUnsubscribePage,
  type AlertUnsubscribeStatus,
} from '../../features/account/components/alert-unsubscribe-page';
import { usePageTitle } from './use-page-title';

const statuses: AlertUnsubscribeStatus[] = ['baja', 'enlace-no-valido'];

export function AlertUnsubscribeRoute() {
  const { status } = useParams();
  const [params] = useSearchParams();
  usePageTitle('Baja de avisos por correo');
  if (!statuses.includes(status as AlertUnsubscribeStatus)) return <Navigate to="/" replace />;
  return (
    <AlertUnsubscribePage
      status={status as AlertUnsubscribeStatus}
      token={params.get('token')}
      kind={params.get('tipo')}
    />
  );
}
