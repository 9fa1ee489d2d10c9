import { useState } from 'react';

/** The message of a failed request as the admin reads it. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'Error inesperado.');

/** A form's error, read out when it appears. */
export function FieldError({ error }: { error: string | null }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** What was just saved, in a live region that is always there so screen readers hear each new text. */
export function SavedNotice({ saved }: { saved: string | null }) {
  return (
    <div aria-live="polite">
      {saved ? (
        <p className="admin-alert admin-alert-success" role="status">
          {saved}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's requests, one at a time: busy while one runs (its buttons disabled), and its failure as
 * the form's error, cleared when the next one starts.
 */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
