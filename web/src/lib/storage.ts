/** localStorage keys, read defensively (private browsing may refuse storage). */
export const storageKeys = {
  token: 'google_token',
  favorites: 'favoriteFestivals',
  legacyFavorites: 'favorites',
  cookieConsent: 'cookie-consent',
  /** Favourite changes made offline while signed in, not yet on the server (lib/favorites-outbox.ts). */
  pendingFavorites: 'favoritesPendingSync',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the in-memory state still works for this visit.
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = readStorage(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
