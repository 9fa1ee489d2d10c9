import { useCallback, useEffect, useState } from 'react';
import type { Festival } from '../../../../../core/types';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getFestival } from '../api/festival';

type State =
  | { status: 'loading'; festival: null }
  | { status: 'ready'; festival: Festival }
  | { status: 'not-found'; festival: null }
  | { status: 'error'; festival: null };

/** Loads one festival; reloads when the signed-in person changes (a proposer or admin sees pending ones). */
export function useFestival(id: number) {
  const { token } = useAuth();
  const [state, setState] = useState<State>({ status: 'loading', festival: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) {
      setState({ status: 'not-found', festival: null });
      return;
    }
    const controller = new AbortController();
    getFestival(id, controller.signal).then(
      (festival) => setState({ status: 'ready', festival }),
      (error: Error) => {
        if (error.name === 'AbortError') return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'not-found', festival: null } : { status: 'error', festival: null });
      },
    );
    return () => controller.abort();
  }, [id, token, version]);

  /** Re-reads the festival quietly (after a comment changes its rating). */
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, refresh };
}
