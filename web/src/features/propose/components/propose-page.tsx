import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { ProposeDone, type Proposal } from './propose-done';
import { ProposeForm } from './propose-form';
import './propose.css';

interface ProposePageProps {
  /** The shell's sign-in control, shown to signed-out visitors (features do not import each other). */
  signIn?: ReactNode;
}

/** /proponer: signed-in people propose a festival; the others are asked to sign in. */
export function ProposePage({ signIn }: ProposePageProps) {
  const { user, checking } = useAuth();
  const [proposal, setProposal] = useState<Proposal | null>(null);

  if (checking) {
    return (
      <div className="page">
        <div className="container propose-narrow">
          <p className="muted" role="status">
            Comprobando tu sesión...
          </p>
        </div>
      </div>
    );
  }

  if (!user) {
    return (
      <div className="page">
        <div className="container propose-narrow">
          <h1 className="page-title">Proponer festival</h1>
          <section className="card propose-signin" aria-labelledby="propose-signin-title">
            <h2 id="propose-signin-title">Inicia sesión para proponer un festival</h2>
            <p className="muted">
              Las propuestas las revisa nuestro equipo antes de publicarlas. Necesitamos saber quién las envía para
              avisarte cuando tu festival se apruebe.
            </p>
            {signIn && <div className="propose-signin-action">{signIn}</div>}
            <p className="muted propose-signin-note">
              ¿Solo quieres avisarnos? También puedes escribirnos desde <Link to={paths.contact()}>Contacto</Link>.
            </p>
          </section>
        </div>
      </div>
    );
  }

  if (proposal) {
    return (
      <div className="page">
        <div className="container propose-narrow">
          {/* The form was unmounted: "Proponer otro festival" brings it back empty, images included. */}
          <ProposeDone proposal={proposal} onAnother={() => setProposal(null)} />
        </div>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="container propose-narrow">
        <header className="propose-header">
          <h1 className="page-title">
            Proponer <span className="gradient-text">festival</span>
          </h1>
          <p className="muted">
            ¿Conoces un festival de música electrónica que no está en Festivales? Cuéntanos los detalles: lo revisaremos
            y, si todo está bien, lo publicaremos en la lista, el mapa y el calendario.
          </p>
        </header>
        <ProposeForm onProposed={setProposal} />
      </div>
    </div>
  );
}
