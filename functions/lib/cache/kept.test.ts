import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client';
import { derived, FRESH_MS, kept, OUTAGE_RETRY_MS } from './kept';
import { written } from './written';

/*
 * The one freshness rule of kept answers, with loads of our own: what the database would answer is
 * a value the test moves (`state`), and every load and stamp read is counted.
 */
const database = {} as Database;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

function source(initial = 'v1') {
  const counts = { stamps: 0, loads: 0 };
  const state = { value: initial, version: 1, down: false, loadDelayMs: 0 };
  const answers = kept<number, string>({
    madeOf: ['comment'],
    keyedBy: 'festival',
    maxBytes: 1024,
    sizeOf: (value) => value.length,
    stamp: async () => {
      counts.stamps += 1;
      if (state.down) throw refused();
      return state.version;
    },
    load: async (id) => {
      counts.loads += 1;
      const value = `${state.value}#${id}`;
      if (state.loadDelayMs) await sleep(state.loadDelayMs);
      return value;
    },
  });
  return { answers, counts, state };
}

describe('kept answers', () => {
  it('share one load between requests asked for at once', async () => {
    const { answers, counts, state } = source();
    state.loadDelayMs = 20;
    const all = await Promise.all(Array.from({ length: 10 }, () => answers.get(1, database)));
    expect(new Set(all)).toEqual(new Set(['v1#1']));
    expect(counts.loads).toBe(1);
  });

  it('are served without reading anything while fresh', async () => {
    const { answers, counts } = source();
    await answers.get(1, database);
    for (let i = 0; i < 5; i++) expect(await answers.get(1, database)).toBe('v1#1');
    expect(counts).toEqual({ stamps: 1, loads: 1 });
  });

  it('past their second, are served at once while one check reads the stamp; a moved stamp gives the new answer next', async () => {
    const { answers, counts, state } = source();
    await answers.get(1, database);
    state.value = 'v2';
    state.version = 2;
    await sleep(FRESH_MS + 50);
    // The kept answer, at once: the check runs in the background.
    expect(await answers.get(1, database)).toBe('v1#1');
    await sleep(10);
    expect(await answers.get(1, database)).toBe('v2#1');
    expect(counts.loads).toBe(2);
  });

  it('keep the answer they have when the stamp did not move', async () => {
    const { answers, counts } = source();
    await answers.get(1, database);
    await sleep(FRESH_MS + 50);
    await answers.get(1, database);
    await sleep(10);
    expect(await answers.get(1, database)).toBe('v1#1');
    expect(counts).toEqual({ stamps: 2, loads: 1 });
  });

  it("show a write announced by this process on the next request, and not another item's", async () => {
    const { answers, counts, state } = source();
    await answers.get(1, database);
    await answers.get(2, database);
    state.value = 'v2';
    state.version = 2;
    written('comment', 1);
    expect(await answers.get(1, database)).toBe('v2#1');
    expect(await answers.get(2, database)).toBe('v1#2');
    expect(counts.loads).toBe(3);
  });

  it('never take a load that started before a write for one that shows it', async () => {
    const { answers, state } = source();
    await answers.get(1, database);
    await sleep(FRESH_MS + 50);
    state.loadDelayMs = 50;
    // A background check starts with the old rows...
    expect(await answers.get(1, database)).toBe('v1#1');
    state.value = 'v2';
    state.version = 2;
    written('comment', 1);
    // ...and the request after the write waits for a load of its own.
    expect(await answers.get(1, database)).toBe('v2#1');
  });

  it('serve the last good answer while the database is down, and the load’s own error when there is none', async () => {
    const { answers, state } = source();
    await answers.get(1, database);
    state.down = true;
    written('comment', 1);
    const started = performance.now();
    expect(await answers.get(1, database)).toBe('v1#1');
    expect(performance.now() - started).toBeLessThan(OUTAGE_RETRY_MS);
    await expect(answers.get(3, database)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    state.down = false;
    await sleep(OUTAGE_RETRY_MS + 50);
    state.value = 'v3';
    state.version = 3;
    written('comment', 1);
    expect(await answers.get(1, database)).toBe('v3#1');
  });

  it('with refresh, wait for a load that started after the request', async () => {
    const { answers, counts, state } = source();
    await answers.get(1, database);
    state.value = 'v2';
    state.version = 2;
    expect(await answers.get(1, database)).toBe('v1#1');
    expect(await answers.get(1, database, { refresh: true })).toBe('v2#1');
    expect(counts.loads).toBe(2);
  });

  it('stay within their bound in bytes, least recently used out first', async () => {
    const { answers, counts } = source('x'.repeat(300));
    for (const id of [1, 2, 3]) await answers.get(id, database);
    await answers.get(1, database);
    // A fourth answer of about 300 bytes pushes out the least recently used (2), not 1.
    await answers.get(4, database);
    const loadsBefore = counts.loads;
    await answers.get(1, database);
    expect(counts.loads).toBe(loadsBefore);
    await answers.get(2, database);
    expect(counts.loads).toBe(loadsBefore + 1);
  });
});

describe('derived answers', () => {
  it('are made once per value they come from, not kept below their size, and go with that value', () => {
    const bodies = derived<string>({ maxBytes: 100, sizeOf: (body) => body.length });
    const first = {};
    let made = 0;
    const make = (text: string) => () => {
      made += 1;
      return text;
    };
    expect(bodies.get(first, 'page', make('1234567890'))).toBe('1234567890');
    expect(bodies.get(first, 'page', make('other'))).toBe('1234567890');
    expect(made).toBe(1);
    // Another catalogue: another answer, whatever the key.
    expect(bodies.get({}, 'page', make('abc'))).toBe('abc');
    // Small answers are made again rather than kept.
    bodies.get(first, 'small', make('x'), { minBytes: 5 });
    expect(bodies.has(first, 'small')).toBe(false);
    expect(bodies.stats().calculatedSize).toBeLessThanOrEqual(100);
  });
});
