import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../components/toast/toast-provider';
import { apiRequest, ApiError } from './api-client';
import { onSignedIn, useAuth } from './auth';
import { readJson, readStorage, storageKeys, writeStorage } from './storage';

interface FavoritesContextValue {
  ids: number[];
  isFavorite: (id: number) => boolean;
  toggleFavorite: (id: number) => Promise<void>;
}

const FavoritesContext = createContext<FavoritesContextValue | null>(null);

/** Local ids are strings under favoriteFestivals (spec §3; `favorites` is an older name). */
function readLocal(): number[] {
  const raw = readJson<unknown>(storageKeys.favorites, null) ?? readJson<unknown>(storageKeys.legacyFavorites, []);
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
}

function writeLocal(ids: number[]) {
  writeStorage(storageKeys.favorites, JSON.stringify(ids.map(String)));
}

/** GET /api/favorites: a non-array answer counts as empty (spec §5); 401 gives an empty list (spec §7). */
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
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const session = useRef({ user, token });
  session.current = { user, token };

  // spec §4: at sign-in the server's favourites are fetched, merged with the local ones and saved locally.
  useEffect(
    () =>
      onSignedIn(async () => {
        try {
          const server = await fetchServerFavorites();
          const merged = [...new Set([...idsRef.current, ...server])];
          const missing = merged.filter((id) => !server.includes(id));
          if (missing.length) {
            await apiRequest('/api/favorites/sync', { method: 'POST', body: { favorites: merged, overwrite: false } });
          }
          writeLocal(merged);
          setIds(merged);
        } catch (error) {
          console.warn('No se pudieron sincronizar los favoritos', error);
        }
      }),
    [],
  );

  const toggleFavorite = useCallback(
    async (id: number) => {
      const previous = idsRef.current;
      const adding = !previous.includes(id);
      const next = adding ? [...previous, id] : previous.filter((f) => f !== id);
      try {
        // Local first (spec §4 "Favourite toggle"), the server after.
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
      const { user: currentUser, token: currentToken } = session.current;
      if (!currentUser || !currentToken || !readStorage(storageKeys.token)) return;
      try {
        await apiRequest(`/api/favorites/${id}`, { method: adding ? 'POST' : 'DELETE', headers: { 'Content-Type': 'application/json' } });
      } catch (error) {
        if (!adding && error instanceof ApiError && error.status === 404) {
          console.info('Favorito no existía, eliminación exitosa');
          return;
        }
        // A server failure keeps the local change; it is only logged (spec §4).
        console.warn('api_error', error);
      }
    },
    [toast],
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
