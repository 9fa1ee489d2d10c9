import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { invalidateFestivals } from '../../../lib/query-keys';
import { FieldError, useFormAction } from '../../../components/editions/form-status';
import type { BulkImportResult } from '#core/import-schemas';
import { bulkImportFestivals } from '../api/imports-api';

/** A catalogue file loaded at once: a dry run first by default, then the rows created as approved or pending. */
export function BulkImport({ onChanged }: { onChanged: () => void }) {
  const uid = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [status, setStatus] = useState<'approved' | 'pending'>('approved');
  const [result, setResult] = useState<(BulkImportResult & { dryRun: boolean }) | null>(null);
  const action = useFormAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void action.run(async () => {
      setResult(null);
      const answer = await bulkImportFestivals(file, { dryRun, status });
      setResult({ ...answer, dryRun });
      if (!dryRun && answer.created.length) {
        invalidateFestivals();
        onChanged();
      }
    });
  };

  return (
    <section className="card admin-bulk" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Importación masiva</h2>
      <p className="muted">
        Un CSV con cabecera o una lista JSON: name, location, country, start_date, end_date, website, genres, latitude,
        longitude y description. Hasta 5000 festivales; los que probablemente ya existen se listan y no se crean.
      </p>
      <form onSubmit={submit} className="admin-bulk-form">
        <div className="field">
          <label htmlFor={`${uid}-file`}>Archivo CSV o JSON</label>
          <input
            id={`${uid}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <fieldset className="admin-bulk-status">
          <legend>Crear los festivales como</legend>
          <label>
            <input
              type="radio"
              name={`${uid}-status`}
              checked={status === 'approved'}
              onChange={() => setStatus('approved')}
            />{' '}
            Aprobados
          </label>
          <label>
            <input
              type="radio"
              name={`${uid}-status`}
              checked={status === 'pending'}
              onChange={() => setStatus('pending')}
            />{' '}
            Pendientes de revisión
          </label>
        </fieldset>
        <label className="admin-bulk-check">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} /> Simulación: ver qué
          pasaría sin crear nada
        </label>
        <FieldError error={action.error} />
        <button type="submit" className="btn btn-primary" disabled={action.busy || !file}>
          {action.busy ? 'Importando...' : dryRun ? 'Simular la importación' : 'Importar'}
        </button>
      </form>

      <div aria-live="polite">
        {result ? (
          <div className="admin-bulk-result">
            <p role="status">
              {result.dryRun
                ? `Se crearían ${result.would_create.length} festivales`
                : `Creados ${result.created.length} festivales`}
              , {result.duplicates.length} probables duplicados y {result.errors.length} filas con errores.
            </p>
            {result.duplicates.length ? (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption>Probables duplicados (no se han creado)</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Festival existente</th>
                      <th scope="col">Similitud del nombre</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.duplicates.map((d) => (
                      <tr key={d.row}>
                        <td>{d.row}</td>
                        <td>
                          <Link to={paths.festival(d.festival_id, d.name)}>{d.name}</Link>
                        </td>
                        <td>{Math.round(d.similarity * 100)} %</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {result.errors.length ? (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption>Filas con errores</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Campo</th>
                      <th scope="col">Error</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.errors.map((e, i) => (
                      <tr key={`${e.row}-${e.field}-${i}`}>
                        <td>{e.row}</td>
                        <td>{e.field}</td>
                        <td>{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
