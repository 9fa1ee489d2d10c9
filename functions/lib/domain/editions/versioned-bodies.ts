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

  clear(): void {
    this.kept.clear();
    this.building.clear();
  }
}
