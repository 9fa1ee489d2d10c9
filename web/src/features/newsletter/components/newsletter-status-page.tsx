import { Link } from 'react-router-dom';
import { UnsubscribeAction } from '../../../components/ui/unsubscribe-action';
import { unsubscribeNewsletter } from '../api/unsubscribe';

export type NewsletterStatus = 'confirmada' | 'enlace-no-valido' | 'baja';

const titles: Record<NewsletterStatus, string> = {
  confirmada: '¡Suscripción confirmada!',
  'enlace-no-valido': 'Enlace no válido',
  baja: 'Darse de baja de la newsletter',
};

/** Where the links of newsletter messages land: the confirmation, an unknown link, and the unsubscribe button. */
export function NewsletterStatusPage({ status, token }: { status: NewsletterStatus; token: string | null }) {
  return (
    <div className="page">
      <div className="container newsletter-status">
        <h1 className="page-title">{titles[status]}</h1>
        {status === 'confirmada' && (
          <p>
            Recibirás una vez al mes los festivales nuevos y lo que empieza el mes siguiente. Puedes darte de baja desde
            cualquier boletín.
          </p>
        )}
        {status === 'enlace-no-valido' && (
          <p>
            El enlace no es válido o ya se usó. Si quieres recibir la newsletter, suscríbete de nuevo desde el pie de
            página.
          </p>
        )}
        {status === 'baja' && (
          <UnsubscribeAction
            token={token}
            unsubscribe={unsubscribeNewsletter}
            buttonLabel="Darme de baja"
            intro="Pulsa el botón para dejar de recibir la newsletter de Festivales en esta dirección."
          />
        )}
        <p>
          <Link to="/">Volver a los festivales</Link>
        </p>
      </div>
    </div>
  );
}
