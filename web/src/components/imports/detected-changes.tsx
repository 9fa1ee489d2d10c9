import { useId, useState } from 'react';
import { formatDate } from '#core/dates';
import { importFieldLabels, type DetectedChange } from '#core/import-schemas';
import { apiRequest } from '../../lib/api-client';
import { useQuery } from '../../lib/use-server-data';
import { FieldError, SavedNotice, useFormAction } from '../editions/form-status';
import './import-panel.css';

/**
 * 'Cambios detectados': what a watched official page says differently from the stored festival,
 * to apply or dismiss. Admins see every festival's (`/api/admin`), organisers their own
 * (`/api/organizer`), optionally one festival's.
 */
export function DetectedChanges({
  base,
  festivalId,
  onApplied,
}: {
  base: '/api/admin' | '/api/organizer';
  festivalId?: number;
  onApplied: () => void;
}) {
  const uid = useId();
  const changes = useQuery({
    queryKey: ['detected-changes', base],
    queryFn: ({ signal }) => apiRequest<DetectedChange[]>(`${base}/detected-changes`, { signal }),
  });
  const action = useFormAction();
  const [saved, setSaved] = useState<string | null>(null);
  const shown = (changes.data ?? []).filter((c) => festivalId === undefined || c.festival_id === festivalId);
  const decide = (change: DetectedChange, verb: 'apply' | 'dismiss') =>
    void action.run(async () => {
      await apiRequest(`${base}/detected-changes/${change.id}/${verb}`, { method: 'POST' });
      setSaved(verb === 'apply' ? `Cambios de ${change.festival_name} aplicados` : 'Cambio descartado');
      changes.refetch();
      if (verb === 'apply') onApplied();
    });

  return (
    <section className="card import-detected" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Cambios detectados</h2>
      <p className="muted">
        Las webs oficiales vigiladas se leen una vez por semana; nada cambia hasta que alguien lo aplica.
      </p>
      <SavedNotice saved={saved} />
      <FieldError error={action.error ?? (changes.error ? 'No se pudieron cargar los cambios detectados.' : null)} />
      {changes.data && shown.length === 0 ? <p>No hay cambios pendientes.</p> : null}
      <ul className="import-rows">
        {shown.map((change) => (
          <li key={change.id} className="import-row">
            <p>
              <strong>{change.festival_name}</strong>: {change.diff.map((d) => importFieldLabels[d.field]).join(', ')}{' '}
              <span className="muted">
                (según <a href={change.source_url}>{change.source_url}</a>, {formatDate(change.detected_at)})
              </span>
            </p>
            <div className="import-actions">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={action.busy}
                onClick={() => decide(change, 'apply')}
              >
                Aplicar<span className="visually-hidden"> los cambios de {change.festival_name}</span>
              </button>
              <button
                type="button"
                className="btn btn-sm"
                disabled={action.busy}
                onClick={() => decide(change, 'dismiss')}
              >
                Descartar<span className="visually-hidden"> los cambios de {change.festival_name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
