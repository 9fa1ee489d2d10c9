import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api-client';

declare global {
  interface Window {
    /**
     * The read the screen at this address needs first (the home's first page, a festival), asked
     * for by index.html's boot script right after the first paint, alongside the code
     * (web/vite.config.ts); taken over once by the code that would have asked for it. `data` is its
     * parsed body once a successful answer has arrived.
     */
    __festivalesEarly?: { url: string; response: Promise<Response>; data?: unknown } | null;
  }
}

/** Takes over index.html's early request when it asked for this very URL; null otherwise. */
export function takeEarlyRequest(url: string): Promise<unknown> | null {
  const early = window.__festivalesEarly;
  if (!early || early.url !== url) return null;
  window.__festivalesEarly = null;
  return early.response.then(readAnswer, () => {
    throw new ApiError(0, undefined, NETWORK_ERROR_MESSAGE);
  });
}

/**
 * Takes over index.html's early answer for this URL when it has already arrived (on a phone it
 * usually has: it is a few kilobytes, the code a hundred), so the screen's first render can show
 * it; undefined when it has not, or was for another URL.
 */
export function takeEarlyAnswer(url: string): unknown {
  const early = window.__festivalesEarly;
  if (!early || early.url !== url || early.data === undefined) return undefined;
  window.__festivalesEarly = null;
  return early.data;
}
