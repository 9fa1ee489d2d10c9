import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The one client store of server state (docs/decisions/082), with TanStack Query's concepts and
 * names: TanStack Query itself (9.8 KB gzip for QueryClient, its provider and useQuery) does not fit
 * the home's first-load budget (docs/decisions/005).
 *
 * - A query is what one GET answered, kept under its key (an array: ['festivals', url]); reads of the
 *   same key share one request and one answer.
 * - useQuery reads a key for a component: the answer at hand is drawn by the first render (an answer
 *   of this visit, or one the boot entry asked for before the code arrived, put here as initial data
 *   by main.tsx), and the query is fetched again on mount unless it is younger than `staleTime`.
 * - invalidateQueries after a write: the matching queries are stale, those on screen fetch again.
 * - The store keeps at most MAX_QUERIES answers no component reads, the least recently used going first.
 *
 * Freshness: an answer is fetched again whenever a component that reads it mounts (staleTime 0, the
 * default) or after a write invalidates it; lists and map views are kept for the visit (staleTime
 * Infinity) until a catalogue change invalidates them.
 */

export type QueryKey = readonly unknown[];

export interface QueryFunctionContext {
  /** Aborted when no component reads the query any more before it has answered. */
  signal: AbortSignal;
}

export interface FetchQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext) => Promise<T>;
  /** How long an answer counts as fresh, in ms: 0 (the default) asks again on every mount; Infinity never. */
  staleTime?: number;
}

interface Query {
  hash: string;
  key: QueryKey;
  data: unknown;
  error: unknown;
  /** When the data arrived (0: none, or invalidated). */
  updatedAt: number;
  fetching: { promise: Promise<unknown>; controller: AbortController } | null;
  /** The last query function it was fetched with, to fetch it again when it is invalidated on screen. */
  queryFn: ((context: QueryFunctionContext) => Promise<unknown>) | null;
  listeners: Set<() => void>;
}

const MAX_QUERIES = 100;
const hashKey = (key: QueryKey) => JSON.stringify(key);

/** Whether `key` starts with `prefix` (TanStack's partial key matching). */
const matches = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));

export class QueryClient {
  private queries = new Map<string, Query>();

  private query(key: QueryKey): Query {
    const hash = hashKey(key);
    let query = this.queries.get(hash);
    if (query) {
      // Most recently used last, so the oldest unread goes first.
      this.queries.delete(hash);
    } else {
      query = {
        hash,
        key,
        data: undefined,
        error: null,
        updatedAt: 0,
        fetching: null,
        queryFn: null,
        listeners: new Set(),
      };
    }
    this.queries.set(hash, query);
    if (this.queries.size > MAX_QUERIES) {
      for (const [oldHash, old] of this.queries) {
        if (this.queries.size <= MAX_QUERIES) break;
        if (!old.listeners.size && !old.fetching) this.queries.delete(oldHash);
      }
    }
    return query;
  }

  private notify(query: Query): void {
    query.listeners.forEach((listener) => listener());
  }

  /** The answer kept for `key`, if any. */
  getQueryData<T>(key: QueryKey): T | undefined {
    return this.queries.get(hashKey(key))?.data as T | undefined;
  }

  /** The state of `key` for a reader. */
  getQueryState(key: QueryKey): { data: unknown; error: unknown; isFetching: boolean; updatedAt: number } | undefined {
    const query = this.queries.get(hashKey(key));
    return (
      query && { data: query.data, error: query.error, isFetching: Boolean(query.fetching), updatedAt: query.updatedAt }
    );
  }

  /** A reader's initial data, kept when the key has none yet (no reader is told: the reader draws it itself). */
  setInitialData(key: QueryKey, data: unknown): void {
    const query = this.query(key);
    if (query.data !== undefined || data === undefined) return;
    query.data = data;
    query.updatedAt = Date.now();
  }

  /** Puts an answer (or changes the one kept, after a write) without asking the server. */
  setQueryData<T>(key: QueryKey, updater: T | undefined | ((old: T | undefined) => T | undefined)): void {
    const query = this.query(key);
    query.data =
      typeof updater === 'function' ? (updater as (old: T | undefined) => T | undefined)(query.data as T) : updater;
    query.error = null;
    query.updatedAt = Date.now();
    this.notify(query);
  }

  /** The answer for `queryKey`: the one kept while fresh, else one request shared by every caller asking meanwhile. */
  fetchQuery<T>({ queryKey, queryFn, staleTime = 0 }: FetchQueryOptions<T>): Promise<T> {
    const query = this.query(queryKey);
    query.queryFn = queryFn;
    if (query.data !== undefined && query.updatedAt > 0 && Date.now() - query.updatedAt < staleTime)
      return Promise.resolve(query.data as T);
    if (query.fetching) return query.fetching.promise as Promise<T>;
    const controller = new AbortController();
    const promise = queryFn({ signal: controller.signal }).then(
      (data) => {
        if (query.fetching?.promise !== promise) return data;
        query.fetching = null;
        query.data = data;
        query.error = null;
        query.updatedAt = Date.now();
        this.notify(query);
        return data;
      },
      (error: unknown) => {
        if (query.fetching?.promise === promise) {
          query.fetching = null;
          if (!controller.signal.aborted) query.error = error;
          this.notify(query);
        }
        throw error;
      },
    );
    query.fetching = { promise, controller };
    query.error = null;
    this.notify(query);
    return promise;
  }

