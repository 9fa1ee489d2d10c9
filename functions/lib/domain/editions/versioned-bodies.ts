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

/**
 * The keys VersionedBodies are asked for, read for every kept item at once instead of once per
 * request: a request whose item was checked less than `freshMs` ago uses the key that check read
 * and runs no SQL. Past half of `freshMs` a request starts the next check in the background (one
 * statement for every item kept, shared by all requests); past `freshMs`, or after a write made
 * through this process (`generation` moved), the request waits for a check that started after it.
 * An item asked for the first time has its own key read, as before.
 *
 * So a write made elsewhere (another instance, a script) shows on the first request that arrives
 * `freshMs` after it; a write made here shows on the next request. Keys are read before the
 * answers they label are built, as VersionedBodies requires: an older check landing after a newer
 * read only labels an answer older than its data, and the next check builds it once more.
 */
export class VersionChecks<D> {
  private readonly keys: LRUCache<number, string>;
  private checkedAt = -Infinity;
  private checkedGeneration = -1;
  private checking: { generation: number; done: Promise<void> } | undefined;
  /** Where the last request read from: where a check started without one (peek) asks. */
  private source: { database: D } | undefined;

  constructor(
    private readonly readKeys: (database: D, ids: number[]) => Promise<Map<number, string>>,
    private readonly options: { freshMs: number; maxIds: number; generation: () => number },
  ) {
    this.keys = new LRUCache({ max: options.maxIds });
  }

  async key(database: D, id: number): Promise<string> {
    this.source = { database };
    const generation = this.options.generation();
    const known = this.keys.get(id);
    if (known === undefined) {
      // The check does not know this item: its own read, as fresh as a check starting now (and
      // the first check of a process that knew nothing yet, as a cold instance's first request).
      const first = this.keys.size === 0 && this.checkedAt === -Infinity;
      const startedAt = Date.now();
      const read = (await this.readKeys(database, [id])).get(id)!;
      this.keys.set(id, read);
      if (first && this.checkedAt === -Infinity) {
        this.checkedAt = startedAt;
        this.checkedGeneration = generation;
      }
      return read;
    }
    const age = Date.now() - this.checkedAt;
    if (age > this.options.freshMs || this.checkedGeneration !== generation) {
      await this.check(database, generation);
      return this.keys.get(id) ?? known;
    }
    if (age > this.options.freshMs / 2) this.check(database, generation).catch(() => undefined);
    return known;
  }

  /**
   * The item's key when a request may use it without waiting (checked less than `freshMs` ago, no
   * write here since), starting the next check in the background when it is due, as key() does;
   * undefined when a request has to wait (key()).
   */
  peek(id: number): string | undefined {
    const known = this.keys.get(id);
    const generation = this.options.generation();
    if (known === undefined || !this.source || this.checkedGeneration !== generation) return undefined;
    const age = Date.now() - this.checkedAt;
    if (age > this.options.freshMs) return undefined;
    if (age > this.options.freshMs / 2) this.check(this.source.database, generation).catch(() => undefined);
    return known;
  }

  /** One check at a time per generation: requests arriving meanwhile share it. */
  private check(database: D, generation: number): Promise<void> {
    if (this.checking?.generation === generation) return this.checking.done;
    const startedAt = Date.now();
    // Least recently asked first, so that setting the keys read keeps the order they were asked in.
    const ids = [...this.keys.rkeys()];
    const entry = {
      generation,
      done: this.readKeys(database, ids).then((read) => {
        // A check that started before a later one landed has nothing newer to say.
        if (startedAt < this.checkedAt) return;
        for (const [id, key] of read) if (this.keys.has(id)) this.keys.set(id, key);
        this.checkedAt = startedAt;
        this.checkedGeneration = generation;
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
    this.checkedAt = -Infinity;
  }
}
