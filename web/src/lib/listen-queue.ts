import { useSyncExternalStore } from 'react';

/**
 * 'Escuchar el cartel': the artists queued to listen to, one after another, kept for the tab
 * (sessionStorage) so the queue and its place survive moving around the site, and a reload.
 */
export interface ListenQueue {
  /** What is being listened to: 'Cartel de Sónar', 'Sónar · Mi horario'. */
  title: string;
  items: { artistId: number; name: string }[];
  index: number;
}

const KEY = 'listenQueue';
const listeners = new Set<() => void>();

function readQueue(): ListenQueue | null {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as ListenQueue | null;
    return parsed && Array.isArray(parsed.items) && parsed.items[parsed.index] ? parsed : null;
  } catch {
    return null;
  }
}

let queue: ListenQueue | null | undefined;

/** Starts a queue (or moves in it, or ends it with null). */
export function setListenQueue(next: ListenQueue | null): void {
  queue = next;
  try {
    if (next) window.sessionStorage.setItem(KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: the queue still plays for this page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => (queue === undefined ? (queue = readQueue()) : queue);

/** The queue being listened to, or null. */
export const useListenQueue = () => useSyncExternalStore(subscribe, current, () => null);
