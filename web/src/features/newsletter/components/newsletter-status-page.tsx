import { Link, useNavigate } from 'react-router-dom';
import { EmailLinkAction } from '../../../components/ui/email-link-action';
import { confirmNewsletter, unsubscribeNewsletter } from '../api/unsubscribe';

export type NewsletterStatus = 'confirmar' | 'confirmada' | 'enlace-no-valido' | 'baja';

const titles: Record<NewsletterStatus, string> = {
  confirmar: 'Confirma tu suscripción',
  confirmada: '¡Suscripción confirmada!',
  'enlace-no-valido': 'Enlace no válido',
  baja: 'Darse de baja de la newsletter',
};

/** Where the links of newsletter messages land: the confirmation and unsubscribe buttons, and an unknown link. */
export function NewsletterStatusPage({ status, token }: { status: NewsletterStatus; token: string | null }) {
  const navigate = useNavigate();
  // Once confirmed, the page of a confirmed subscription (the token is spent: the address stays clean).
  const confirmThenShow = async (value: string) => {
    const answer = await confirmNewsletter(value);
    void navigate('/newsletter/confirmada', { replace: true });
    return answer;
  };
  return (
    <div className="page">
      <div className="container newsletter-status">
        <h1 className="page-title">{titles[status]}</h1>
        {status === 'confirmar' && (
          <EmailLinkAction
            token={token}
            act={confirmThenShow}
            buttonLabel="Confirmar suscripción"
            intro="Pulsa el botón para recibir una vez al mes la newsletter de Festivales en esta dirección."
            failure="No se pudo confirmar la suscripción. Inténtalo de nuevo."
          />
        )}
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
          <EmailLinkAction
            token={token}
            act={unsubscribeNewsletter}
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
