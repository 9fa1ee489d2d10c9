import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '../../../lib/use-server-data';
import { FieldError, useFormAction } from '../../../components/editions/form-status';
import type { Claim } from '#core/responses/organizers';
import { claimFestival, getFestival, verifyClaim } from '../api/organizer';

/**
 * '¿Organizas este festival?': the person proves it with a code mailed to an address at the
 * official website's domain, or with a token published on the website; then an admin decides.
 */
export function ClaimFlow({ festivalId, onDone }: { festivalId: number; onDone: () => void }) {
  const uid = useId();
  const festival = useQuery({
    queryKey: ['claim-festival', festivalId],
    queryFn: ({ signal }) => getFestival(festivalId, signal),
  });
  const [method, setMethod] = useState<'email' | 'website'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [claim, setClaim] = useState<Claim | null>(null);
  const { busy, error, run } = useFormAction();

  if (festival.isLoading) return <p role="status">Cargando el festival...</p>;
  if (!festival.data)
    return (
      <p role="alert" className="field-error">
        {(festival.error as Error)?.message ?? 'Festival no encontrado'}
      </p>
    );
  const name = festival.data.name;
  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () =>
      setClaim(await claimFestival(festivalId, method === 'email' ? { method, email } : { method })),
    );
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setClaim(await verifyClaim(claim!.id, claim!.method === 'email' ? code : undefined));
      onDone();
    });
  };

  return (
    <section className="card organizer-section organizer-claim" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>¿Organizas {name}?</h2>
      {claim?.status === 'verified' ? (
        <p role="status" className="organizer-ok">
          Prueba verificada. Administración revisará tu solicitud y te avisaremos en la campana y por correo.
        </p>
      ) : !claim ? (
        <form onSubmit={start}>
          <fieldset className="organizer-methods">
            <legend>Demuestra que hablas por el festival</legend>
            <label>
              <input
                type="radio"
                name={`${uid}-method`}
                checked={method === 'email'}
                onChange={() => setMethod('email')}
              />{' '}
              Con un correo del dominio oficial ({festival.data.website ?? 'sin web oficial'})
            </label>
            <label>
              <input
                type="radio"
                name={`${uid}-method`}
                checked={method === 'website'}
                onChange={() => setMethod('website')}
              />{' '}
              Publicando un código en la web oficial
            </label>
          </fieldset>
          {method === 'email' ? (
            <div className="field">
              <label htmlFor={`${uid}-email`}>Correo del dominio oficial</label>
              <input
                id={`${uid}-email`}
                className="input"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
          ) : null}
          <FieldError error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {method === 'email' ? 'Enviar código' : 'Obtener el código para la web'}
          </button>
        </form>
      ) : (
        <form onSubmit={verify}>
          {claim.method === 'email' ? (
            <>
              <p>
                Te hemos enviado un código de 6 cifras a <strong>{claim.email}</strong>. Caduca en 15 minutos.
              </p>
              <div className="field">
                <label htmlFor={`${uid}-code`}>Código</label>
                <input
                  id={`${uid}-code`}
                  className="input organizer-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(e) => setCode(e.target.value.trim())}
                />
              </div>
            </>
          ) : (
            <>
              <p>Publica esta etiqueta en la página de inicio de la web oficial:</p>
              <pre className="organizer-token" tabIndex={0} aria-label="Etiqueta de verificación">
                {claim.verification?.meta}
              </pre>
              <p>
                o este texto en <code>{claim.verification?.file}</code>:
              </p>
              <pre className="organizer-token" tabIndex={0} aria-label="Token de verificación">
                {claim.verification?.token}
              </pre>
            </>
          )}
          <FieldError error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {claim.method === 'email' ? 'Verificar código' : 'Comprobar la web'}
          </button>
        </form>
      )}
    </section>
  );
}
