import type { Context } from 'hono';
import { cachedText, PER_REQUEST_BROTLI_QUALITY, sendCachedBody, type CachedBody } from './cached-body';

/** A page of a public list, with its serialised body and the list's total. */
export interface ListPage<T> {
  items: T[];
  body: string;
  total: number;
}

interface Entry<T> {
  version: number;
  expiresAt: number;
  value: Promise<ListPage<T>>;
}

/**
 * Pages of a festival's public lists (comments, gallery), kept per instance and reused while the
 * festival's list version is unchanged. Triggers bump that version on every write to the rows
 * behind a list (migration 0002, festival_list_versions), so a cached page is never served after
 * a change, whichever instance or function (admin moderation included) made it; a hit costs one
 * primary-key read instead of the aggregates and serialisation (bench/community.ts). The TTL only bounds how long an author's renamed profile can show in an old page.
 * Callers must read the version before loading, so a page is never labelled newer than its data.
 */
export class VersionedListCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 200,
  ) {}

  get(key: string, version: number, load: () => Promise<ListPage<T>>): Promise<ListPage<T>> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > now) return hit.value;
    // A request that read an older version than the cached page: answer it without caching.
    if (hit && hit.version > version && hit.expiresAt > now) return load();
    if (!hit && this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry: Entry<T> = { version, expiresAt: now + this.ttlMs, value };
    this.entries.set(key, entry);
    // Concurrent requests for the same page share this load; a failed one is not kept.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Singleflight for the anonymous version reads of a busy local server: a request arriving while
 * the same read is in flight shares its answer instead of queueing another query. What it gets is
 * at most one query's duration old, and never older than a write made through this process
 * (`written()` stops sharing reads that started before it). A Lambda serves one request at a time,
 * so there it never shares anything.
 */
export class SharedReads<T> {
  private readonly inFlight = new Map<string, { epoch: number; value: Promise<T> }>();
  private epoch = 0;

  read(key: string, load: () => Promise<T>): Promise<T> {
    const current = this.inFlight.get(key);
    if (current && current.epoch === this.epoch) return current.value;
    const value = load();
    const entry = { epoch: this.epoch, value };
    this.inFlight.set(key, entry);
    const done = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    value.then(done, done);
    return value;
  }

  written(): void {
    this.epoch += 1;
  }
}

/** Each page's body with its compressed forms, made on first use and gone with the page. */
const pageBodies = new WeakMap<ListPage<unknown>, CachedBody>();

/**
 * Sends a page of a public list: the total in X-Total-Count, the body compressed as the request
 * accepts (once per cached page, however many requests read it) with its ETag. Pages are rebuilt
 * on every write to their list, so brotli runs at the quality made for bodies that do not last.
 */
export function sendListPage(c: Context, page: ListPage<unknown>) {
  let body = pageBodies.get(page);
  if (!body) pageBodies.set(page, (body = cachedText(page.body, { brotliQuality: PER_REQUEST_BROTLI_QUALITY })));
  c.header('X-Total-Count', String(page.total));
  return sendCachedBody(c, body, undefined);
}

interface Kept {
  stamp: readonly unknown[];
  madeAt: number;
  value: Promise<CachedBody>;
  /** `value` once settled, for answers sent without waiting (peek). */
  made?: CachedBody;
  refreshing: boolean;
}

const sameStamp = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Answers kept per key while their stamp (what this process knows they are made of: a catalogue
 * snapshot's festival, the count of writes made here) is unchanged, for what no version in the
 * database covers (a festival's editions and picture copies, written by other functions too).
 * A changed stamp makes the next request wait for a new answer; past `freshMs` the kept answer
 * is still sent while one request's worth of work makes the next one in the background
 * (stale-while-revalidate), so an answer is at most `freshMs` plus one build older than a write
 * made elsewhere. A rebuilt answer with the same ETag keeps the old one and its compressed forms.
 */
export class RefreshedAnswers<K> {
  private readonly entries = new Map<K, Kept>();

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, stamp: readonly unknown[], build: () => Promise<CachedBody>): Promise<CachedBody> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && sameStamp(kept.stamp, stamp)) {
      if (now - kept.madeAt > this.freshMs && !kept.refreshing) this.refresh(key, kept, build);
      return kept.value;
    }
    if (!kept && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry: Kept = { stamp, madeAt: now, value: build(), refreshing: false };
    this.entries.set(key, entry);
    entry.value.then(
      (made) => {
        entry.made = made;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /**
   * The kept answer when it is already made under the same stamp, without waiting (refreshed in the
   * background past `freshMs`, as get does); undefined when a request has to wait for one.
   */
  peek(key: K, stamp: readonly unknown[], build: () => Promise<CachedBody>): CachedBody | undefined {
    const kept = this.entries.get(key);
    if (!kept?.made || !sameStamp(kept.stamp, stamp)) return undefined;
    if (Date.now() - kept.madeAt > this.freshMs && !kept.refreshing) this.refresh(key, kept, build);
    return kept.made;
  }

  private refresh(key: K, kept: Kept, build: () => Promise<CachedBody>) {
    kept.refreshing = true;
    const startedAt = Date.now();
    Promise.all([kept.value, build()])
      .then(([old, fresh]) => {
        if (this.entries.get(key) !== kept) return;
        kept.madeAt = startedAt;
        if (fresh.etag !== old.etag) {
          kept.value = Promise.resolve(fresh);
          kept.made = fresh;
        }
      })
      // A failed rebuild (the database away) keeps the last answer; the next request tries again.
      .catch(() => undefined)
      .finally(() => {
        kept.refreshing = false;
      });
  }

  clear(): void {
    this.entries.clear();
  }
}
