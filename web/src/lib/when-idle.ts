/**
 * Runs `task` when the browser is next idle, and at the latest after `timeout` ms; where there is no
 * requestIdleCallback (Safari), after `fallbackMs`. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 1000, fallbackMs = 200): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(id);
}
