import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useQuery } from '../../../lib/use-server-data';
import { getMyClaims, getMyFestivals } from '../api/organizer';
import { ClaimFlow } from './claim-flow';
import { FestivalDesk } from './festival-desk';
import './organizer.css';

const claimStatusLabels = {
  pending: 'Falta la prueba',
  verified: 'Verificada: la revisa administración',
  approved: 'Aprobada',
  rejected: 'No aprobada',
} as const;

/**
 * /organizador, the organiser's desk: the festivals the person organises, each with what they may
 * edit, and their claims; with ?reclamar={id}, the claim of that festival first.
 */
export function OrganizerPage({ signIn }: { signIn?: ReactNode }) {
  const { user, token } = useAuth();
  const [search] = useSearchParams();
  const claimId = Number(search.get('reclamar'));
  const session = user ? `:${user.id}` : '';
  const festivals = useQuery({
    queryKey: ['organizer-festivals', session],
    queryFn: ({ signal }) => getMyFestivals(signal),
    enabled: Boolean(token),
  });
  const claims = useQuery({
    queryKey: ['organizer-claims', session],
    queryFn: ({ signal }) => getMyClaims(signal),
    enabled: Boolean(token),
  });
  const [chosen, setChosen] = useState<number | null>(null);

  if (!token) {
    return (
      <div className="page">
        <div className="container organizer-page">
          <h1 className="page-title">Organización</h1>
          <p className="muted">
            Inicia sesión para pedir la gestión de tu festival o para editar los que ya organizas.
          </p>
          {signIn}
        </div>
      </div>
    );
  }
  const list = festivals.data ?? [];
  const current = list.find((f) => f.id === chosen) ?? list[0];
  return (
    <div className="page">
      <div className="container organizer-page">
        <h1 className="page-title">Organización</h1>
        <p className="muted">
          Mantén al día tus festivales: lo que publicas se ve al momento y llega a quienes los siguen. El nombre, el
          lugar y las coordenadas los cambia administración.
        </p>

        {Number.isSafeInteger(claimId) && claimId > 0 ? (
          <ClaimFlow festivalId={claimId} onDone={() => (claims.refetch(), festivals.refetch())} />
        ) : null}

        {claims.data?.length ? (
          <section className="card organizer-section" aria-labelledby="mis-solicitudes">
            <h2 id="mis-solicitudes">Mis solicitudes</h2>
            <ul className="organizer-claims">
              {claims.data.map((c) => (
                <li key={c.id}>
                  <Link to={paths.festival(c.festival.id, c.festival.name)}>{c.festival.name}</Link>
                  <span className={`badge organizer-claim-${c.status}`}>{claimStatusLabels[c.status]}</span>
                  {c.status === 'pending' ? <Link to={paths.organizer(c.festival.id)}>Continuar</Link> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {festivals.isLoading ? (
          <p role="status">Cargando tus festivales...</p>
        ) : festivals.error ? (
          <p role="alert" className="field-error">
            {(festivals.error as Error).message}
          </p>
        ) : list.length === 0 ? (
          <p className="organizer-empty">
            Aún no organizas ningún festival. Abre la página de tu festival y pulsa «¿Organizas este festival?» para
            pedirlo.
          </p>
        ) : (
          <>
            {list.length > 1 ? (
              <div className="field organizer-choose">
                <label htmlFor="organizer-festival">Festival</label>
                <select
                  id="organizer-festival"
                  className="input"
                  value={current?.id}
                  onChange={(e) => setChosen(Number(e.target.value))}
                >
                  {list.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {current ? <FestivalDesk key={current.id} festival={current} onChanged={festivals.refetch} /> : null}
          </>
        )}
      </div>
    </div>
  );
}
