import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { festivalKey } from '../../../lib/query-keys';
import { useQuery } from '../../../lib/use-server-data';
import { getFestival, type FestivalDetail } from '../api/festival';

type State =
  | { status: 'loading'; festival: null }
  | { status: 'ready'; festival: FestivalDetail }
  | { status: 'not-found'; festival: null }
  | { status: 'error'; festival: null };

/** Loads one festival; reloads when the signed-in person changes (a proposer or admin sees pending ones). */
export function useFestival(id: number) {
  const { token } = useAuth();
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, error, refetch } = useQuery({
    queryKey: festivalKey(id, token ?? ''),
    queryFn: ({ signal }) => getFestival(id, signal),
    enabled: valid,
  });
  const state: State =
    !valid || (error instanceof ApiError && error.status === 404)
      ? { status: 'not-found', festival: null }
      : error
        ? { status: 'error', festival: null }
        : data
          ? { status: 'ready', festival: data }
          : { status: 'loading', festival: null };
  /** Re-reads the festival quietly (after a comment changes its rating). */
  return { ...state, refresh: refetch };
}