  /** Starts loading a query that is likely to be read soon; failures are left for the reader to see. */
  prefetchQuery<T>(options: FetchQueryOptions<T>): void {
    this.fetchQuery(options).catch(() => undefined);
  }

  /** After a write: the queries whose key starts with `queryKey` (or that `predicate` names) are stale; those read on screen fetch again. */
  invalidateQueries({
    queryKey = [],
    predicate,
  }: {
    queryKey?: QueryKey;
    predicate?: (key: QueryKey) => boolean;
  }): void {
    for (const query of [...this.queries.values()]) {
      if (!matches(query.key, queryKey) || (predicate && !predicate(query.key))) continue;
      query.updatedAt = 0;
      if (query.fetching) {
        query.fetching.controller.abort();
        query.fetching = null;
      }
      if (!query.listeners.size) this.queries.delete(query.hash);
      else if (query.queryFn) this.prefetchQuery({ queryKey: query.key, queryFn: query.queryFn });
      else this.notify(query);
    }
  }

  /** Calls `listener` whenever `key`'s state changes; returns the unsubscribe. The last reader leaving aborts a request still on its way. */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const query = this.query(key);
    query.listeners.add(listener);
    return () => {
      query.listeners.delete(listener);
      if (query.listeners.size || !query.fetching) return;
      query.fetching.controller.abort();
      query.fetching = null;
    };
  }
}

/** The page's store. */
export const queryClient = new QueryClient();

export interface UseQueryOptions<T> extends FetchQueryOptions<T> {
  /** False reads nothing (not signed in, a bad id). */
  enabled?: boolean;
  /** The answer when the key has none yet (read from another query's answer), kept as if it had arrived now. */
  initialData?: () => T | undefined;
}

export interface QueryResult<T> {
  /** The answer for this key (a previous key's is kept while a new key loads); undefined before the first. */
  data: T | undefined;
  /** Why the last request failed; null after a success. */
  error: unknown;
  /** True while there is nothing to show yet: the first request, or one after a failure. */
  isLoading: boolean;
  /** True while any request runs, the first or a refetch. */
  isFetching: boolean;
  /** Asks again, keeping what is shown until the answer arrives. */
  refetch: () => void;
}

interface Shown<T> {
  hash: string | null;
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
}

function read<T>(key: QueryKey, enabled: boolean, kept: T | undefined, initialData?: () => T | undefined): Shown<T> {
  if (enabled && initialData && queryClient.getQueryData(key) === undefined)
    queryClient.setInitialData(key, initialData());
  const state = enabled ? queryClient.getQueryState(key) : undefined;
  return {
    hash: enabled ? hashKey(key) : null,
    data: enabled ? ((state?.data as T | undefined) ?? kept) : undefined,
    error: state?.error ?? null,
    isFetching: state?.isFetching ?? false,
  };
}

/**
 * Reads `queryKey` for a component (see QueryClient): the answer at hand is drawn by the first render;
 * a request is made on mount and when the key changes, unless the answer is younger than `staleTime`.
 * Answers are drawn in a transition: a long list renders in slices of a few milliseconds, so the page
 * keeps answering taps and keys while it is drawn.
 */
export function useQuery<T>({
  queryKey,
  queryFn,
  enabled = true,
  staleTime = 0,
  initialData,
}: UseQueryOptions<T>): QueryResult<T> {
  const hash = enabled ? hashKey(queryKey) : null;
  const [shown, setShown] = useState<Shown<T>>(() => read<T>(queryKey, enabled, undefined, initialData));
  if (shown.hash !== hash) setShown(read<T>(queryKey, enabled, shown.data, initialData));
  // The latest query function, so a caller may pass an inline function without asking again on every render.
  const latest = useRef(queryFn);
  useEffect(() => {
    latest.current = queryFn;
  });
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (hash === null) return;
    const key = JSON.parse(hash) as QueryKey;
    const update = () => startTransition(() => setShown((s) => read<T>(key, true, s.data)));
    const unsubscribe = queryClient.subscribe(key, update);
    queryClient
      .fetchQuery({ queryKey: key, queryFn: (context) => latest.current(context), staleTime: asked ? 0 : staleTime })
      .catch(() => undefined);
    return unsubscribe;
  }, [hash, asked, staleTime]);

  const refetch = useCallback(() => {
    if (hash !== null) queryClient.invalidateQueries({ queryKey: JSON.parse(hash) as QueryKey });
    setAsked((n) => n + 1);
  }, [hash]);

  return {
    data: shown.data,
    error: shown.error,
    isLoading: hash !== null && shown.data === undefined && shown.error === null,
    isFetching: shown.isFetching,
    refetch,
  };
}
