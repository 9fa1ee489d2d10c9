import { useId, useState, type FormEvent } from 'react';
import { editionStatuses, type EditionStatus } from '#core/lineup-schemas';
import { editionStatusLabels } from '#core/lineup-view';
import { ApiError } from '../../lib/api-client';
import { useEditionsApi } from './editions-api';
import { errorMessage, FieldError, useFormAction } from './form-status';
import type { Edition } from '#core/lineup-types';

interface DateValues {
  start_date: string;
  end_date: string;
  status: EditionStatus;
}

/** Start, end and status of an edition: the same three fields when creating one and when editing it. */
function EditionDateFields({
  uid,
  values,
  onChange,
  startRequired = false,
}: {
  uid: string;
  values: DateValues;
  onChange: (changed: Partial<DateValues>) => void;
  startRequired?: boolean;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${uid}-start`}>Inicio</label>
        <input
          id={`${uid}-start`}
          className="input"
          type="date"
          value={values.start_date}
          onChange={(e) => onChange({ start_date: e.target.value })}
          required={startRequired}
        />
      </div>
      <div className="field">
        <label htmlFor={`${uid}-end`}>Fin</label>
        <input
          id={`${uid}-end`}
          className="input"
          type="date"
          value={values.end_date}
          onChange={(e) => onChange({ end_date: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${uid}-status`}>Estado</label>
        <select
          id={`${uid}-status`}
          className="select"
          value={values.status}
          onChange={(e) => onChange({ status: e.target.value as EditionStatus })}
        >
          {editionStatuses.map((s) => (
            <option key={s} value={s}>
              {editionStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** An edition's dates, status and notes, and its deletion. */
export function EditionFields({
  edition,
  onSaved,
  onDeleted,
}: {
  edition: Edition;
  onSaved: (m: string) => void;
  onDeleted: () => void;
}) {
  const uid = useId();
  const { updateEdition, deleteEdition } = useEditionsApi();
  const [values, setValues] = useState({
    start_date: edition.start_date,
    end_date: edition.end_date ?? '',
    status: edition.status,
    notes: edition.notes ?? '',
  });
  const { busy, error, run } = useFormAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateEdition(edition.id, {
        year: edition.year,
        ...values,
        end_date: values.end_date || null,
        notes: values.notes || null,
      });
      onSaved(`Edición ${edition.year} guardada`);
    });
  };
  const remove = () => {
    if (!deleteEdition || !window.confirm(`¿Eliminar la edición ${edition.year} con su cartel y sus entradas?`)) return;
    void run(async () => {
      await deleteEdition(edition.id);
      onDeleted();
    });
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Fechas y estado</h3>
      <div className="editor-grid">
        <EditionDateFields
          uid={uid}
          values={values}
          onChange={(changed) => setValues({ ...values, ...changed })}
          startRequired
        />
        <div className="field editor-wide">
          <label htmlFor={`${uid}-notes`}>Notas</label>
          <input
            id={`${uid}-notes`}
            className="input"
            value={values.notes}
            onChange={(e) => setValues({ ...values, notes: e.target.value })}
          />
        </div>
      </div>
      <FieldError error={error} />
      <div className="editor-actions">
        {deleteEdition ? (
          <button type="button" className="btn btn-sm btn-ghost admin-danger-text" onClick={remove} disabled={busy}>
            Eliminar edición {edition.year}
          </button>
        ) : null}
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar fechas
        </button>
      </div>
    </form>
  );
}

/** A new edition of the festival: its year is the start date's. */
export function NewEdition({ festivalId, onCreated }: { festivalId: number; onCreated: (year: number) => void }) {
  const { createEdition } = useEditionsApi();
  const uid = useId();
  const [values, setValues] = useState({ start_date: '', end_date: '', status: 'announced' as EditionStatus });
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const year = Number(values.start_date.slice(0, 4));
    try {
      await createEdition(festivalId, {
        year,
        start_date: values.start_date,
        end_date: values.end_date || null,
        status: values.status,
      });
      onCreated(year);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 400 && !values.start_date
          ? 'La fecha de inicio es requerida'
          : errorMessage(e),
      );
    }
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Nueva edición</h3>
      <div className="editor-grid">
        <EditionDateFields uid={uid} values={values} onChange={(changed) => setValues({ ...values, ...changed })} />
      </div>
      <FieldError error={error} />
      <div className="editor-actions">
        <button type="submit" className="btn btn-sm btn-primary">
          Crear edición
        </button>
      </div>
    </form>
  );
}
