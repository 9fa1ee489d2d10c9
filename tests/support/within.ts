import { FRESH_MS } from '../../functions/lib/cache/kept';

/**
 * How long a change written straight to the database (as another process would, without telling
 * this one) may take to show on a kept answer: the freshness of functions/lib/cache/kept.ts, plus
 * the load that follows it and a margin for a busy machine.
 */
export const ELSEWHERE_BOUND_MS = FRESH_MS + 1000;

/** Reads until `shows` holds, and returns that read; fails past the bound. */
export async function within<T>(read: () => Promise<T>, shows: (value: T) => boolean, boundMs = ELSEWHERE_BOUND_MS) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (shows(value)) return value;
    if (Date.now() - started > boundMs) throw new Error(`not shown within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
