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
    reads.push([...ids].sort());
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

  const make = (readKeys: (db: unknown, ids: number[]) => Promise<Map<number, string>>, activeMs?: number) =>
    new VersionChecks<unknown>(readKeys, { freshMs: 1000, maxIds: 100, generation: () => generation, activeMs });

  it('reads an item asked for the first time, then answers from one check a second for every item, without a read per request', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys);
    expect(await checks.key(null, 1)).toBe('10');
    expect(await checks.key(null, 2)).toBe('20');
    expect(reads).toEqual([[1], [2]]);
    for (let i = 0; i < 100; i++) await checks.key(null, i % 2 ? 1 : 2);
    expect(reads).toHaveLength(2);

    // Written elsewhere: not seen within half a second, seen once a background check of both has run.
    versions.set(1, 11);
    vi.setSystemTime(400);
    expect(await checks.key(null, 1)).toBe('10');
    expect(checks.peek(1)).toBe('10');
    expect(reads).toHaveLength(2);
    vi.setSystemTime(600);
    expect(await checks.key(null, 1)).toBe('10');
    expect(checks.peek(2)).toBe('20');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([[1], [2], [1, 2]]);
    expect(await checks.key(null, 1)).toBe('11');
    expect(checks.peek(1)).toBe('11');
  });

  it('past a second without a check, requests wait for one, shared (peek sends them to the read)', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys);
    await checks.key(null, 1);
    expect(checks.peek(1)).toBe('10');
    versions.set(1, 12);
    vi.setSystemTime(5000);
    expect(checks.peek(1)).toBeUndefined();
    const waiting = [checks.key(null, 1), checks.key(null, 1)];
    vi.setSystemTime(5003);
    waiting.push(checks.key(null, 1));
    expect(await Promise.all(waiting)).toEqual(['12', '12', '12']);
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

  it('checks only the items asked for lately; one not asked for a while has its own read again', async () => {
    const { versions, reads, readKeys } = fakeDatabase();
    const checks = make(readKeys, 10_000);
    await checks.key(null, 1);
    await checks.key(null, 2);
    for (let t = 600; t <= 20_000; t += 600) {
      vi.setSystemTime(t);
      await checks.key(null, 1);
      await vi.advanceTimersByTimeAsync(0);
    }
    // Item 2 was last asked at 0: the checks after 10 s read item 1 only.
    expect(reads.at(-1)).toEqual([1]);
    versions.set(2, 21);
    const before = reads.length;
    expect(await checks.key(null, 2)).toBe('21');
    expect(reads.length).toBeGreaterThan(before);
  });

  it('a failed check fails the requests waiting for it, and the next request reads again', async () => {
    const { reads, readKeys } = fakeDatabase();
    let fail = false;
    const checks = make(async (db, ids) => {
      if (fail) throw new Error('database away');
      return readKeys(db, ids);
    });
    await checks.key(null, 1);
    fail = true;
    vi.setSystemTime(4000);
    await expect(checks.key(null, 1)).rejects.toThrow('database away');
    fail = false;
    vi.setSystemTime(4001);
    expect(await checks.key(null, 1)).toBe('10');
    expect(reads).toHaveLength(2);
  });
});
