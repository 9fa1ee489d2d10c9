import { startTransition, useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * The one way screens read server state (docs/decisions/023): what a GET answered for a key, whether
 * it is still loading, the last failure, and a reload. A key names what is read ('festivals',
 * 'festival:7:<session>'): a new key loads again, and null reads nothing (not signed in, a bad id).
 */
export interface ServerData<T> {
  /** The last answer for this key (kept while a reload or a new key loads); undefined before the first. */
  data: T | undefined;
  /** Why the last load failed; null after a success. */
  error: unknown;
  /** True while there is nothing to show yet: the first load, or a load after a failure. */
  loading: boolean;
  /** True while any load runs, the first or a reload. */
  refreshing: boolean;
  /** Loads again, keeping what is shown until the answer arrives. */
  reload: () => void;
  /** Changes what is shown after a write (an item added, a vote counted) without asking the server. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

interface State<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  refreshing: boolean;
}

/** The reloads of the mounted readers of each key, for `invalidate`. */
const readers = new Map<string, Set<() => void>>();

/** After a write that changes what a key reads: every mounted reader of it loads again. */
export function invalidate(key: string): void {
  readers.get(key)?.forEach((reload) => reload());
}

/** After a write that changes what a family of keys reads (every page of the list): those readers load again. */
export function invalidateWhere(matches: (key: string) => boolean): void {
  for (const [key, set] of readers) if (matches(key)) set.forEach((reload) => reload());
}

/**
 * Loads `load()` for `key` when the component mounts and whenever the key changes or a reload is
 * asked, unless `arrived()` already has that key's answer; an answer that arrives after the key
 * changed or the component left is dropped (its request is aborted). Failures are kept in `error`;
 * the caller decides what to show or log.
 */
export function useServerData<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  arrived?: () => T | undefined,
): ServerData<T> {
  // `arrived`: the answer for a key when it is already at hand (index.html's early request, a page
  // this visit has read): drawn by the render that first shows the key, without a loading state or
  // a render of its own, and not asked for again.
  const served = useRef<string | null>(null);
  const atHand = (k: string | null) => {
    const data = k !== null && arrived ? arrived() : undefined;
    served.current = data === undefined ? null : k;
    return data;
  };
  const [state, setState] = useState<State<T> & { key: string | null }>(() => {
    const data = atHand(key);
    return data !== undefined
      ? { key, data, error: null, loading: false, refreshing: false }
      : { key, data: undefined, error: null, loading: key !== null, refreshing: key !== null };
  });
  if (state.key !== key) {
    const data = atHand(key);
    setState(
      data !== undefined ? { key, data, error: null, loading: false, refreshing: false } : (s) => ({ ...s, key }),
    );
  }
  const [version, setVersion] = useState(0);
  // The latest loader, so a caller may pass an inline function without reloading on every render.
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    if (key === null) {
      setState((s) => ({ ...s, data: undefined, error: null, loading: false, refreshing: false }));
      return;
    }
    if (served.current === key) {
      served.current = null;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, error: null, loading: s.data === undefined, refreshing: true }));
    // An answer is drawn in a transition: a long list renders in slices of a few milliseconds, so
    // the page keeps answering taps and keys while it is drawn (one long task otherwise).
    loader.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          startTransition(() => setState((s) => ({ ...s, data, error: null, loading: false, refreshing: false })));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() => setState((s) => ({ ...s, error, loading: false, refreshing: false })));
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (key === null) return;
    const set = readers.get(key) ?? new Set();
    readers.set(key, set.add(reload));
    return () => {
      set.delete(reload);
      if (!set.size) readers.delete(key);
    };
  }, [key, reload]);

  const setData = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (update) =>
      setState((s) => ({
        ...s,
        data: typeof update === 'function' ? (update as (old: T | undefined) => T | undefined)(s.data) : update,
      })),
    [],
  );

  return { ...state, reload, setData };
}
