import { Link } from 'react-router-dom';
import { alertKindLabels, alertKinds, type AlertKind } from '#core/types';
import { paths } from '../../../config/paths';
import { EmailLinkAction } from '../../../components/ui/email-link-action';
import { stopAlertEmails } from '../api/account';
import './account.css';

export type AlertUnsubscribeStatus = 'baja' | 'enlace-no-valido';

const titles: Record<AlertUnsubscribeStatus, string> = {
  baja: 'Dejar de recibir estos correos',
  'enlace-no-valido': 'Enlace no válido',
};

/**
 * Where the unsubscribe link of an alert email lands (GET /api/users/email-unsubscribe checks the
 * token and redirects here with its kind): it names what stops and asks for the click, since mail
 * scanners open links and a GET alone must change nothing.
 */
export function AlertUnsubscribePage({
  status,
  token,
  kind,
}: {
  status: AlertUnsubscribeStatus;
  token: string | null;
  kind: string | null;
}) {
  const label = alertKinds.includes(kind as AlertKind) ? `«${alertKindLabels[kind as AlertKind]}»` : null;
  return (
    <div className="page">
      <div className="container account-page">
        <h1 className="page-title">{titles[status]}</h1>
        <section className="card account-section" aria-label="Baja de los correos de avisos">
          {status === 'enlace-no-valido' && (
            <p>
              El enlace de baja no es válido. Puedes elegir qué correos recibes en{' '}
              <Link to={`${paths.account()}#avisos`}>Mi cuenta</Link>.
            </p>
          )}
          {status === 'baja' && (
            <EmailLinkAction
              token={token}
              act={stopAlertEmails}
              buttonLabel="Dejar de recibirlos"
              intro={`${
                label
                  ? `Pulsa el botón para dejar de recibir por correo los avisos de ${label}.`
                  : 'Pulsa el botón para dejar de recibir correos de avisos de Festivales.'
              } Seguirás viéndolos en la campana de la web.`}
            />
          )}
        </section>
        <p>
          <Link to={`${paths.account()}#avisos`}>Elegir mis avisos en Mi cuenta</Link> ·{' '}
          <Link to={paths.home()}>Volver a los festivales</Link>
        </p>
      </div>
    </div>
  );
}
