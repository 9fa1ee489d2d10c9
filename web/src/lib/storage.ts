/** localStorage keys, read defensively (private browsing may refuse storage). */
export const storageKeys = {
  token: 'google_token',
  favorites: 'favoriteFestivals',
  legacyFavorites: 'favorites',
  cookieConsent: 'cookie-consent',
  /** Favourite changes made offline while signed in, not yet on the server (lib/favorites-outbox.ts). */
  pendingFavorites: 'favoritesPendingSync',
  /** 'Voy' / 'Me interesa' per festival id (lib/attendance.tsx). */
  attendance: 'festivalAttendance',
  /** 'No me interesa' said without a session: festival ids 'Para ti' leaves out (features/discover). */
  dismissedRecommendations: 'dismissedRecommendations',
  /** The last 'Cerca de' place chosen ({label, lat, lon}): 'Para ti' ranks festivals near it higher. */
  lastNearPlace: 'lastNearPlace',
} as const;

/** 'Mi horario' picks of one festival kept on the device: `timetable:<festival id>` (features/timetable/lib/picks-store.ts). */
export const PICKS_PREFIX = 'timetable:';

/** A plan with friends kept for offline use: `plan:<plan id>` (features/plans/lib/kept-plan.ts). */
export const PLAN_PREFIX = 'plan:';

/** The keys stored under a prefix. */
export function storedKeys(prefix: string): string[] {
  try {
    return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

/**
 * What one person keeps on this device: favourites, favourite changes not sent yet, 'Voy' / 'Me
 * interesa', timetable picks and plans kept for offline use. Forgotten whenever a session ends, however it ends, so the next person on the same browser
 * starts with none of it.
 */
export function forgetPersonalData(): void {
  for (const key of [
    storageKeys.favorites,
    storageKeys.legacyFavorites,
    storageKeys.pendingFavorites,
    storageKeys.attendance,
    storageKeys.dismissedRecommendations,
    storageKeys.lastNearPlace,
    ...storedKeys(PICKS_PREFIX),
    ...storedKeys(PLAN_PREFIX),
  ])
    writeStorage(key, null);
}

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
