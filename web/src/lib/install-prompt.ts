import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types): kept until the person uses it. */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Starts listening for the browser's install offer. Called by the service worker registration
 * (features/pwa), which loads right after the first paint: the browser makes the offer only once a
 * worker controls the page, so the listener is in place before it can come.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away: 'Instalar app' in the menu offers it instead.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
}

/** Shows the browser's install dialog; the offer is spent whatever the answer. */
export async function installApp(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  notify();
  await current.prompt();
  await current.userChoice.catch(() => undefined);
}

/** True while the browser offers to install the site (Chromium; Safari and Firefox never do). */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== null,
    () => false,
  );
}
