import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useToast } from '../components/toast/toast-provider';
import { apiRequest, ApiError } from './api-client';
import { onSessionEnded, onSignedIn, useAuth } from './auth';
import { keepFestivalOffline } from './offline-cache';
import { PICKS_PREFIX, readJson, readStorage, storageKeys, storedKeys, writeStorage } from './storage';
import { useLatest } from './use-latest';

interface FavoritesContextValue {
  ids: number[];
  isFavorite: (id: number) => boolean;
  toggleFavorite: (id: number) => Promise<void>;
}

const outbox = () => import('./favorites-outbox');

const FavoritesContext = createContext<FavoritesContextValue | null>(null);

/** Local ids are strings under favoriteFestivals (`favorites` is an older name). */
function readLocal(): number[] {
  const raw = readJson<unknown>(storageKeys.favorites, null) ?? readJson<unknown>(storageKeys.legacyFavorites, []);
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
}

function writeLocal(ids: number[]) {
  writeStorage(storageKeys.favorites, JSON.stringify(ids.map(String)));
}

/** The question before favourites kept on this device (maybe by someone else) join the account. */
export const mergeFavoritesQuestion = (count: number) =>
  count === 1
    ? '¿Añadir el favorito guardado en este dispositivo a tu cuenta?'
    : `¿Añadir los ${count} favoritos guardados en este dispositivo a tu cuenta?`;

/** The same question for 'Mi horario' picks made on this device while signed out. */
export const mergePicksQuestion = (count: number) =>
  count === 1
    ? '¿Añadir el horario guardado en este dispositivo a tu cuenta?'
    : `¿Añadir los ${count} horarios guardados en este dispositivo a tu cuenta?`;

/** Timetable picks made signed out and not sent (features/timetable/lib/picks-store.ts): kept, or dropped if declined. */
function settleDevicePicks(): void {
  const unsent = storedKeys(PICKS_PREFIX).filter((key) => readJson<{ unsynced?: boolean }>(key, {}).unsynced === true);
  if (unsent.length && !window.confirm(mergePicksQuestion(unsent.length)))
    for (const key of unsent) writeStorage(key, null);
}

/** GET /api/favorites: a non-array answer counts as empty; 401 gives an empty list. */
export async function fetchServerFavorites(): Promise<number[]> {
  try {
    const data = await apiRequest<unknown>('/api/favorites');
    return Array.isArray(data) ? data.map(Number).filter(Number.isSafeInteger) : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      console.warn('Token no válido o expirado');
      return [];
    }
    throw error;
  }
}

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const { user, token } = useAuth();
  const [ids, setIds] = useState<number[]>(readLocal);
  const idsRef = useLatest(ids);
  const session = useLatest({ user, token });

  // At sign-in the server's favourites are fetched and saved locally. Favourites kept on the device
  // (made signed out, perhaps by someone else on a shared browser) join the account only if the
  // person says so; otherwise the device keeps the account's list alone.
  useEffect(
    () =>
      onSignedIn(async () => {
        settleDevicePicks();
        try {
          const server = await fetchServerFavorites();
          const missing = idsRef.current.filter((id) => !server.includes(id));
          let merged = server;
          if (missing.length && window.confirm(mergeFavoritesQuestion(missing.length))) {
            merged = [...server, ...missing];
            await apiRequest('/api/favorites/sync', { method: 'POST', body: { favorites: merged, overwrite: false } });
          }
          writeLocal(merged);
          setIds(merged);
          idsRef.current = merged;
        } catch (error) {
          console.warn('No se pudieron sincronizar los favoritos', error);
        }
      }),
    [idsRef],
  );

  // A session that ends takes its favourites with it (auth.tsx forgets them on the device).
  useEffect(
    () =>
      onSessionEnded(() => {
        setIds([]);
        idsRef.current = [];
      }),
    [idsRef],
  );

  // Changes made without connection reach the server when it comes back (or at the next start).
  useEffect(() => {
    // Loaded only when there is something to send: it stays out of the first load.
    const flush = () => {
      if (readStorage(storageKeys.pendingFavorites)) void outbox().then((o) => o.flushFavoriteChanges());
    };
    if (navigator.onLine) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);

  const toggleFavorite = useCallback(
    async (id: number) => {
      const previous = idsRef.current;
      const adding = !previous.includes(id);
      const next = adding ? [...previous, id] : previous.filter((f) => f !== id);
      try {
        // Local first, the server after.
        writeLocal(next);
        setIds(next);
        idsRef.current = next;
        toast(adding ? 'Festival añadido a favoritos' : 'Festival eliminado de favoritos', 'success');
      } catch (error) {
        // Only an unexpected local error reverts the change.
        writeLocal(previous);
        setIds(previous);
        toast('Error al gestionar favorito', 'error');
        console.error(error);
        return;
      }
      if (adding) keepFestivalOffline(id);
      const { user: currentUser, token: currentToken } = session.current;
      if (!currentToken || !readStorage(storageKeys.token)) return;
      // Signed in but offline (the profile could not be checked, so no user yet): kept for later.
      const changes = await outbox();
      if (!currentUser || !navigator.onLine) {
        changes.queueFavoriteChange(id, adding);
        return;
      }
      try {
        await changes.sendFavoriteChange(id, adding);
        changes.forgetFavoriteChange(id);
      } catch (error) {
        // A server failure keeps the local change; it is only logged. One that never
        // reached the server is sent again when the connection returns.
        if (changes.isUnsent(error)) changes.queueFavoriteChange(id, adding);
        console.warn('api_error', error);
      }
    },
    [idsRef, session, toast],
  );

  const value = useMemo<FavoritesContextValue>(
    () => ({ ids, isFavorite: (id) => ids.includes(id), toggleFavorite }),
    [ids, toggleFavorite],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): FavoritesContextValue {
  const ctx = useContext(FavoritesContext);
  if (!ctx) throw new Error('useFavorites must be used inside FavoritesProvider');
  return ctx;
}
