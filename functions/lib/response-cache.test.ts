import { describe, expect, it } from 'vitest';
import { SharedReads, VersionedListCache, type ListPage } from './response-cache';

const page = (label: string): ListPage<string> => ({ items: [label], body: JSON.stringify([label]), total: 1 });

describe('VersionedListCache', () => {
  it('reuses a page while the version is unchanged and reloads when it moves', async () => {
    const cache = new VersionedListCache<string>();
    let loads = 0;
    const load = (label: string) => async () => {
      loads += 1;
      return page(label);
    };
    expect((await cache.get('1:200:0', 3, load('a'))).items).toEqual(['a']);
    expect((await cache.get('1:200:0', 3, load('b'))).items).toEqual(['a']);
    expect((await cache.get('1:200:0', 4, load('c'))).items).toEqual(['c']);
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    const cache = new VersionedListCache<string>();
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return page('x');
    };
    await Promise.all([cache.get('k', 1, slow), cache.get('k', 1, slow), cache.get('k', 1, slow)]);
    expect(loads).toBe(1);
    await expect(cache.get('f', 1, () => Promise.reject(new Error('caída')))).rejects.toThrow('caída');
    expect((await cache.get('f', 1, async () => page('ok'))).items).toEqual(['ok']);
  });

  it('does not let a request that read an older version replace a newer page', async () => {
    const cache = new VersionedListCache<string>();
    await cache.get('k', 5, async () => page('new'));
    expect((await cache.get('k', 4, async () => page('old'))).items).toEqual(['old']);
    expect((await cache.get('k', 5, async () => page('unused'))).items).toEqual(['new']);
  });

  it('expires pages after its TTL', async () => {
    const cache = new VersionedListCache<string>(0);
    await cache.get('k', 1, async () => page('a'));
    expect((await cache.get('k', 1, async () => page('b'))).items).toEqual(['b']);
  });
});

describe('SharedReads', () => {
  it('shares a read in flight, but not one that started before a local write', async () => {
    const reads = new SharedReads<number>();
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      calls += 1;
      await gate;
      return calls;
    };
    const first = reads.read('1', load);
    const shared = reads.read('1', load);
    reads.written();
    const after = reads.read('1', load);
    release();
    expect(await first).toBe(2);
    expect(await shared).toBe(2);
    expect(await after).toBe(2);
    expect(calls).toBe(2);
    // Nothing is kept once the reads are done.
    expect(await reads.read('1', async () => 99)).toBe(99);
  });
});
