import { useId, useState } from 'react';
import { useQuery } from '../../../lib/use-server-data';
import { errorMessage, FieldError, SavedNotice } from '../../../components/editions/form-status';
import { formatDateTime } from '../format';
import type { AdminUser, Festival } from '#core/response-schemas';
import type { FestivalChange } from '#core/responses/organizers';
import {
  decideClaim,
  getClaims,
  getHistory,
  getOrganizers,
  grantOrganizer,
  revertChange,
  revokeOrganizer,
} from '../api/organizers-api';

const entityLabels: Record<FestivalChange['entity'], string> = {
  festival: 'Ficha',
  edition: 'Edición',
  lineup: 'Cartel',
  tickets: 'Entradas',
  tiers: 'Tramos de precio',
  conditions: 'Antes de ir',
  accessibility: 'Accesibilidad',
  set: 'Actuación en directo',
};

const fieldLabels: Record<string, string> = {
  name: 'Nombre',
  location: 'Lugar',
  address: 'Dirección',
  description: 'Descripción',
  website: 'Web',
  imageUrl: 'Imagen',
  genres: 'Géneros',
  transportation: 'Cómo llegar',
  parking_info: 'Aparcamiento',
  accommodation: 'Alojamiento',
  status: 'Estado',
  latitude: 'Latitud',
  longitude: 'Longitud',
  year: 'Año',
  start_date: 'Inicio',
  end_date: 'Fin',
  notes: 'Notas',
  lineup: 'Cartel',
  price_from: 'Precio desde',
  price_to: 'Precio hasta',
  currency: 'Moneda',
  ticket_url: 'Venta',
  on_sale_at: 'A la venta desde',
  sold_out: 'Agotadas',
  stage: 'Escenario',
  starts_at: 'Empieza',
  ends_at: 'Termina',
  live_status: 'En directo',
  delay_minutes: 'Retraso (min)',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as the admin reads it: dates written out, a lineup by its size, long texts cut. */
const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string') ? value.join(', ') || '—' : `${value.length} artistas`;
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** The fields a change moved (a live change records the set's whole state; its artist names it). */
const moved = (c: FestivalChange) =>
  c.fields.filter(
    (f) => f !== 'artist' && JSON.stringify(c.before?.[f] ?? null) !== JSON.stringify(c.after?.[f] ?? null),
  );

/**
 * 'Organizadores': verified claims with their proof to approve or reject, and for one festival its
 * organisers ('Revocar', a direct grant) and its history of changes, each one revertible once.
 */
export function OrganizersTab({ festivals, users }: { festivals: Festival[]; users: AdminUser[] }) {
  const uid = useId();
  const claims = useQuery({ queryKey: ['admin-claims'], queryFn: ({ signal }) => getClaims('verified', signal) });
  const [festivalId, setFestivalId] = useState<number | null>(null);
  const organizers = useQuery({
    queryKey: ['admin-organizers', festivalId],
    queryFn: ({ signal }) => getOrganizers(festivalId!, signal),
    enabled: festivalId !== null,
  });
  const history = useQuery({
    queryKey: ['admin-history', festivalId],
    queryFn: ({ signal }) => getHistory(festivalId!, signal),
    enabled: festivalId !== null,
  });
  const [grantee, setGrantee] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>, done: string, reload: () => void) => {
    setError(null);
    try {
      await action();
      setSaved(done);
      reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="admin-organizers">
      <SavedNotice saved={saved} />
      <FieldError error={error} />
      <section aria-labelledby={`${uid}-claims`}>
        <h2 id={`${uid}-claims`}>Solicitudes verificadas</h2>
        {claims.isLoading ? (
          <p role="status">Cargando solicitudes...</p>
        ) : !claims.data?.length ? (
          <p className="muted">No hay solicitudes de organización pendientes de decidir.</p>
        ) : (
          <ul className="admin-claims">
            {claims.data.map((c) => (
              <li key={c.id} className="card">
                <p>
                  <strong>{c.user.name}</strong> ({c.user.email}) pide organizar <strong>{c.festival.name}</strong>
                </p>
                <p className="muted">
                  {c.method === 'email' ? 'Prueba por correo' : 'Prueba en la web oficial'}: {c.proof ?? '—'} · web
                  oficial {c.festival.website ?? '—'}
                </p>
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => void act(() => decideClaim(c.id, 'approved'), 'Solicitud aprobada', claims.refetch)}
                  >
                    Aprobar
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() => void act(() => decideClaim(c.id, 'rejected'), 'Solicitud rechazada', claims.refetch)}
                  >
                    Rechazar
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${uid}-festival`}>
        <h2 id={`${uid}-festival`}>Organizadores e historial de un festival</h2>
        <div className="field">
          <label htmlFor={`${uid}-pick`}>Festival</label>
          <select
            id={`${uid}-pick`}
            className="input"
            value={festivalId ?? ''}
            onChange={(e) => setFestivalId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Elige un festival</option>
            {festivals.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        {festivalId ? (
          <>
            <h3>Organizadores</h3>
            {organizers.data?.length ? (
              <ul className="admin-organizer-list">
                {organizers.data.map((o) => (
                  <li key={o.user.id}>
                    {o.user.name} ({o.user.email}) · desde {formatDateTime(o.since)}
                    {o.granted_by ? ` · dado por ${o.granted_by.name}` : ''}
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      onClick={() =>
                        void act(
                          () => revokeOrganizer(festivalId, o.user.id),
                          'Organizador revocado',
                          organizers.refetch,
                        )
                      }
                    >
                      Revocar
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nadie organiza este festival todavía.</p>
            )}
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                if (grantee)
                  void act(
                    () => grantOrganizer(festivalId, Number(grantee)),
                    'Organizador añadido',
                    organizers.refetch,
                  );
              }}
            >
              <label htmlFor={`${uid}-grantee`}>Dar el papel a</label>
              <select
                id={`${uid}-grantee`}
                className="input"
                value={grantee}
                onChange={(e) => setGrantee(e.target.value)}
              >
                <option value="">Elige una persona</option>
                {users.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.email})
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-sm">
                Añadir organizador
              </button>
            </form>

            <h3>Historial de cambios</h3>
            {history.data?.length ? (
              <ul className="admin-history">
                {history.data.map((c) => (
                  <li key={c.id}>
                    <p>
                      <strong>{entityLabels[c.entity]}</strong>
                      {typeof c.after?.artist === 'string' ? ` (${c.after.artist})` : ''} ·{' '}
                      {formatDateTime(c.created_at)} ·{' '}
                      {c.actor
                        ? `${c.actor.name} (${c.actor_role === 'admin' ? 'administración' : 'organización'})`
                        : 'cuenta eliminada'}
                      {c.reverts_id ? ` · deshace el cambio ${c.reverts_id}` : ''}
                    </p>
                    <ul className="muted">
                      {moved(c).map((field) => (
                        <li key={field}>
                          {fieldLabels[field] ?? field}: {shown(c.before?.[field])} → {shown(c.after?.[field])}
                        </li>
                      ))}
                    </ul>
                    {c.revertible ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        onClick={() => void act(() => revertChange(c.id), 'Cambio deshecho', history.refetch)}
                      >
                        Revertir
                      </button>
                    ) : c.reverted_by ? (
                      <span className="badge">Deshecho</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{history.isLoading ? 'Cargando historial...' : 'Sin cambios registrados.'}</p>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
