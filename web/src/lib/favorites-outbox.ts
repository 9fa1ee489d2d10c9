import { ApiError, apiRequest } from './api-client';
import { readJson, readStorage, storageKeys, writeStorage } from './storage';

/** A favourite change the server has not heard of yet: the last one per festival wins. */
type Pending = Record<string, 'add' | 'remove'>;

const read = (): Pending => {
  const raw = readJson<unknown>(storageKeys.pendingFavorites, {});
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Pending) : {};
};
const write = (pending: Pending) =>
  writeStorage(storageKeys.pendingFavorites, Object.keys(pending).length ? JSON.stringify(pending) : null);

/** Keeps a signed-in person's change made without connection, to send when it comes back. */
export function queueFavoriteChange(id: number, adding: boolean): void {
  write({ ...read(), [id]: adding ? 'add' : 'remove' });
}

export function forgetFavoriteChange(id: number): void {
  const pending = read();
  delete pending[id];
  write(pending);
}

/** The same call a toggle makes online: POST or DELETE, a DELETE's 404 counting as done. */
export function sendFavoriteChange(id: number, adding: boolean): Promise<unknown> {
  return apiRequest(`/api/favorites/${id}`, {
    method: adding ? 'POST' : 'DELETE',
    headers: { 'Content-Type': 'application/json' },
  }).catch((error: unknown) => {
    if (!adding && error instanceof ApiError && error.status === 404) {
      console.info('Favorito no existía, eliminación exitosa');
      return;
    }
    throw error;
  });
}

/** True when the change could not reach the server at all and is worth sending again later. */
export const isUnsent = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

let flushing: Promise<void> | null = null;

/**
 * Sends the changes kept offline, in order, once there is a connection and a session. A change the
 * server refuses (a festival deleted meanwhile) is dropped and logged like an online failure; one
 * that still cannot get through stays for the next time. Without a session they are dropped: they
 * belonged to the account that signed out, and the next sign-in merges the local list anyway.
 */
export function flushFavoriteChanges(): Promise<void> {
  flushing ??= (async () => {
    try {
      const pending = read();
      if (!Object.keys(pending).length) return;
      if (!readStorage(storageKeys.token)) return write({});
      for (const [id, change] of Object.entries(pending)) {
        try {
          await sendFavoriteChange(Number(id), change === 'add');
          forgetFavoriteChange(Number(id));
        } catch (error) {
          if (isUnsent(error)) return;
          forgetFavoriteChange(Number(id));
          console.warn('api_error', error);
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
