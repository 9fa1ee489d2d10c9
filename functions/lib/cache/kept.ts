import { LRUCache } from 'lru-cache';
import type { Database } from '#db/client';
import { isDatabaseUnavailable } from '../errors';
import { lastWriteFor, writeCount, type Aggregate, type IdKind } from './written';

/*
 * Every answer the server keeps in memory follows one rule (docs/architecture.md, "Where an
 * answer is kept"):
 *
 * - A kept answer is fresh for FRESH_MS. Past that, the next request still gets it at once while
 *   one load, shared by every request for the same key, checks it in the background
 *   (stale-while-revalidate); a request finding it older than FRESH_MS + STALE_MS waits for that
 *   load instead. A change written by another process (another Lambda, a script: seen through the
 *   version rows the database's triggers keep) so shows within a second or so of being asked for.
 * - A write made through this process (`written()`, called by the domain's write functions) shows
 *   on the very next request: that request waits for a new load.
 * - While the database is unreachable, the last good answer is served (decision 022), and no
 *   request waits on the database for OUTAGE_RETRY_MS after a load failed for that reason.
 *
 * A load first reads the answer's stamp (the version rows behind it: one primary-key read) and,
 * when it has not moved, keeps the answer it has: checking costs a read, rebuilding only happens
 * on change.
 */
export const FRESH_MS = 1000;
export const STALE_MS = 30_000;
export const OUTAGE_RETRY_MS = 1000;

let outageUntil = 0;
const inOutage = () => Date.now() < outageUntil;

export interface KeptOptions<K, V> {
  /** What the answers are made of: a `written()` of any of these makes them wait for a new load. */
  madeOf: readonly Aggregate[];
  /** What the key names, when it is one item (by `idOf`, or the key itself when it is a number). */
  keyedBy?: IdKind;
  idOf?: (key: K) => number;
  /** Bound of the kept answers, in bytes as `sizeOf` counts them (least recently used out first), or in answers. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  maxEntries?: number;
  /** The version of what the answer is made of, read cheaply; the kept answer stays while it does not move. */
  stamp?: (key: K, database: Database) => Promise<unknown>;
  /**
   * Builds the answer from the database (the stamp was read first, so an answer is never labelled
   * newer than its data). `old` is the answer kept until now, if any: a load may return it as it is.
   */
  load: (key: K, database: Database, stamp: unknown, old: V | undefined) => Promise<V>;
}

interface Entry<V> {
  value: V;
  stamp: unknown;
  /** writeCount() when its load started: a write announced after that makes it wait. */
  seq: number;
  /** When its load started: when it was last checked. */
  madeAt: number;
  /** The order in which loads and refreshing requests began (a clock can show two in one millisecond). */
  order: number;
}

let order = 0;

export interface Kept<K, V> {
  /**
   * The answer for `key`, under the freshness rule above; with `refresh`, one whose load started
   * after this call (an answer found out of step with another kept answer it is made from).
   */
  get(key: K, database: Database, options?: { refresh?: boolean }): Promise<V>;
  /** The answer kept for `key`, fresh or not, without loading anything (tests, benchmarks). */
  peek(key: K): V | undefined;
  /** Drops every kept answer (tests and benchmarks that measure a cold start). */
  clear(): void;
}

/** Answers kept in memory under the one freshness rule of this module. */
export function kept<K extends string | number, V>(options: KeptOptions<K, V>): Kept<K, V> {
  /** A failed load's error, for the request that waited on it (lru-cache answers it with nothing). */
  const failures = new Map<K, unknown>();
  const { sizeOf, maxBytes } = options;
  const bound: LRUCache.Options<K, Entry<V>, Database> = sizeOf && maxBytes
    ? { maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) }
    : { max: options.maxEntries ?? 1 };
  const cache = new LRUCache<K, Entry<V>, Database>({
    ...bound,
    ttl: FRESH_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (key, old, { context: database }) => {
      const started = { seq: writeCount(), madeAt: Date.now(), order: ++order };
      try {
        const stamp = options.stamp ? await options.stamp(key, database) : undefined;
        if (old && options.stamp && old.stamp === stamp) return { ...old, ...started };
        return { value: await options.load(key, database, stamp, old?.value), stamp, ...started };
      } catch (error) {
        if (isDatabaseUnavailable(error)) outageUntil = Date.now() + OUTAGE_RETRY_MS;
        failures.set(key, error);
        throw error;
      }
    },
  });
  const idOf = options.idOf ?? ((key: K) => Number(key));
  return {
    async get(key, database, { refresh = false } = {}) {
      const since = lastWriteFor(
        options.madeOf,
        options.keyedBy ? { kind: options.keyedBy, id: idOf(key) } : undefined,
      );
      const askedAt = ++order;
      for (let tries = 0; ; tries += 1) {
        const outage = inOutage();
        const held = cache.peek(key, { allowStale: true });
        const tooOld =
          held !== undefined &&
          (held.seq < since || (refresh && held.order < askedAt) || Date.now() - held.madeAt > FRESH_MS + STALE_MS);
        const wait = tooOld && !outage;
        failures.delete(key);
        const entry = await cache.fetch(key, { context: database, allowStale: !wait, forceRefresh: wait });
        // Nothing kept to fall back on: the load's own error (a 503 while the database is down).
        if (!entry) throw failures.get(key) ?? new Error('A kept answer loaded nothing');
        // A load that had started before the write it must show: once more, with a load of its own.
        const current = entry.seq >= since && (!refresh || entry.order > askedAt);
        if (current || inOutage() || tries >= 2) return entry.value;
      }
    },
    peek: (key) => cache.peek(key, { allowStale: true })?.value,
    clear: () => cache.clear(),
  };
}

/**
 * Answers computed from one kept value alone (a page of the catalogue from the catalogue): they
 * need no freshness of their own, since they are found under the value they were made from and go
 * with it. Bounded by bytes; an answer smaller than the `minBytes` its caller gives costs less to
 * make again than to keep, and is not kept.
 */
export function derived<V>(options: { maxBytes: number; sizeOf: (value: V) => number }) {
  const ids = new WeakMap<object, number>();
  let lastId = 0;
  const cache = new LRUCache<string, { value: V }>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, options.sizeOf(entry.value)),
  });
  const keyOf = (from: object, key: string) => {
    let id = ids.get(from);
    if (id === undefined) ids.set(from, (id = ++lastId));
    return `${id}:${key}`;
  };
  return {
    get(from: object, key: string, make: () => V, { minBytes = 0 } = {}): V {
      const full = keyOf(from, key);
      const hit = cache.get(full);
      if (hit) return hit.value;
      const value = make();
      if (options.sizeOf(value) >= minBytes) cache.set(full, { value });
      return value;
    },
    has: (from: object, key: string) => cache.has(keyOf(from, key)),
    stats: () => ({ maxSize: cache.maxSize, calculatedSize: cache.calculatedSize, entries: cache.size }),
    clear: () => cache.clear(),
  };
}
