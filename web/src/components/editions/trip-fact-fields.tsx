import { useId, useState, type FormEvent } from 'react';
import { useEditionsApi } from './editions-api';
import { FieldError, useFormAction } from './form-status';
import type { Edition } from '#core/lineup-types';
import { factLabels } from '#core/trip-fact-schemas';

/** One fact of a group: a choice, a yes/no, a number or a text; empty is 'Sin confirmar'. */
type Field =
  | { key: string; label: string; kind: 'choice'; options: Record<string, string> }
  | { key: string; label: string; kind: 'bool' | 'number' | 'text' | 'url' | 'long' };

const conditionFields: Field[] = [
  { key: 'food', label: 'Comida', kind: 'choice', options: factLabels.food },
  { key: 'water', label: 'Agua', kind: 'choice', options: factLabels.water },
  { key: 'reentry', label: 'Reentrada', kind: 'choice', options: factLabels.reentry },
  { key: 'cashless', label: 'Cashless obligatorio', kind: 'bool' },
  { key: 'cashless_refund_fee', label: 'Comisión por devolver el saldo (€)', kind: 'number' },
  { key: 'cashless_refund_days', label: 'Plazo para devolver el saldo (días)', kind: 'number' },
  { key: 'cash_accepted', label: 'Se acepta efectivo', kind: 'bool' },
  { key: 'age_policy', label: 'Edad', kind: 'choice', options: factLabels.age_policy },
  { key: 'minimum_age', label: 'Edad mínima o desde la que van acompañados', kind: 'number' },
  { key: 'guardian_form_url', label: 'Autorización para menores (URL)', kind: 'url' },
  { key: 'camping', label: 'Camping', kind: 'choice', options: factLabels.camping },
  { key: 'parking', label: 'Parking', kind: 'choice', options: factLabels.parking },
  { key: 'lockers', label: 'Taquillas', kind: 'bool' },
  { key: 'bag_limit', label: 'Tamaño máximo de bolsa', kind: 'text' },
  { key: 'notes', label: 'Otras condiciones (máximo 500 caracteres)', kind: 'long' },
];

const accessibilityFields: Field[] = [
  { key: 'step_free', label: 'Acceso sin escalones', kind: 'bool' },
  { key: 'viewing_platform', label: 'Plataforma para sillas de ruedas', kind: 'bool' },
  { key: 'adapted_toilets', label: 'Baños adaptados', kind: 'bool' },
  { key: 'companion_ticket', label: 'Entrada de acompañante', kind: 'choice', options: factLabels.companion_ticket },
  { key: 'sign_language', label: 'Intérprete de LSE', kind: 'bool' },
  { key: 'induction_loop', label: 'Bucle magnético', kind: 'bool' },
  { key: 'vibrating_vests', label: 'Chalecos vibratorios', kind: 'bool' },
  { key: 'quiet_area', label: 'Zona tranquila o chill-out', kind: 'bool' },
  { key: 'assistance_dogs', label: 'Perros de asistencia', kind: 'bool' },
  { key: 'accessible_camping', label: 'Camping accesible', kind: 'bool' },
  { key: 'accessible_parking', label: 'Parking accesible', kind: 'bool' },
  { key: 'contact', label: 'Contacto de accesibilidad (email o teléfono)', kind: 'text' },
  { key: 'notes', label: 'Otras notas (máximo 500 caracteres)', kind: 'long' },
];

type Values = Record<string, string>;

const toText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function toBody(fields: Field[], values: Values) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.key] ?? '';
    if (text === '') body[field.key] = null;
    else if (field.kind === 'bool') body[field.key] = text === 'true';
    else if (field.kind === 'number') body[field.key] = Number(text.replace(',', '.'));
    else body[field.key] = text;
  }
  body.source_url = values.source_url || null;
  body.verified_at = values.verified_at || null;
  return body;
}

function FactGroupForm({
  title,
  fields,
  initial,
  save,
  savedText,
  onSaved,
}: {
  title: string;
  fields: Field[];
  initial: Record<string, unknown> | null;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  savedText: string;
  onSaved: (m: string) => void;
}) {
  const uid = useId();
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      [...fields.map((f) => f.key), 'source_url', 'verified_at'].map((key) => [key, toText(initial?.[key])]),
    ),
  );
  const { busy, error, run } = useFormAction();
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await save(toBody(fields, values));
      onSaved(savedText);
    });
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{title}</h3>
      <p className="muted">Deja en «Sin confirmar» lo que no diga la fuente oficial.</p>
      <div className="editor-grid">
        {fields.map((field) => {
          const id = `${uid}-${field.key}`;
          const value = values[field.key] ?? '';
          return (
            <div key={field.key} className={field.kind === 'long' ? 'field editor-wide' : 'field'}>
              <label htmlFor={id}>{field.label}</label>
              {field.kind === 'choice' || field.kind === 'bool' ? (
                <select id={id} className="input" value={value} onChange={(e) => set(field.key, e.target.value)}>
                  <option value="">Sin confirmar</option>
                  {field.kind === 'choice' ? (
                    Object.entries(field.options).map(([key, label]) => (
                      <option key={key} value={key}>
                        {label}
                      </option>
                    ))
                  ) : (
                    <>
                      <option value="true">Sí</option>
                      <option value="false">No</option>
                    </>
                  )}
                </select>
              ) : field.kind === 'long' ? (
                <textarea
                  id={id}
                  className="input"
                  rows={3}
                  maxLength={500}
                  value={value}
                  onChange={(e) => set(field.key, e.target.value)}
                />
              ) : (
                <input
                  id={id}
                  className="input"
                  type={field.kind === 'url' ? 'url' : 'text'}
                  inputMode={field.kind === 'number' ? 'decimal' : undefined}
                  value={value}
                  onChange={(e) => set(field.key, e.target.value)}
                />
              )}
            </div>
          );
        })}
        <div className="field">
          <label htmlFor={`${uid}-source`}>Fuente (web oficial)</label>
          <input
            id={`${uid}-source`}
            className="input"
            type="url"
            placeholder="https://"
            value={values.source_url}
            onChange={(e) => set('source_url', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-verified`}>Verificado el</label>
          <input
            id={`${uid}-verified`}
            className="input"
            type="date"
            value={values.verified_at}
            onChange={(e) => set('verified_at', e.target.value)}
          />
        </div>
      </div>
      <FieldError error={error} />
      <div className="editor-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar {title.toLowerCase()}
        </button>
      </div>
    </form>
  );
}

/** 'Antes de ir' and accessibility of an edition, each group saved on its own with its source. */
export function TripFactFields({ edition, onSaved }: { edition: Edition; onSaved: (m: string) => void }) {
  const { saveConditions, saveAccessibility } = useEditionsApi();
  return (
    <>
      <FactGroupForm
        title="Antes de ir"
        fields={conditionFields}
        initial={edition.conditions}
        save={(body) => saveConditions(edition.id, body)}
        savedText={`Antes de ir ${edition.year} guardado`}
        onSaved={onSaved}
      />
      <FactGroupForm
        title="Accesibilidad"
        fields={accessibilityFields}
        initial={edition.accessibility}
        save={(body) => saveAccessibility(edition.id, body)}
        savedText={`Accesibilidad ${edition.year} guardada`}
        onSaved={onSaved}
      />
    </>
  );
}
