import { CACHE_NAMES, KEEP_FESTIVAL, KEEP_OFFLINE, keptOffline } from '../sw/cache-names';

/**
 * Asks the service worker to fetch and keep these same-origin URLs (web/src/sw/runtime-caching.ts).
 * The worker does the fetching, so leaving the page does not cut it short. Nothing without a worker.
 */
function keep(urls: Iterable<string>): void {
  const worker = navigator.serviceWorker?.controller;
  const list = [...new Set(urls)];
  if (worker && list.length) worker.postMessage({ type: KEEP_OFFLINE, urls: list });
}

/**
 * A favourited festival stays readable offline: its page's public reads and its picture in every
 * width and format. The worker does all of it from the festival's id (the page may be left at once);
 * a favourite added without signal is kept once the connection returns, so nothing is asked of a
 * network that is not there.
 */
export function keepFestivalOffline(id: number): void {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  if (!navigator.onLine) {
    window.addEventListener('online', () => keepFestivalOffline(id), { once: true });
    return;
  }
  worker.postMessage({ type: KEEP_FESTIVAL, id });
}

/**
 * Right after the first service worker takes control: the public reads and pictures this page
 * loaded before it existed are fetched once more through it, so the first visit is there offline.
 */
export function keepWhatThisPageRead(): void {
  keep(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && keptOffline(url.pathname))
      .map((url) => url.pathname + url.search),
  );
}

/** When a session ends: nothing read while signed in stays on the device. */
export function forgetOfflineReads(): void {
  if ('caches' in window) void caches.delete(CACHE_NAMES.api).catch(() => undefined);
}

/**
 * When a session ends: this browser stops receiving the person's push alerts. Unsubscribing here
 * makes the push service forget the endpoint (the server drops it at the next send), and the next
 * person who turns alerts on gets a new one.
 */
export function forgetPushSubscription(): void {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
