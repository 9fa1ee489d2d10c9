import { useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

/**
 * The click that an email's link lands on (unsubscribing from the newsletter or an alert,
 * confirming the newsletter): what it does, the button, then the server's answer. A click is asked
 * for because mail scanners open links, so the GET alone must change nothing.
 */
export function EmailLinkAction({
  token,
  intro,
  buttonLabel,
  act,
  failure = 'No se pudo completar la baja. Inténtalo de nuevo.',
}: {
  token: string | null;
  intro: ReactNode;
  buttonLabel: string;
  act: (token: string) => Promise<{ message: string }>;
  failure?: string;
}) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone((await act(token ?? '')).message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : failure);
    } finally {
      setBusy(false);
    }
  };
  if (done) return <p role="status">{done}</p>;
  return (
    <>
      <p>{intro}</p>
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || !token}
        aria-busy={busy}
        onClick={() => void run()}
      >
        {buttonLabel}
      </button>
    </>
  );
}
