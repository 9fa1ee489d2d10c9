import { useEffect, useState, type ChangeEvent } from 'react';

const SAVED_FEEDBACK_MS = 1500; // how long 'saved' shows before the form closes

type Errors<F extends string> = Partial<Record<F | 'file' | 'form', string>>;

/**
 * The state every admin form keeps: the values as typed, errors by field (plus 'file' and the
 * form's own), saving and saved. Editing a field clears its error; once saved, `onSaved` runs
 * after the confirmation has been seen.
 */
export function useAdminForm<F extends string>(initial: () => Record<F, string>, onSaved: () => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(onSaved, SAVED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [saved, onSaved]);

  const set = (field: F) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  return { values, setValues, errors, setErrors, saving, setSaving, saved, setSaved, set };
}

interface FooterProps {
  error?: string;
  saved: boolean;
  savedText: string;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}

/** The form's error, its saved confirmation, and 'Cancelar' beside the submit button. */
export function AdminFormFooter({ error, saved, savedText, saving, submitLabel, onCancel }: FooterProps) {
  return (
    <>
      {error && (
        <div className="admin-alert admin-alert-error" role="alert">
          {error}
        </div>
      )}
      {saved && (
        <div className="admin-alert admin-alert-success" role="status">
          {savedText}
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving || saved}>
          {saving ? 'Guardando...' : submitLabel}
        </button>
      </div>
    </>
  );
}
