import { Workbox } from 'workbox-window';
import { listenForInstallOffer } from '../../lib/install-prompt';
import { keepWhatThisPageRead } from '../../lib/offline-cache';

/** How often an open tab asks whether a new build is out (the browser also does on each full load). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

type UpdateListener = (applyUpdate: () => void) => void;

/**
 * Registers /sw.js (web/src/sw) once the page has loaded, so its precache download never competes
 * with the first paint. `onUpdate` is called when a new build's worker is installed and waiting;
 * calling `applyUpdate` lets it take over. Every open tab then reloads onto the new build
 * (controllerchange), so none keeps running old code against the new worker's files.
 */
let registered = false;

export function registerServiceWorker(onUpdate: UpdateListener): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  listenForInstallOffer();
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => onUpdate(() => wb.messageSkipWaiting()));

  // The first worker of a site takes control without a reload (it serves the same build the page
  // runs), and what the page read before it was there is asked again through it, to be kept. Only
  // a change from one worker to another means a new build.
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) {
      keepWhatThisPageRead();
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  const start = () => {
    void wb.register().catch((error: unknown) => console.warn('No se pudo registrar el service worker', error));
    const check = () => void wb.update().catch(() => undefined);
    window.setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
