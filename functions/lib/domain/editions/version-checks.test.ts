import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionChecks } from './versioned-bodies';

/** A database of version keys by id, counting the statements read against it. */
function fakeDatabase() {
  const versions = new Map<number, number>([
    [1, 10],
    [2, 20],
  ]);
  const reads: number[][] = [];
  const readKeys = async (_db: unknown, ids: number[]) => {
    reads.push(ids);
    return new Map(ids.map((id) => [id, String(versions.get(id) ?? 0)]));
  };
  return { versions, reads, readKeys };
}

describe('VersionChecks', () => {
  let generation = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    generation = 0;
  });
  afterEach(() => vi.useRealTimers());

  const make = (readKeys: (db: unknown, ids: number[]) => Promise<Map<number, string>>) =>
    new VersionChecks<unknown>(readKeys, { freshMs: 1000, maxIds: 100, generation: () => generation });

  it('reads an item asked for the first time, then answers from one check a second for every item, without a read per request', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys);
    expect(await checks.key(null, 1)).toBe('10');
    expect(await checks.key(null, 2)).toBe('20');
    expect(reads).toEqual([[1], [2]]);
    // The first read of a process counts as its first check: no statement per request after it.
    for (let i = 0; i < 100; i++) await checks.key(null, i % 2 ? 1 : 2);
    expect(reads).toHaveLength(2);
    // Past half a second one background check reads both.
    vi.setSystemTime(501);
    await checks.key(null, 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(3);
    expect(reads[2].sort()).toEqual([1, 2]);

    // Written elsewhere: not seen before half a second, seen once a background check has run.
    versions.set(1, 11);
    vi.setSystemTime(900);
    expect(await checks.key(null, 1)).toBe('10');
    expect(checks.peek(1)).toBe('10');
    expect(reads).toHaveLength(3);
    vi.setSystemTime(1100);
    expect(await checks.key(null, 1)).toBe('10');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(4);
    expect(await checks.key(null, 1)).toBe('11');
    expect(checks.peek(1)).toBe('11');
  });

  it('past a second without a check, a request waits for one (peek sends it to the read)', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys);
    await checks.key(null, 1);
    expect(checks.peek(1)).toBe('10');
    versions.set(1, 12);
    vi.setSystemTime(5000);
    expect(checks.peek(1)).toBeUndefined();
    expect(await checks.key(null, 1)).toBe('12');
    expect(reads).toHaveLength(2);
  });

  it('after a write made in this process the next request waits for a new check', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys);
    await checks.key(null, 1);
    expect(checks.peek(1)).toBe('10');
    versions.set(1, 13);
    generation += 1;
    expect(checks.peek(1)).toBeUndefined();
    expect(await checks.key(null, 1)).toBe('13');
    expect(reads).toHaveLength(2);
    expect(checks.peek(1)).toBe('13');
  });

  it('requests waiting for a check share it; a failed check fails them and the next request reads again', async () => {
    const { reads, readKeys } = fakeDatabase();
    let fail = false;
    const checks = make(async (db, ids) => {
      if (fail) throw new Error('database away');
      return readKeys(db, ids);
    });
    await checks.key(null, 1);
    vi.setSystemTime(2000);
    await Promise.all([checks.key(null, 1), checks.key(null, 1), checks.key(null, 1)]);
    expect(reads).toHaveLength(2);
    fail = true;
    vi.setSystemTime(4000);
    await expect(checks.key(null, 1)).rejects.toThrow('database away');
    fail = false;
    expect(await checks.key(null, 1)).toBe('10');
  });
});
