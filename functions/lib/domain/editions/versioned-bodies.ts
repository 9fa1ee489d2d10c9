import { LRUCache } from 'lru-cache';

/**
 * Answers built once and kept per item (a festival's editions, an artist's page, a user's feed)
 * under the key of the state they were built from: the version numbers that triggers move on
 * every write to the rows behind them (migration lineup-versions), read with one primary-key
 * lookup per request. A request whose key matches gets the kept answer; another key builds it
 * again and replaces it. Requests for the same item and key while it is being built share that
 * build; a failed build is not kept. Bounded by size, least recently used out.
 *
 * Callers read the key before building, so an answer is never labelled newer than its data: a
 * write landing in between leaves it labelled older, and the next request builds it once more.
 */
export class VersionedBodies<V> {
  private readonly kept: LRUCache<number, { key: string; value: V }>;
  private readonly building = new Map<number, { key: string; value: Promise<V> }>();

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) });
  }

  get(id: number, key: string, build: () => Promise<V>): Promise<V> {
    const hit = this.kept.get(id);
    if (hit?.key === key) return Promise.resolve(hit.value);
    const pending = this.building.get(id);
    if (pending?.key === key) return pending.value;
    const entry = { key, value: build() };
    this.building.set(id, entry);
    const settle = (keep: boolean) => (value?: V) => {
      if (this.building.get(id) !== entry) return;
      this.building.delete(id);
      if (keep) this.kept.set(id, { key, value: value as V });
    };
    entry.value.then(settle(true), settle(false));
    return entry.value;
  }

  /** The answer kept for the item under that key, without building anything (undefined when there is none). */
  peek(id: number, key: string): V | undefined {
    const hit = this.kept.get(id);
    return hit?.key === key ? hit.value : undefined;
  }

  clear(): void {
    this.kept.clear();
    this.building.clear();
  }
}

/** An item's last key, when the read that gave it started and under which write generation. */
interface CheckedKey {
  key: string;
  readAt: number;
  generation: number;
  askedAt: number;
}

/**
 * The keys VersionedBodies are asked for, read for every item asked for lately at once instead of
 * once per request: a request whose item's key was read less than `freshMs` ago uses it and runs no
 * SQL. Past half of `freshMs` a request starts the next check in the background (one statement for
 * every item asked for in the last `activeMs`, shared by all requests); past `freshMs`, or after a
 * write made through this process (`generation` moved), the request waits for a check that
 * started after it. An item asked for the first time, or not for a while, has its own key read.
 *
 * So a write made elsewhere (another instance, a script) shows on the first request that arrives
 * `freshMs` after it; a write made here shows on the next request. Keys are read before the
 * answers they label are built, as VersionedBodies requires: an older check landing after a newer
 * read only labels an answer older than its data, and the next check builds it once more.
 */
export class VersionChecks<D> {
  private readonly keys: LRUCache<number, CheckedKey>;
  private checking: { generation: number; startedAt: number; done: Promise<void> } | undefined;
  /** Where the last request read from: where a check started without one (peek) asks. */
  private source: { database: D } | undefined;

  constructor(
    private readonly readKeys: (database: D, ids: number[]) => Promise<Map<number, string>>,
    private readonly options: { freshMs: number; maxIds: number; generation: () => number; activeMs?: number },
  ) {
    this.keys = new LRUCache({ max: options.maxIds });
  }

  async key(database: D, id: number): Promise<string> {
    this.source = { database };
    const now = Date.now();
    const generation = this.options.generation();
    const known = this.keys.get(id);
    if (known) {
      known.askedAt = now;
      if (this.usable(known, now, generation)) return known.key;
      // Stale, or written here since: wait for a check started less than `freshMs` ago (shared
      // with the requests that arrive meanwhile) under this generation.
      const since = now - this.options.freshMs;
      await this.check(database, generation, since);
      const checked = this.keys.get(id);
      if (checked && checked.generation === generation && checked.readAt >= since) return checked.key;
    }
    // Not known, or not in the check: its own read, as fresh as a check starting now.
    const readAt = Date.now();
    const key = (await this.readKeys(database, [id])).get(id)!;
    const entry = this.keys.get(id);
    if (!entry || entry.readAt <= readAt) this.keys.set(id, { key, readAt, generation, askedAt: readAt });
    return key;
  }

  /**
   * The item's key when a request may use it without waiting (read less than `freshMs` ago, no
   * write here since), starting the next check in the background when it is due, as key() does;
   * undefined when a request has to wait (key()).
   */
  peek(id: number): string | undefined {
    const known = this.keys.get(id);
    if (!known) return undefined;
    const now = Date.now();
    known.askedAt = now;
    return this.usable(known, now, this.options.generation()) ? known.key : undefined;
  }

  /** Whether a key may answer now; past half its life, the next check starts in the background. */
  private usable(entry: CheckedKey, now: number, generation: number): boolean {
    const age = now - entry.readAt;
    if (entry.generation !== generation || age > this.options.freshMs) return false;
    if (age > this.options.freshMs / 2 && this.source)
      this.check(this.source.database, generation, now - this.options.freshMs / 2).catch(() => undefined);
    return true;
  }

  /**
   * One statement reading every item asked for within `activeMs`; a check of the same generation
   * that started at or after `since` is shared instead of starting another.
   */
  private check(database: D, generation: number, since: number): Promise<void> {
    if (this.checking && this.checking.generation === generation && this.checking.startedAt >= since)
      return this.checking.done;
    const startedAt = Date.now();
    const activeSince = startedAt - (this.options.activeMs ?? 60_000);
    const ids: number[] = [];
    for (const [id, entry] of this.keys.entries()) if (entry.askedAt >= activeSince) ids.push(id);
    const entry = {
      generation,
      startedAt,
      done:
        ids.length === 0
          ? Promise.resolve()
          : this.readKeys(database, ids).then((read) => {
              for (const [id, key] of read) {
                const kept = this.keys.peek(id);
                // A read that started later (an item's own) has nothing older to learn from this one.
                if (kept && kept.readAt <= startedAt) Object.assign(kept, { key, readAt: startedAt, generation });
              }
            }),
    };
    this.checking = entry;
    const done = () => {
      if (this.checking === entry) this.checking = undefined;
    };
    entry.done.then(done, done);
    return entry.done;
  }

  clear(): void {
    this.keys.clear();
  }
}
