import { useId, useState, type FormEvent } from 'react';
import {
  correctableFields,
  correctionGroupLabels,
  correctionGroups,
  correctionValueKind,
  type CorrectionGroup,
} from '#core/fact-correction-schemas';
import { factLabels } from '#core/trip-fact-schemas';
import { FieldError, useFormAction } from '../../../components/editions/form-status';
import { useToast } from '../../../components/toast/toast-provider';
import { Modal } from '../../../components/ui/modal';
import { useAuth } from '../../../lib/auth';
import { proposeFactCorrection } from '../api/festival';

const fieldsOf = (group: CorrectionGroup) => Object.entries(correctableFields[group]) as [string, string][];
const choicesOf = (field: string) =>
  Object.entries((factLabels as Record<string, Record<string, string>>)[field] ?? {}) as [string, string][];

/** The value as typed, in the type the field takes ('' is 'Sin confirmar'). */
function valueFor(group: CorrectionGroup, field: string, raw: string): string | number | boolean | null {
  const kind = correctionValueKind(group, field);
  if (raw === '') return null;
  if (kind === 'yes_no') return raw === 'true';
  if (kind === 'number') return Number(raw.replace(',', '.'));
  return raw;
}

function CorrectionForm({ festivalId, onDone }: { festivalId: number; onDone: () => void }) {
  const uid = useId();
  const toast = useToast();
  const [group, setGroup] = useState<CorrectionGroup>('conditions');
  const [field, setField] = useState(fieldsOf('conditions')[0][0]);
  const [value, setValue] = useState('');
  const [source, setSource] = useState('');
  const [note, setNote] = useState('');
  const { busy, error, run } = useFormAction();
  const kind = correctionValueKind(group, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await proposeFactCorrection(festivalId, {
        group,
        field,
        value: valueFor(group, field, value),
        source_url: source,
        note: note || null,
      });
      toast('Gracias: revisaremos tu corrección y te avisaremos del resultado.', 'success');
      onDone();
    });
  };

  return (
    <form onSubmit={submit} className="fact-correction-form">
      <div className="field">
        <label htmlFor={`${uid}-group`}>Sobre</label>
        <select
          id={`${uid}-group`}
          className="input"
          value={group}
          onChange={(e) => {
            const next = e.target.value as CorrectionGroup;
            setGroup(next);
            setField(fieldsOf(next)[0][0]);
            setValue('');
          }}
        >
          {correctionGroups.map((g) => (
            <option key={g} value={g}>
              {correctionGroupLabels[g]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-field`}>Dato</label>
        <select
          id={`${uid}-field`}
          className="input"
          value={field}
          onChange={(e) => {
            setField(e.target.value);
            setValue('');
          }}
        >
          {fieldsOf(group).map(([name, label]) => (
            <option key={name} value={name}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-value`}>Dato correcto</label>
        {kind === 'choice' || kind === 'yes_no' ? (
          <select id={`${uid}-value`} className="input" value={value} onChange={(e) => setValue(e.target.value)}>
            <option value="">Sin confirmar</option>
            {kind === 'yes_no' ? (
              <>
                <option value="true">Sí</option>
                <option value="false">No</option>
              </>
            ) : (
              choicesOf(field).map(([name, label]) => (
                <option key={name} value={name}>
                  {label}
                </option>
              ))
            )}
          </select>
        ) : (
          <input
            id={`${uid}-value`}
            className="input"
            inputMode={kind === 'number' ? 'decimal' : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={200}
          />
        )}
      </div>
      <div className="field">
        <label htmlFor={`${uid}-source`}>Página oficial que lo dice (URL)</label>
        <input
          id={`${uid}-source`}
          className="input"
          type="url"
          required
          placeholder="https://"
          value={source}
          onChange={(e) => setSource(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${uid}-note`}>Nota (opcional)</label>
        <textarea
          id={`${uid}-note`}
          className="input"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <FieldError error={error} />
      <div className="fact-correction-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando...' : 'Enviar corrección'}
        </button>
      </div>
    </form>
  );
}

/**
 * '¿Algún dato no es correcto?': anyone signed in proposes a correction with its source; an admin
 * checks it and the person is told in the bell.
 */
export function FactCorrectionButton({ festivalId }: { festivalId: number }) {
  const { user } = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <div className="fact-correction">
      ¿Algún dato no es correcto?{' '}
      <button
        type="button"
        className="btn-link"
        onClick={() => (user ? setOpen(true) : toast('Inicia sesión para proponer una corrección.', 'info'))}
      >
        Propón una corrección
      </button>
      {open ? (
        <Modal title="Proponer una corrección" onClose={() => setOpen(false)}>
          <CorrectionForm festivalId={festivalId} onDone={() => setOpen(false)} />
        </Modal>
      ) : null}
    </div>
  );
}
