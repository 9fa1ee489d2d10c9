import { useId, useState } from 'react';
import { correctionGroupLabels, correctionValueKind, type FactCorrection } from '#core/fact-correction-schemas';
import { factLabels } from '#core/trip-fact-schemas';
import { errorMessage, FieldError, SavedNotice } from '../../../components/editions/form-status';
import { useQuery } from '../../../lib/use-server-data';
import { decideFactCorrection, getFactCorrections } from '../api/organizers-api';
import { formatDateTime } from '../format';

const statusText = { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada' } as const;

/** The proposed value as the festival page would say it. */
function valueText(c: FactCorrection): string {
  if (c.value === null) return 'Sin confirmar';
  const kind = correctionValueKind(c.group, c.field);
  if (kind === 'yes_no') return c.value ? 'Sí' : 'No';
  if (kind === 'choice')
    return (factLabels as Record<string, Record<string, string>>)[c.field]?.[String(c.value)] ?? String(c.value);
  return String(c.value);
}

/**
 * 'Correcciones': what people say is wrong in a festival's facts, each with the page that says so.
 * Approving one of 'Antes de ir' or accessibility writes it into the edition; one of the prices is
 * read here and entered in the edition's tiers.
 */
export function CorrectionsTab() {
  const uid = useId();
  const corrections = useQuery({
    queryKey: ['admin-fact-corrections'],
    queryFn: ({ signal }) => getFactCorrections(signal),
  });
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decide = async (c: FactCorrection, status: 'approved' | 'rejected') => {
    setError(null);
    try {
      await decideFactCorrection(c.id, status);
      setSaved(status === 'approved' ? 'Corrección aprobada' : 'Corrección rechazada');
      corrections.refetch();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section aria-labelledby={`${uid}-title`} className="admin-corrections">
      <h2 id={`${uid}-title`}>Correcciones propuestas</h2>
      <SavedNotice saved={saved} />
      <FieldError error={error} />
      {corrections.isLoading ? (
        <p role="status">Cargando correcciones...</p>
      ) : !corrections.data?.length ? (
        <p className="muted">Nadie ha propuesto correcciones todavía.</p>
      ) : (
        <ul className="admin-claims">
          {corrections.data.map((c) => (
            <li key={c.id} className="card">
              <p>
                <strong>{c.festival_name}</strong> {c.edition_year} · {correctionGroupLabels[c.group]} · {c.field_label}
                : <strong>{valueText(c)}</strong>
              </p>
              <p className="muted">
                Propuesta por {c.proposer.name} el {formatDateTime(c.created_at)} · {statusText[c.status]} · Fuente:{' '}
                <a href={c.source_url} target="_blank" rel="noopener nofollow">
                  {c.source_url}
                </a>
              </p>
              {c.note ? <p className="admin-text">“{c.note}”</p> : null}
              {c.status === 'pending' ? (
                <div className="row">
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => void decide(c, 'approved')}>
                    Aprobar
                    <span className="visually-hidden">
                      {' '}
                      la corrección de {c.field_label} en {c.festival_name}
                    </span>
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => void decide(c, 'rejected')}>
                    Rechazar
                    <span className="visually-hidden">
                      {' '}
                      la corrección de {c.field_label} en {c.festival_name}
                    </span>
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
