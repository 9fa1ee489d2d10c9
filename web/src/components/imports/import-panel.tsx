import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatDate, formatDateRange } from '#core/dates';
import {
  IDENTITY_IMPORT_FIELDS,
  importFieldLabels,
  type ImportDiff,
  type ImportField,
  type ImportPreview,
} from '#core/import-schemas';
import { FieldError, SavedNotice, useFormAction } from '../editions/form-status';
import { applyImport, previewImport } from './import-api';
import type { FestivalDetailAnswer } from './import-types';
import './import-panel.css';

const kindLabels: Record<ImportPreview['source']['kind'], string> = {
  'json-ld': 'datos estructurados (JSON-LD)',
  ical: 'calendario iCalendar',
  opengraph: 'metadatos para compartir (Open Graph)',
};
const statusLabels: Record<string, string> = {
  announced: 'anunciada',
  confirmed: 'confirmada',
  cancelled: 'cancelada',
};
const MAX_SHOWN_SETS = 30;

const time = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' }) : null;

interface SetValue {
  name: string;
  stage: string | null;
  starts_at: string | null;
  new?: boolean;
}

function SetList({ sets }: { sets: SetValue[] }) {
  if (sets.length === 0) return <span className="muted">Sin cartel</span>;
  return (
    <>
      <span>
        {sets.length} {sets.length === 1 ? 'actuación' : 'actuaciones'}
      </span>
      <ul className="import-sets">
        {sets.slice(0, MAX_SHOWN_SETS).map((set, i) => (
          <li key={`${set.name}-${i}`}>
            {set.name}
            {set.new ? <span className="import-new"> (artista nuevo)</span> : null}
            {set.stage || set.starts_at ? (
              <span className="muted"> · {[set.stage, time(set.starts_at)].filter(Boolean).join(', ')}</span>
            ) : null}
          </li>
        ))}
        {sets.length > MAX_SHOWN_SETS ? <li className="muted">y {sets.length - MAX_SHOWN_SETS} más</li> : null}
      </ul>
    </>
  );
}

/** A stored or imported value as a person compares them. */
function Value({ field, value, preview }: { field: ImportField; value: unknown; preview?: ImportPreview }): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="muted">Sin dato</span>;
  const v = value as Record<string, unknown>;
  switch (field) {
    case 'dates':
      return `${formatDateRange(v.start_date as string, v.end_date as string)} · ${statusLabels[v.status as string] ?? v.status}`;
    case 'coordinates':
      return `${v.latitude}, ${v.longitude}`;
    case 'lineup':
      return <SetList sets={preview ? preview.lineup : (value as SetValue[])} />;
    case 'tickets': {
      const price = (n: unknown) => (typeof n === 'number' ? `${n} ${v.currency ?? 'EUR'}` : '?');
      return [
        v.price_from === v.price_to
          ? `Precio: ${price(v.price_from)}`
          : `De ${price(v.price_from)} a ${price(v.price_to)}`,
        v.sold_out ? 'agotadas' : 'a la venta',
        v.ticket_url ? String(v.ticket_url) : null,
      ]
        .filter(Boolean)
        .join(' · ');
    }
    default: {
      const text = String(value);
      return text.length > 400 ? `${text.slice(0, 399)}…` : text;
    }
  }
}

interface ImportPanelProps {
  festivalId: number;
  /** Admins change a festival's identity (name, place, coordinates); organisers ask for it. */
  identityAllowed: boolean;
  onApplied: (festival: FestivalDetailAnswer) => void;
}

/**
 * Reads a festival's official page (or its .ics) into a draft, shows it beside the stored data field
 * by field, and applies the fields ticked. Admins and organisers share it (their routes are the same).
 */
export function ImportPanel({ festivalId, identityAllowed, onApplied }: ImportPanelProps) {
  const uid = useId();
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [ticked, setTicked] = useState<Set<ImportField>>(new Set());
  const [saved, setSaved] = useState<string | null>(null);
  const read = useFormAction();
  const apply = useFormAction();

  const submitRead = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    void read.run(async () => {
      setPreview(null);
      setTicked(new Set());
      setPreview(await previewImport(url.trim(), festivalId));
    });
  };
  const rows: ImportDiff[] = preview?.diff ?? [];
  const submitApply = (event: FormEvent) => {
    event.preventDefault();
    if (!preview) return;
    void apply.run(async () => {
      const fields = rows.map((r) => r.field).filter((f) => ticked.has(f));
      const { festival, edition, lineup, tickets } = preview;
      const answer = await applyImport(festivalId, preview.source.url, fields, { festival, edition, lineup, tickets });
      setPreview(null);
      setTicked(new Set());
      setSaved(`Aplicado: ${fields.map((f) => importFieldLabels[f]).join(', ')}. La fuente queda guardada.`);
      onApplied(answer);
    });
  };
  const toggle = (field: ImportField, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(field);
    else next.delete(field);
    setTicked(next);
  };

  return (
    <div className="import-panel">
      <form className="import-read" onSubmit={submitRead}>
        <div className="field">
          <label htmlFor={`${uid}-url`}>
            Dirección de la web oficial, de la página del evento o de su calendario (.ics)
          </label>
          <input
            id={`${uid}-url`}
            className="input"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <FieldError error={read.error} />
        <button type="submit" className="btn btn-primary" disabled={read.busy}>
          {read.busy ? 'Leyendo la página...' : 'Leer la página'}
        </button>
      </form>
      <SavedNotice saved={saved} />

      {preview ? (
        <form className="import-draft" onSubmit={submitApply} aria-labelledby={`${uid}-draft`}>
          <h4 id={`${uid}-draft`}>Borrador junto a los datos actuales</h4>
          <p className="muted">
            Leído de <a href={preview.source.url}>{preview.source.url}</a> ({kindLabels[preview.source.kind]}) el{' '}
            {formatDate(preview.source.fetched_at)}.
          </p>
          {preview.warnings.length ? (
            <ul className="import-warnings" aria-label="Lo que no se pudo leer">
              {preview.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          {rows.length === 0 ? (
            <p role="status">La página no dice nada distinto de lo que ya está guardado.</p>
          ) : (
            <ul className="import-rows">
              {rows.map((row) => {
                const locked = !identityAllowed && IDENTITY_IMPORT_FIELDS.includes(row.field);
                return (
                  <li key={row.field} className="import-row">
                    <div className="import-check">
                      <input
                        id={`${uid}-${row.field}`}
                        type="checkbox"
                        checked={ticked.has(row.field)}
                        disabled={locked}
                        aria-describedby={`${uid}-${row.field}-values`}
                        onChange={(e) => toggle(row.field, e.target.checked)}
                      />
                      <label htmlFor={`${uid}-${row.field}`}>
                        Aplicar {importFieldLabels[row.field].toLowerCase()}
                      </label>
                      {locked ? <span className="muted"> (lo cambia administración)</span> : null}
                    </div>
                    <dl id={`${uid}-${row.field}-values`} className="import-values">
                      <div>
                        <dt>Ahora</dt>
                        <dd>
                          <Value field={row.field} value={row.current} />
                        </dd>
                      </div>
                      <div>
                        <dt>En la página</dt>
                        <dd>
                          <Value field={row.field} value={row.imported} preview={preview} />
                        </dd>
                      </div>
                    </dl>
                  </li>
                );
              })}
            </ul>
          )}
          <FieldError error={apply.error} />
          {rows.length ? (
            <button type="submit" className="btn btn-primary" disabled={apply.busy || ticked.size === 0}>
              Aplicar lo marcado
            </button>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
